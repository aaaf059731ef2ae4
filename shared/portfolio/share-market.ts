import type { InstrumentType } from './portfolio-kinds'
import { listingVenue, type PriceProvider } from './price-providers'

/**
 * Where a share trades, as the Turkish tax tells them apart (docs/tax-turkey.md rules 2 and 6):
 * on Borsa İstanbul (gains at 0 % stopaj, not declared) or on an exchange abroad (a değer artış
 * kazancı to declare).
 */
export const SHARE_MARKETS = ['BIST', 'foreign'] as const

export type ShareMarket = (typeof SHARE_MARKETS)[number]

/**
 * Borsa İstanbul's codes: the catalog's, the own-instrument form's hint, and its ISO 10383 MIC.
 */
const BIST_EXCHANGES: ReadonlySet<string> = new Set(['BIST', 'XIST'])

/** What an instrument says about where it trades. */
export interface ShareListing {
  type: InstrumentType
  exchange: string | null
  priceProvider: PriceProvider | null
  priceSymbol: string | null
}

/**
 * A share's market, read from its exchange (`BIST` is Borsa İstanbul, any other exchange is
 * abroad: Borsa İstanbul is Türkiye's only stock exchange), else from the venue of its Yahoo
 * Finance or EODHD symbol (`THYAO.IS`, `AAPL`); null for what is not a share, and for a share
 * whose exchange neither says.
 *
 * @example shareMarket({ type: 'STOCK', exchange: 'BIST', priceProvider: null, priceSymbol: null }) // 'BIST'
 * @example shareMarket({ type: 'STOCK', exchange: null, priceProvider: 'yahoo', priceSymbol: 'AAPL' }) // 'foreign'
 */
export function shareMarket(instrument: ShareListing): ShareMarket | null {
  if (instrument.type !== 'STOCK') return null
  if (instrument.exchange !== null) {
    return BIST_EXCHANGES.has(instrument.exchange) ? 'BIST' : 'foreign'
  }
  const { priceProvider: provider, priceSymbol: symbol } = instrument
  const venue = provider !== null && symbol !== null ? listingVenue(provider, symbol) : null
  if (venue === null) return null
  return venue === 'bist' ? 'BIST' : 'foreign'
}
