/**
 * The quote providers an instrument may name as the source of its prices
 * (`instruments.price_provider`), shared by the database's checks, the API, the forms and the
 * worker's scheduled job (worker/quotes/). docs/quotes.md says more about each.
 */
export const PRICE_PROVIDERS = ['yahoo', 'tefas', 'coingecko', 'eodhd'] as const

export type PriceProvider = (typeof PRICE_PROVIDERS)[number]

export interface PriceProviderRule {
  /** The symbol's shape; the migration's `instruments_price_symbol_check` spells the same. */
  symbol: RegExp
  /** The only currency its prices come in, when there is one. */
  currency: string | null
  /**
   * The decimals it publishes every price with, trailing zeros included (a fund's 0,930000), for
   * showing them so; null where a price has as many as it needs.
   */
  decimals: number | null
}

/**
 * The exchanges listed shares and ETFs are priced on, each with its Yahoo Finance symbol suffix
 * (none for the US), its EODHD exchange code, and the one currency it quotes in where there is
 * one (London and SIX quote some lines in other currencies). The keys name the exchange in
 * `QUOTES_EODHD_MARKETS` and in the screens' texts (`quotes.venues.*`).
 */
export const LISTING_VENUES = {
  bist: { yahoo: 'IS', eodhd: 'IS', currency: 'TRY' },
  xetra: { yahoo: 'DE', eodhd: 'XETRA', currency: 'EUR' },
  frankfurt: { yahoo: 'F', eodhd: 'F', currency: 'EUR' },
  stuttgart: { yahoo: 'SG', eodhd: 'STU', currency: 'EUR' },
  munich: { yahoo: 'MU', eodhd: 'MU', currency: 'EUR' },
  berlin: { yahoo: 'BE', eodhd: 'BE', currency: 'EUR' },
  dusseldorf: { yahoo: 'DU', eodhd: 'DU', currency: 'EUR' },
  hamburg: { yahoo: 'HM', eodhd: 'HM', currency: 'EUR' },
  hanover: { yahoo: 'HA', eodhd: 'HA', currency: 'EUR' },
  amsterdam: { yahoo: 'AS', eodhd: 'AS', currency: 'EUR' },
  paris: { yahoo: 'PA', eodhd: 'PA', currency: 'EUR' },
  milan: { yahoo: 'MI', eodhd: 'MI', currency: 'EUR' },
  london: { yahoo: 'L', eodhd: 'LSE', currency: null },
  six: { yahoo: 'SW', eodhd: 'SW', currency: null },
  us: { yahoo: '', eodhd: 'US', currency: 'USD' },
} as const satisfies Record<string, { yahoo: string; eodhd: string; currency: string | null }>

export type ListingVenue = keyof typeof LISTING_VENUES

const VENUE_ENTRIES = Object.entries(LISTING_VENUES) as [
  ListingVenue,
  (typeof LISTING_VENUES)[ListingVenue],
][]

/** A listing's code at Yahoo Finance and EODHD, before the exchange suffix (`BRK-B`, `VOW3`). */
const LISTING_CODE = '[A-Z0-9][A-Z0-9&-]{0,15}'
const suffixes = (field: 'yahoo' | 'eodhd'): string[] =>
  VENUE_ENTRIES.map(([, venue]) => venue[field] as string).filter((suffix) => suffix !== '')

export const PRICE_PROVIDER_RULES: Record<PriceProvider, PriceProviderRule> = {
  // A Yahoo Finance symbol of a listed venue: `THYAO.IS`, `VWCE.DE`, `AAPL`, `BRK-B`, `VUSA.L`.
  yahoo: {
    symbol: new RegExp(`^${LISTING_CODE}(?:\\.(?:${suffixes('yahoo').join('|')}))?$`),
    currency: null,
    decimals: null,
  },
  // A TEFAS fund code: three letters or digits (`TTE`, `AFT`, `IPB`), prices in lira, published
  // with six decimals.
  tefas: { symbol: /^[A-Z0-9]{3}$/, currency: 'TRY', decimals: 6 },
  // A CoinGecko coin id (`bitcoin`, `usd-coin`), priced in the instrument's currency.
  coingecko: {
    symbol: /^[a-z0-9]+(?:[-_.][a-z0-9]+)*$/,
    currency: null,
    decimals: null,
  },
  // An EODHD ticker with its exchange (`THYAO.IS`, `SAP.XETRA`, `AAPL.US`, `BRK-B.US`).
  eodhd: {
    symbol: /^[A-Z0-9][A-Z0-9.-]{0,19}\.[A-Z]{1,10}$/,
    currency: null,
    decimals: null,
  },
}

