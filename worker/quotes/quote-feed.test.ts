import { describe, expect, it } from 'vitest'
import { eodhdVenues, quoteFeed } from './quote-feed'

const withEodhd = (markets: string) => ({ EODHD_API_KEY: 'key', QUOTES_EODHD_MARKETS: markets })

describe('quoteFeed', () => {
  it('fetches from the provider an instrument names', () => {
    expect(quoteFeed({ provider: 'yahoo', symbol: 'SAP.DE' }, {})).toEqual({
      provider: 'yahoo',
      symbol: 'SAP.DE',
    })
    expect(quoteFeed({ provider: 'tefas', symbol: 'TTE' }, withEodhd('all'))).toEqual({
      provider: 'tefas',
      symbol: 'TTE',
    })
  })

  it('asks EODHD, in its spelling, for the exchanges the operator gave it', () => {
    const env = withEodhd(' XETRA, us ')
    expect(quoteFeed({ provider: 'yahoo', symbol: 'SAP.DE' }, env)).toEqual({
      provider: 'eodhd',
      symbol: 'SAP.XETRA',
    })
    expect(quoteFeed({ provider: 'yahoo', symbol: 'BRK-B' }, env)).toEqual({
      provider: 'eodhd',
      symbol: 'BRK-B.US',
    })
    expect(quoteFeed({ provider: 'yahoo', symbol: 'THYAO.IS' }, env)).toEqual({
      provider: 'yahoo',
      symbol: 'THYAO.IS',
    })
  })

  it('keeps Yahoo Finance without an EODHD key, whatever the markets say', () => {
    expect(eodhdVenues({ QUOTES_EODHD_MARKETS: 'all' }).size).toBe(0)
    expect(eodhdVenues(withEodhd('all')).has('bist')).toBe(true)
    expect(eodhdVenues(withEodhd('nasdaq,bist')).size).toBe(1)
  })
})
