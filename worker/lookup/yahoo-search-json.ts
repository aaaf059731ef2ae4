import { INSTRUMENT_CODE_PATTERN } from '../../shared/api/schemas'
import type { InstrumentType } from '../../shared/portfolio/portfolio-kinds'
import {
  listingVenue,
  PRICE_PROVIDER_RULES,
  type ListingVenue,
} from '../../shared/portfolio/price-providers'
import { providerJson } from '../quotes/provider-json'
import { badResponse } from '../quotes/quote-error'
import { catalogName } from './lookup-source'

/** One line Yahoo Finance lists, before its currency is known (the search does not say). */
export interface YahooListing {
  symbol: string
  code: string
  name: string
  type: InstrumentType
  /** As the catalog names exchanges. */
  exchange: string
  venue: ListingVenue
}

/** The kinds of quote the catalog can hold: shares, ETFs and funds. */
const TYPES: Readonly<Record<string, InstrumentType>> = {
  EQUITY: 'STOCK',
  ETF: 'ETF',
  MUTUALFUND: 'FUND',
}

/**
 * US exchanges by Yahoo Finance's codes, as the catalog names them (docs/catalog.md): the
 * Nasdaq's three tiers and its mutual fund listings, the NYSE, NYSE American, NYSE Arca, Cboe
 * BZX, and the OTC markets. A US line on another is left out.
 */
const US_EXCHANGES: Readonly<Record<string, string>> = {
  NMS: 'NASDAQ',
  NGM: 'NASDAQ',
  NCM: 'NASDAQ',
  NAS: 'NASDAQ',
  NYQ: 'NYSE',
  ASE: 'NYSEAMER',
  PCX: 'NYSEARCA',
  BTS: 'CBOE',
  PNK: 'OTC',
}

/** The entities Yahoo Finance may write names with (`S&amp;P 500`). */
const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/**
 * The exchange a listing is on as the catalog names it: the venue in capitals (`XETRA`, `BIST`,
 * `LONDON`), and for the US the exchange Yahoo Finance names (`NASDAQ`, `NYSE`), or null.
 */
function catalogExchange(venue: ListingVenue, yahooExchange: string): string | null {
  return venue === 'us' ? (US_EXCHANGES[yahooExchange] ?? null) : venue.toUpperCase()
}

/**
 * The lines of a Yahoo Finance search answer (`/v1/finance/search?q=…`) the catalog can hold and
 * Yahoo Finance prices: `{"quotes":[{"exchange":"GER","shortname":"…","longname":"…",
 * "quoteType":"ETF","symbol":"VWCE.DE","exchDisp":"XETRA",…}],…}`.
 *
 * - Only shares, ETFs and funds (`quoteType` `EQUITY`, `ETF`, `MUTUALFUND`) on an exchange of
 *   `LISTING_VENUES`, under a symbol its quote provider takes; hits from elsewhere (Crunchbase's
 *   carry no symbol), indices, currencies, crypto and futures are left out.
 * - The code is the symbol without its exchange's suffix, a class share's dash a dot as the
 *   catalog writes it (`BRK-B` → `BRK.B`); the name the long one, else the short one.
 * - Anything but a quotes list refuses the whole answer.
 *
 * @example parseYahooSearch(text)[0] // { symbol: 'VWCE.DE', code: 'VWCE', exchange: 'XETRA', type: 'ETF', … }
 */
export function parseYahooSearch(answer: string): YahooListing[] {
  const document = providerJson(answer, 'Yahoo Finance', 'search')
  const quotes = isRecord(document) ? document.quotes : undefined
  if (!Array.isArray(quotes)) throw badResponse('Yahoo Finance', 'search: no quotes list')
  const listings = new Map<string, YahooListing>()
  for (const quote of quotes as unknown[]) {
    if (!isRecord(quote)) continue
    const symbol = text(quote.symbol)
    const type = TYPES[text(quote.quoteType)]
    if (!type || listings.has(symbol) || !PRICE_PROVIDER_RULES.yahoo.symbol.test(symbol)) continue
    const venue = listingVenue('yahoo', symbol)
    const exchange = venue === null ? null : catalogExchange(venue, text(quote.exchange))
    const dot = symbol.lastIndexOf('.')
    const code = (dot < 0 ? symbol : symbol.slice(0, dot)).replaceAll('-', '.')
    const written = text(quote.longname) || text(quote.shortname)
    const name = catalogName(written.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e))
    if (venue === null || exchange === null || name === null) continue
    if (!INSTRUMENT_CODE_PATTERN.test(code)) continue
    listings.set(symbol, { symbol, code, name, type, exchange, venue })
  }
  return [...listings.values()]
}
