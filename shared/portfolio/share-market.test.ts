import { describe, expect, it } from 'vitest'
import type { InstrumentType } from './portfolio-kinds'
import type { PriceProvider } from './price-providers'
import { shareMarket } from './share-market'

const share = (
  exchange: string | null,
  priceProvider: PriceProvider | null = null,
  priceSymbol: string | null = null,
  type: InstrumentType = 'STOCK',
) => shareMarket({ type, exchange, priceProvider, priceSymbol })

describe('shareMarket', () => {
  it('is Borsa İstanbul for a share on BIST, by the catalog’s code or the MIC', () => {
    expect(share('BIST', 'yahoo', 'THYAO.IS')).toBe('BIST')
    expect(share('BIST')).toBe('BIST')
    expect(share('XIST')).toBe('BIST')
  })

  it('is abroad for a share on any other exchange', () => {
    for (const exchange of ['XETRA', 'NASDAQ', 'NYSE', 'LONDON', 'OTC']) {
      expect(share(exchange), exchange).toBe('foreign')
    }
    expect(share('NASDAQ', 'yahoo', 'AAPL')).toBe('foreign')
  })

  it('reads the venue of its price symbol when no exchange is given', () => {
    expect(share(null, 'yahoo', 'THYAO.IS')).toBe('BIST')
    expect(share(null, 'eodhd', 'THYAO.IS')).toBe('BIST')
    expect(share(null, 'yahoo', 'SAP.DE')).toBe('foreign')
    expect(share(null, 'yahoo', 'BRK-B')).toBe('foreign')
    expect(share(null, 'eodhd', 'AAPL.US')).toBe('foreign')
  })

  it('lets the exchange stated win over the symbol’s venue', () => {
    expect(share('BIST', 'yahoo', 'AAPL')).toBe('BIST')
    expect(share('NASDAQ', 'yahoo', 'THYAO.IS')).toBe('foreign')
  })

  it('does not know a share whose exchange nothing says', () => {
    expect(share(null)).toBeNull()
    // An EODHD exchange the app does not know.
    expect(share(null, 'eodhd', 'ABC.KO')).toBeNull()
  })

  it('is none for what is not a share', () => {
    for (const type of ['ETF', 'FUND', 'BOND', 'CRYPTO', 'COMMODITY', 'OTHER'] as const) {
      expect(share('BIST', null, null, type), type).toBeNull()
    }
    expect(share('TEFAS', 'tefas', 'TTE', 'FUND')).toBeNull()
  })
})
