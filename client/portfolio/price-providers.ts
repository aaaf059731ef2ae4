/**
 * The quote providers an instrument may name as the source of its prices
 * (`instruments.price_provider`), shared by the database's checks, the API, the forms and the
 * worker's scheduled job (worker/quotes/). docs/quotes.md says more about each.
 */
export const PRICE_PROVIDERS = ['tefas', 'coingecko', 'eodhd'] as const

export type PriceProvider = (typeof PRICE_PROVIDERS)[number]

/**
 * On which days a provider's market closes: `weekdays` (exchanges and Turkish funds: Monday to
 * Friday, holidays not known) or `daily` (crypto trades every day, a day ending 00:00 UTC).
 */
export type MarketDays = 'weekdays' | 'daily'

export interface PriceProviderRule {
  /** The symbol's shape; the migration's `instruments_price_symbol_check` spells the same. */
  symbol: RegExp
  market: MarketDays
  /** The only currency its prices come in, when there is one. */
  currency: string | null
}

export const PRICE_PROVIDER_RULES: Record<PriceProvider, PriceProviderRule> = {
  // A TEFAS fund code: three letters or digits (`TTE`, `AFT`, `IPB`), prices in lira.
  tefas: { symbol: /^[A-Z0-9]{3}$/, market: 'weekdays', currency: 'TRY' },
  // A CoinGecko coin id (`bitcoin`, `usd-coin`), priced in the instrument's currency.
  coingecko: { symbol: /^[a-z0-9]+(?:[-_.][a-z0-9]+)*$/, market: 'daily', currency: null },
  // An EODHD ticker with its exchange (`THYAO.IS`, `SAP.XETRA`, `AAPL.US`, `BRK-B.US`).
  eodhd: { symbol: /^[A-Z0-9][A-Z0-9.-]{0,19}\.[A-Z]{1,10}$/, market: 'weekdays', currency: null },
}

/** The longest symbol any provider takes (a CoinGecko id can be long). */
export const PRICE_SYMBOL_MAX_LENGTH = 100

/** The currency an EODHD exchange suffix quotes in, for the exchanges the catalog lists. */
export const EODHD_EXCHANGE_CURRENCIES: Readonly<Record<string, string>> = {
  IS: 'TRY',
  XETRA: 'EUR',
  US: 'USD',
}

/** A symbol as a user may type it: trimmed, in the case the provider uses. */
export function normalizePriceSymbol(provider: PriceProvider, symbol: string): string {
  const trimmed = symbol.trim()
  return provider === 'coingecko' ? trimmed.toLowerCase() : trimmed.toUpperCase()
}

/**
 * Whether an instrument in `currency` can take its prices from `provider` under `symbol`:
 * the symbol's shape, and the provider's (or the EODHD exchange's) currency.
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
  const expected =
    rule.currency ??
    (provider === 'eodhd'
      ? EODHD_EXCHANGE_CURRENCIES[symbol.slice(symbol.lastIndexOf('.') + 1)]
      : null)
  return expected !== undefined && expected !== null && expected !== currency
    ? 'price_currency'
    : null
}
