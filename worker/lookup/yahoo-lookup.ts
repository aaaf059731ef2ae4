import type { LookupCandidate } from '../../shared/api/schemas'
import { isValidIsin } from '../../shared/portfolio/isin'
import { LISTING_VENUES } from '../../shared/portfolio/price-providers'
import type { QuoteHttp } from '../quotes/quote-http'
import type { QuoteEnv } from '../quotes/quote-provider'
import { parseYahooChartCurrency } from '../quotes/yahoo-chart-json'
import { YAHOO_DEFAULT_URL, YAHOO_USER_AGENT, yahooProvider } from '../quotes/yahoo-provider'
import type { LookupSource } from './lookup-source'
import { parseYahooSearch } from './yahoo-search-json'

/** Yahoo Finance's search (`QUOTES_YAHOO_SEARCH_URL` overrides). */
export const YAHOO_SEARCH_DEFAULT_URL = 'https://query2.finance.yahoo.com'

/** The lines a search asks for; the catalog can hold only some of them. */
const QUOTES_PER_SEARCH = 10

const headers = { 'User-Agent': YAHOO_USER_AGENT }

const baseUrl = (configured: string | undefined, fallback: string) =>
  (configured || fallback).replace(/\/+$/, '')

/**
 * The currency a line is quoted in, from its chart's `meta.currency` (`GBp` is pence: GBP), for
 * exchanges that quote lines in several (London, SIX); null when the chart does not know it.
 */
async function chartCurrency(env: QuoteEnv, symbol: string, http: QuoteHttp) {
  const url = `${baseUrl(env.QUOTES_YAHOO_URL, YAHOO_DEFAULT_URL)}/v8/finance/chart/${encodeURIComponent(symbol)}?range=5d&interval=1d`
  const answer = await http.fetchText({ url, headers })
  return answer === null ? null : parseYahooChartCurrency(answer, symbol)
}

/**
 * Shares, ETFs and funds Yahoo Finance lists and prices, found by its search: one request, and
 * one chart request for each line of an exchange without a single currency. The search names no
 * ISIN: a line found by one carries it.
 */
export const yahooLookup: LookupSource = {
  name: 'yahoo',
  minIntervalMs: yahooProvider.limits.minIntervalMs,
  async search(env, query, http) {
    const search = new URLSearchParams({
      q: query,
      quotesCount: String(QUOTES_PER_SEARCH),
      newsCount: '0',
    })
    const url = `${baseUrl(env.QUOTES_YAHOO_SEARCH_URL, YAHOO_SEARCH_DEFAULT_URL)}/v1/finance/search?${search.toString()}`
    const answer = await http.fetchText({ url, headers })
    // 404, as for a chart of a symbol it lacks: it lists nothing under the query.
    if (answer === null) return []
    const typed = query.trim().toUpperCase()
    const isin = isValidIsin(typed) ? typed : null
    const candidates: LookupCandidate[] = []
    for (const listing of parseYahooSearch(answer)) {
      const currency =
        LISTING_VENUES[listing.venue].currency ?? (await chartCurrency(env, listing.symbol, http))
      if (currency === null) continue
      const { symbol, code, name, type, exchange } = listing
      candidates.push({ provider: 'yahoo', symbol, code, name, type, currency, exchange, isin })
    }
    return candidates
  },
}
