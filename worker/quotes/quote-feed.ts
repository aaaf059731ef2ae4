import {
  eodhdSymbol,
  LISTING_VENUES,
  listingVenue,
  type ListingVenue,
  type PriceProvider,
} from '../../shared/portfolio/price-providers'
import type { QuoteEnv } from './quote-provider'
import { eodhdProvider } from './eodhd-provider'

/** Where this installation fetches an instrument's closes: a provider and its symbol there. */
export interface QuoteFeed {
  provider: PriceProvider
  symbol: string
}

/**
 * The exchanges an operator has EODHD price instead of Yahoo Finance (`QUOTES_EODHD_MARKETS`:
 * venue keys of {@link LISTING_VENUES} separated by commas, or `all`), when EODHD has its key.
 */
export function eodhdVenues(env: QuoteEnv): ReadonlySet<ListingVenue> {
  if (!eodhdProvider.enabled(env)) return new Set()
  const names = (env.QUOTES_EODHD_MARKETS ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean)
  const venues = Object.keys(LISTING_VENUES) as ListingVenue[]
  return new Set(names.includes('all') ? venues : venues.filter((venue) => names.includes(venue)))
}

/**
 * Where to fetch an instrument's closes: from the provider and symbol it names, except that a
 * Yahoo Finance symbol of an exchange the operator has EODHD price is asked of EODHD, spelt its
 * way (`SAP.DE` → `SAP.XETRA`).
 *
 * @example quoteFeed({ provider: 'yahoo', symbol: 'SAP.DE' }, { EODHD_API_KEY: 'k', QUOTES_EODHD_MARKETS: 'xetra' }) // { provider: 'eodhd', symbol: 'SAP.XETRA' }
 */
export function quoteFeed(
  instrument: { provider: PriceProvider; symbol: string },
  env: QuoteEnv,
): QuoteFeed {
  const { provider, symbol } = instrument
  const venue = provider === 'yahoo' ? listingVenue(provider, symbol) : null
  const eodhd = venue !== null && eodhdVenues(env).has(venue) ? eodhdSymbol(symbol) : null
  return eodhd === null ? { provider, symbol } : { provider: 'eodhd', symbol: eodhd }
}
