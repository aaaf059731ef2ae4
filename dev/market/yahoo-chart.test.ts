import { describe, expect, it } from 'vitest'
import { parseYahooChart } from '../../worker/quotes/yahoo-chart-json'
import { PRICE_SCALE } from '../demo/demo-market'
import { formatFixed } from '../demo/fixed-point'
import { demoMarketOf } from './market-series'
import { yahooChart } from './yahoo-chart'

const WEDNESDAY = '2026-03-04'
const SUNDAY = '2026-03-08'
const all = new URLSearchParams()
const seconds = (iso: string) => Date.parse(iso) / 1000

describe('yahooChart', () => {
  it.each([
    ['THYAO.IS', 'TRY', 7 * 3600],
    ['SAP.DE', 'EUR', 8 * 3600],
    ['VWCE.DE', 'EUR', 8 * 3600],
    ['GARAN.IS', 'TRY', 7 * 3600],
    ['AAPL', 'USD', 14.5 * 3600],
    ['MSFT', 'USD', 14.5 * 3600],
    ['ZZZ9.PA', 'EUR', 8 * 3600],
    ['NESN.SW', 'CHF', 8 * 3600],
    ['VOD.L', 'GBP', 8 * 3600],
  ])('answers %s in its format, a year of weekdays up to today', (symbol, currency, opens) => {
    const answer = yahooChart(symbol, all, WEDNESDAY)
    expect(answer.status).toBe(200)
    const closes = parseYahooChart(answer.body, symbol, currency)
    expect(closes.length).toBeGreaterThan(250)
    expect(closes.at(-1)?.date).toBe(WEDNESDAY)
    expect(closes[0]?.date).toBe('2025-03-04')
    expect(closes.every((close) => Number(close.close) > 0)).toBe(true)
    const dates = closes.map((close) => new Date(`${close.date}T12:00:00Z`).getUTCDay())
    expect(dates.every((day) => day >= 1 && day <= 5)).toBe(true)
    const bars = JSON.parse(answer.body).chart.result[0]
    expect(bars.timestamp.at(-1)).toBe(seconds(`${WEDNESDAY}T00:00:00Z`) + opens)
  })

  it.each([
    ['XU100.IS', 'TRY'],
    ['EUNL.DE', 'EUR'],
  ])(
    'answers the benchmark %s with five years, so any chart range compares',
    (symbol, currency) => {
      const closes = parseYahooChart(yahooChart(symbol, all, WEDNESDAY).body, symbol, currency)
      expect(closes[0]?.date).toBe('2021-03-03')
      expect(closes.at(-1)?.date).toBe(WEDNESDAY)
    },
  )

  it('ends on the Friday before a weekend', () => {
    const closes = parseYahooChart(yahooChart('THYAO.IS', all, SUNDAY).body, 'THYAO.IS', 'TRY')
    expect(closes.at(-1)?.date).toBe('2026-03-06')
  })

  it("serves the demo's closes for the demo's instruments", () => {
    const closes = parseYahooChart(yahooChart('THYAO.IS', all, WEDNESDAY).body, 'THYAO.IS', 'TRY')
    const market = demoMarketOf(WEDNESDAY)
    for (const close of closes.slice(-20)) {
      expect(close.close).toBe(formatFixed(market.close('THYAO', close.date), PRICE_SCALE))
    }
    const level = Number(closes.at(-1)?.close)
    expect(level).toBeGreaterThan(200)
    expect(level).toBeLessThan(400)
  })

  it('keeps the bars within period1..period2, and answers the meta alone without any', () => {
    const range = new URLSearchParams({
      period1: String(seconds('2026-03-01T00:00:00Z')),
      period2: String(seconds('2026-03-04T00:00:00Z')),
      interval: '1d',
    })
    const closes = parseYahooChart(yahooChart('AAPL', range, WEDNESDAY).body, 'AAPL', 'USD')
    expect(closes.map((close) => close.date)).toEqual(['2026-03-02', '2026-03-03'])
    const weekend = new URLSearchParams({
      period1: String(seconds('2026-02-28T00:00:00Z')),
      period2: String(seconds('2026-03-01T23:00:00Z')),
    })
    const empty = yahooChart('AAPL', weekend, WEDNESDAY)
    expect(JSON.parse(empty.body).chart.result[0].timestamp).toBeUndefined()
    expect(parseYahooChart(empty.body, 'AAPL', 'USD')).toEqual([])
  })

  it('is the same for the same symbol and day, and different for another symbol', () => {
    expect(yahooChart('ABCD.DE', all, WEDNESDAY).body).toBe(
      yahooChart('ABCD.DE', all, WEDNESDAY).body,
    )
    const other = parseYahooChart(yahooChart('ABCE.DE', all, WEDNESDAY).body, 'ABCE.DE', 'EUR')
    const one = parseYahooChart(yahooChart('ABCD.DE', all, WEDNESDAY).body, 'ABCD.DE', 'EUR')
    expect(one.at(-1)?.close).not.toBe(other.at(-1)?.close)
  })

  it('answers 404 as Yahoo Finance does for what is no symbol of a listed venue', () => {
    for (const symbol of ['thyao.is', 'SAP.XX', '']) {
      const answer = yahooChart(symbol, all, WEDNESDAY)
      expect(answer.status).toBe(404)
      expect(JSON.parse(answer.body).chart.error.code).toBe('Not Found')
    }
  })
})
