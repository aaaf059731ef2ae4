import { COINGECKO_DEFAULT_URL, coinGeckoProvider } from '../quotes/coingecko-provider'
import { parseCoinGeckoSearch } from './coingecko-search-json'
import type { LookupSource } from './lookup-source'

/** Crypto CoinGecko prices, found by its search of coins by name, ticker or id: one request. */
export const coinGeckoLookup: LookupSource = {
  name: 'coingecko',
  minIntervalMs: coinGeckoProvider.limits.minIntervalMs,
  async search(env, query, http) {
    const base = (env.QUOTES_COINGECKO_URL || COINGECKO_DEFAULT_URL).replace(/\/+$/, '')
    const search = new URLSearchParams({ query })
    const answer = await http.fetchText({ url: `${base}/search?${search.toString()}` })
    // 404, as for a chart of a coin it lacks: it lists nothing under the query.
    return answer === null ? [] : parseCoinGeckoSearch(answer)
  },
}
