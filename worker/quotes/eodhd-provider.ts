import { parseEodhdEod } from './eodhd-json'
import type { QuoteClose, QuoteProvider } from './quote-provider'

/** EODHD's API (`QUOTES_EODHD_URL` overrides). */
export const EODHD_DEFAULT_URL = 'https://eodhd.com/api'

/**
 * Shares and ETFs (Borsa Istanbul `.IS`, XETRA `.XETRA`, US `.US`, and every other exchange
 * EODHD lists) from EODHD's end-of-day API, with the `EODHD_API_KEY` secret; off without it.
 * One symbol per request (any length of history costs one call); paid plans allow 1,000 requests
 * a minute, so 100 ms apart.
 */
export const eodhdProvider: QuoteProvider = {
  name: 'eodhd',
  limits: { minIntervalMs: 100, batchSize: 1, maxDaysPerRequest: 3_660, maxHistoryDays: 7_305 },
  enabled: (env) => Boolean(env.EODHD_API_KEY?.trim()),
  async fetchCloses(env, batch, http) {
    const baseUrl = (env.QUOTES_EODHD_URL || EODHD_DEFAULT_URL).replace(/\/+$/, '')
    const closes: QuoteClose[] = []
    for (const request of batch) {
      const query = new URLSearchParams({
        api_token: env.EODHD_API_KEY?.trim() ?? '',
        fmt: 'json',
        period: 'd',
        order: 'a',
        from: request.from,
        to: request.to,
      })
      const text = await http.fetchText({
        url: `${baseUrl}/eod/${encodeURIComponent(request.symbol)}?${query.toString()}`,
      })
      if (text === null) continue
      closes.push(...parseEodhdEod(text, request.symbol, request.currency))
    }
    return closes
  },
}