/**
 * The decimals an instrument's prices are shown with at least: its provider's published ones
 * (a TEFAS fund's six), else none beyond the currency's and the price's own.
 *
 * @example publishedDecimals({ priceProvider: 'tefas' }) // 6
 */
export function publishedDecimals(instrument: { priceProvider: PriceProvider | null }): number {
  const provider = instrument.priceProvider
  return (provider === null ? null : PRICE_PROVIDER_RULES[provider].decimals) ?? 0
}

/** The longest symbol any provider takes (a CoinGecko id can be long). */
export const PRICE_SYMBOL_MAX_LENGTH = 100

/**
 * The exchange a Yahoo Finance or EODHD symbol is listed on; null for other providers and for
 * EODHD exchanges not in {@link LISTING_VENUES}.
 *
 * @example listingVenue('yahoo', 'VWCE.DE') // 'xetra'
 * @example listingVenue('eodhd', 'AAPL.US') // 'us'
 */
export function listingVenue(provider: PriceProvider, symbol: string): ListingVenue | null {
  if (provider !== 'yahoo' && provider !== 'eodhd') return null
  const dot = symbol.lastIndexOf('.')
  const suffix = dot < 0 ? '' : symbol.slice(dot + 1)
  if (provider === 'yahoo' && suffix !== '' && !suffixes('yahoo').includes(suffix)) {
    // A dot inside a US code (`BRK.B` is spelt `BRK-B` there) is not a venue.
    return null
  }
  return VENUE_ENTRIES.find(([, venue]) => venue[provider] === suffix)?.[0] ?? null
}

/**
 * The EODHD ticker of a Yahoo Finance symbol, for an operator who has EODHD price a venue.
 *
 * @example eodhdSymbol('SAP.DE') // 'SAP.XETRA'
 * @example eodhdSymbol('BRK-B') // 'BRK-B.US'
 */
export function eodhdSymbol(yahooSymbol: string): string | null {
  const venue = listingVenue('yahoo', yahooSymbol)
  if (venue === null) return null
  const suffix = LISTING_VENUES[venue].yahoo
  const code = suffix === '' ? yahooSymbol : yahooSymbol.slice(0, -(suffix.length + 1))
  return `${code}.${LISTING_VENUES[venue].eodhd}`
}

/** A symbol as a user may type it: trimmed, in the case the provider uses. */
export function normalizePriceSymbol(provider: PriceProvider, symbol: string): string {
  const trimmed = symbol.trim()
  return provider === 'coingecko' ? trimmed.toLowerCase() : trimmed.toUpperCase()
}

/**
 * Whether an instrument in `currency` can take its prices from `provider` under `symbol`:
 * the symbol's shape, and the provider's (or the exchange's) currency.
 *
 * @example priceSourceProblem('tefas', 'TTE', 'USD') // 'price_currency'
 */
export function priceSourceProblem(
  provider: PriceProvider,
  symbol: string,
  currency: string,
): 'price_symbol' | 'price_currency' | null {
  const rule = PRICE_PROVIDER_RULES[provider]
  if (symbol.length > PRICE_SYMBOL_MAX_LENGTH || !rule.symbol.test(symbol)) return 'price_symbol'
  const venue = listingVenue(provider, symbol)
  const expected = rule.currency ?? (venue === null ? null : LISTING_VENUES[venue].currency)
  return expected !== null && expected !== currency ? 'price_currency' : null
}
