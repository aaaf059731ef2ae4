import { parseIsoDate } from '../portfolio/iso-date'
import { parseCoinGeckoChart } from './coingecko-json'
import type { QuoteClose, QuoteProvider } from './quote-provider'

/** CoinGecko's public API (`QUOTES_COINGECKO_URL` overrides). */
export const COINGECKO_DEFAULT_URL = 'https://api.coingecko.com/api/v3'

/** The keyless API serves the past 365 days only. */
const MAX_DAYS = 365

/**
 * Crypto closes from CoinGecko's public, keyless API: one coin per request, its daily chart in
 * the instrument's currency. The keyless API allows roughly 5 to 15 requests a minute, shared by
 * everyone behind an address, so requests go 6 s apart.
 */
export const coinGeckoProvider: QuoteProvider = {
  name: 'coingecko',
  limits: {
    minIntervalMs: 6_000,
    batchSize: 1,
    maxDaysPerRequest: MAX_DAYS,
    maxHistoryDays: MAX_DAYS,
  },
  enabled: () => true,
  async fetchCloses(env, batch, http) {
    const baseUrl = (env.QUOTES_COINGECKO_URL || COINGECKO_DEFAULT_URL).replace(/\/+$/, '')
    const closes: QuoteClose[] = []
    for (const request of batch) {
      // The chart counts days back from now, and `to` is today: one more reaches `from`'s close.
      const span = (parseIsoDate(request.to) ?? 0) - (parseIsoDate(request.from) ?? 0) + 2
      const query = new URLSearchParams({
        vs_currency: request.currency.toLowerCase(),
        days: String(Math.min(Math.max(span, 1), MAX_DAYS)),
        interval: 'daily',
      })
      const text = await http.fetchText({
        url: `${baseUrl}/coins/${encodeURIComponent(request.symbol)}/market_chart?${query.toString()}`,
      })
      if (text === null) continue
      closes.push(
        ...parseCoinGeckoChart(text, request.symbol, request.currency).filter(
          (close) => close.date >= request.from && close.date <= request.to,
        ),
      )
    }
    return closes
  },
}
