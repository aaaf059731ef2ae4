import { describe, expect, it } from 'vitest'
import constituents from '../../tests/catalog-fixtures/us/constituents.csv?raw'
import nasdaqListed from '../../tests/catalog-fixtures/us/nasdaqlisted.txt?raw'
import otherListed from '../../tests/catalog-fixtures/us/otherlisted.txt?raw'
import { parseNasdaqDirectories, parseSp500 } from './us-source'

describe('the US lists', () => {
  const listings = parseNasdaqDirectories(nasdaqListed, otherListed)

  it('lists each issue on its exchange, test issues left out', () => {
    expect(listings.get('AAPL')).toBe('NASDAQ')
    expect(listings.get('BRK.B')).toBe('NYSE')
    expect(listings.get('SPY')).toBe('NYSEARCA')
    expect(listings.get('CBOE')).toBe('CBOE')
    expect(listings.has('ZZZT')).toBe(false)
    expect(listings.has('NTEST')).toBe(false)
  })

  it('keeps the S&P 500 constituents the directories list, Yahoo Finance symbols with a dash', () => {
    const lines = parseSp500(constituents, listings)
    expect(lines.map((line) => [line.code, line.exchange, line.priceSymbol])).toEqual([
      ['A', 'NYSE', 'A'],
      ['AAPL', 'NASDAQ', 'AAPL'],
      ['BRK.B', 'NYSE', 'BRK-B'],
      ['CBOE', 'CBOE', 'CBOE'],
      ['GOOGL', 'NASDAQ', 'GOOGL'],
      ['JPM', 'NYSE', 'JPM'],
      ['MSFT', 'NASDAQ', 'MSFT'],
      ['NVDA', 'NASDAQ', 'NVDA'],
    ])
    expect(lines[1]).toMatchObject({ name: 'Apple Inc.', type: 'STOCK', currency: 'USD' })
  })

  it('refuses a directory cut short before its footer', () => {
    const cut = nasdaqListed.split('\n').slice(0, 3).join('\n')
    expect(() => parseNasdaqDirectories(cut, otherListed)).toThrow(/cut short/)
  })
})
