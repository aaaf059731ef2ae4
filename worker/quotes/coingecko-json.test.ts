import { describe, expect, it } from 'vitest'
import malformed from '../../tests/quote-fixtures/malformed/coingecko.json?raw'
import bitcoin from '../../tests/quote-fixtures/coingecko/bitcoin.json?raw'
import { parseCoinGeckoChart } from './coingecko-json'
import { QuoteError } from './quote-error'

function codeOf(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    return error instanceof QuoteError ? error.code : 'other'
  }
  return 'parsed'
}

describe('parseCoinGeckoChart', () => {
  const closes = parseCoinGeckoChart(bitcoin, 'bitcoin', 'USD')

  it('reads each 00:00 UTC point as the close of the day before, digits as published', () => {
    expect(closes[0]).toEqual({
      symbol: 'bitcoin',
      currency: 'USD',
      date: '2024-12-30',
      close: '92643.2140287161',
    })
    expect(closes.at(-1)).toEqual({
      symbol: 'bitcoin',
      currency: 'USD',
      date: '2025-01-07',
      close: '96922.7049301712',
    })
    expect(closes).toHaveLength(9)
  })

  it('leaves out the price now (not at midnight): the day has not closed', () => {
    expect(bitcoin).toContain('96512.5512')
    expect(closes.map((close) => close.close)).not.toContain('96512.5512')
  })

  it('leaves out a null price', () => {
    expect(parseCoinGeckoChart('{"prices":[[1736208000000,null]]}', 'bitcoin', 'USD')).toEqual([])
  })

  it('refuses a malformed chart, and reads an error status as what it is', () => {
    expect(codeOf(() => parseCoinGeckoChart(malformed, 'bitcoin', 'USD'))).toBe('bad_response')
    expect(codeOf(() => parseCoinGeckoChart('{"market_caps":[]}', 'bitcoin', 'USD'))).toBe(
      'bad_response',
    )
    expect(codeOf(() => parseCoinGeckoChart('{"prices":[["x",1]]}', 'bitcoin', 'USD'))).toBe(
      'bad_response',
    )
    expect(
      codeOf(() => parseCoinGeckoChart('{"prices":[[1736208000000,0]]}', 'bitcoin', 'USD')),
    ).toBe('bad_response')
    const limited =
      '{"status":{"error_code":429,"error_message":"You\'ve exceeded the Rate Limit."}}'
    expect(codeOf(() => parseCoinGeckoChart(limited, 'bitcoin', 'USD'))).toBe('rate_limited')
  })
})
