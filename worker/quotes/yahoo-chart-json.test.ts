import { describe, expect, it } from 'vitest'
import malformed from '../../tests/quote-fixtures/malformed/yahoo.html?raw'
import aapl from '../../tests/quote-fixtures/yahoo/AAPL.json?raw'
import thyao from '../../tests/quote-fixtures/yahoo/THYAO.IS.json?raw'
import vodafone from '../../tests/quote-fixtures/yahoo/VOD.L.json?raw'
import vwra from '../../tests/quote-fixtures/yahoo/VWRA.L.json?raw'
import { QuoteError } from './quote-error'
import { parseYahooChart, parseYahooChartCurrency } from './yahoo-chart-json'

function codeOf(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    return error instanceof QuoteError ? error.code : 'other'
  }
  return 'parsed'
}

/** A chart answer with these bars, in Yahoo Finance's shape. */
function chart(fields: { currency?: string; times: unknown[]; closes: unknown[]; hint?: number }) {
  const meta = {
    currency: fields.currency ?? 'USD',
    gmtoffset: -18000,
    priceHint: fields.hint ?? 2,
  }
  const result = {
    meta,
    timestamp: fields.times,
    indicators: { quote: [{ close: fields.closes }] },
  }
  return JSON.stringify({ chart: { result: [result], error: null } })
}

describe('parseYahooChart', () => {
  it('reads each trading day on the exchange’s date, the close at its quoted precision', () => {
    // Stamped 07:00 UTC (10:00 in Istanbul), written through a single-precision float.
    expect(thyao).toContain('1735801200')
    expect(thyao).toContain('289.75')
    expect(parseYahooChart(thyao, 'THYAO.IS', 'TRY')).toEqual([
      { symbol: 'THYAO.IS', currency: 'TRY', date: '2024-12-27', close: '283.25' },
      { symbol: 'THYAO.IS', currency: 'TRY', date: '2024-12-30', close: '281' },
      { symbol: 'THYAO.IS', currency: 'TRY', date: '2024-12-31', close: '280.75' },
      { symbol: 'THYAO.IS', currency: 'TRY', date: '2025-01-02', close: '289.75' },
      { symbol: 'THYAO.IS', currency: 'TRY', date: '2025-01-03', close: '295.5' },
      { symbol: 'THYAO.IS', currency: 'TRY', date: '2025-01-06', close: '292.25' },
      { symbol: 'THYAO.IS', currency: 'TRY', date: '2025-01-07', close: '291.5' },
    ])
    expect(aapl).toContain('255.58999633789062')
    expect(parseYahooChart(aapl, 'AAPL', 'USD').slice(0, 2)).toEqual([
      { symbol: 'AAPL', currency: 'USD', date: '2024-12-27', close: '255.59' },
      { symbol: 'AAPL', currency: 'USD', date: '2024-12-30', close: '252.2' },
    ])
  })

  it('converts a line quoted in pence to pounds, and leaves out a day without a trade', () => {
    expect(vodafone).toContain('"currency":"GBp"')
    const closes = parseYahooChart(vodafone, 'VOD.L', 'GBP')
    expect(closes.slice(0, 3)).toEqual([
      { symbol: 'VOD.L', currency: 'GBP', date: '2024-12-27', close: '0.684' },
      { symbol: 'VOD.L', currency: 'GBP', date: '2024-12-30', close: '0.6812' },
      { symbol: 'VOD.L', currency: 'GBP', date: '2025-01-02', close: '0.675' },
    ])
  })

  it('keeps the later bar of a day Yahoo Finance sends twice', () => {
    const text = chart({ times: [1736260200, 1736280000], closes: [242.1, 242.21] })
    expect(parseYahooChart(text, 'AAPL', 'USD')).toEqual([
      { symbol: 'AAPL', currency: 'USD', date: '2025-01-07', close: '242.21' },
    ])
  })

  it('answers nothing for a range without a trading day', () => {
    const text = JSON.stringify({
      chart: { result: [{ meta: { currency: 'USD', gmtoffset: -18000 } }], error: null },
    })
    expect(parseYahooChart(text, 'AAPL', 'USD')).toEqual([])
  })

  it('keeps a close as written without a price hint', () => {
    const text = JSON.stringify({
      chart: {
        result: [
          {
            meta: { currency: 'EUR', gmtoffset: 3600 },
            timestamp: [1736236800],
            indicators: { quote: [{ close: [130.9600067138672] }] },
          },
        ],
      },
    })
    expect(parseYahooChart(text, 'VWCE.DE', 'EUR')[0]?.close).toBe('130.9600067138672')
  })

  it('refuses the whole answer when it is not a chart, or not in the instrument’s currency', () => {
    expect(codeOf(() => parseYahooChart(malformed, 'AAPL', 'USD'))).toBe('bad_response')
    expect(codeOf(() => parseYahooChart('{"chart":{"result":null}}', 'AAPL', 'USD'))).toBe(
      'bad_response',
    )
    expect(codeOf(() => parseYahooChart(thyao, 'THYAO.IS', 'USD'))).toBe('bad_response')
    const short = chart({ times: [1736260200, 1736346600], closes: [242.1] })
    expect(codeOf(() => parseYahooChart(short, 'AAPL', 'USD'))).toBe('bad_response')
    const negative = chart({ times: [1736260200], closes: [-1] })
    expect(codeOf(() => parseYahooChart(negative, 'AAPL', 'USD'))).toBe('bad_response')
    const undated = chart({ times: ['yesterday'], closes: [242.1] })
    expect(codeOf(() => parseYahooChart(undated, 'AAPL', 'USD'))).toBe('bad_response')
  })
})

describe('parseYahooChartCurrency', () => {
  it('reads the currency a line is quoted in, pence as pounds', () => {
    expect(parseYahooChartCurrency(vodafone, 'VOD.L')).toBe('GBP')
    expect(parseYahooChartCurrency(vwra, 'VWRA.L')).toBe('USD')
    expect(parseYahooChartCurrency(thyao, 'THYAO.IS')).toBe('TRY')
  })

  it('refuses a chart without a currency, or what is not a chart', () => {
    expect(codeOf(() => parseYahooChartCurrency('{"chart":{"result":[{"meta":{}}]}}', 'X'))).toBe(
      'bad_response',
    )
    expect(codeOf(() => parseYahooChartCurrency(malformed, 'X'))).toBe('bad_response')
  })
})
