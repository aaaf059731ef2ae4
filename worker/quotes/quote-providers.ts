import type { PriceProvider } from '../../shared/portfolio/price-providers'
import { coinGeckoProvider } from './coingecko-provider'
import { eodhdProvider } from './eodhd-provider'
import type { QuoteEnv, QuoteProvider } from './quote-provider'
import { tefasProvider } from './tefas-provider'
import { yahooProvider } from './yahoo-provider'

/** Every quote provider, by the name instruments give (`instruments.price_provider`). */
export const QUOTE_PROVIDERS: Readonly<Record<PriceProvider, QuoteProvider>> = {
  yahoo: yahooProvider,
  tefas: tefasProvider,
  coingecko: coinGeckoProvider,
  eodhd: eodhdProvider,
}

/** The providers that run with these settings (EODHD only with its key). */
export function enabledPriceProviders(env: QuoteEnv): ReadonlySet<PriceProvider> {
  return new Set(
    Object.values(QUOTE_PROVIDERS)
      .filter((provider) => provider.enabled(env))
      .map((provider) => provider.name),
  )
}
