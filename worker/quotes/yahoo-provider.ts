import { addDays } from '../fx/fx-dates'
import type { QuoteClose, QuoteProvider } from './quote-provider'
import { parseYahooChart } from './yahoo-chart-json'

/** Yahoo Finance's chart API (`QUOTES_YAHOO_URL` overrides). */
export const YAHOO_DEFAULT_URL = 'https://query1.finance.yahoo.com'

/** Who asks: Yahoo Finance refuses requests that name no client. */
export const YAHOO_USER_AGENT = 'Mozilla/5.0 (compatible; Kiymet portfolio tracker)'

/** Seconds since the epoch at 00:00 UTC of a `YYYY-MM-DD` day. */
const epochSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000

/**
 * Shares and ETFs of Borsa Istanbul (`THYAO.IS`), Xetra (`VWCE.DE`) and the other German and
 * European venues, and the US (`AAPL`, `BRK-B`), from Yahoo Finance's chart API: no key, the
 * default source of Ghostfolio, Portfolio Performance and Wealthfolio. Unofficial and unmetered
 * but limited by address, so it is asked one symbol at a time, 500 ms apart; any length of
 * history is one request.
 */
export const yahooProvider: QuoteProvider = {
  name: 'yahoo',
  limits: { minIntervalMs: 500, batchSize: 1, maxDaysPerRequest: 3_660, maxHistoryDays: 7_305 },
  enabled: () => true,
  async fetchCloses(env, batch, http) {
    const baseUrl = (env.QUOTES_YAHOO_URL || YAHOO_DEFAULT_URL).replace(/\/+$/, '')
    const closes: QuoteClose[] = []
    for (const request of batch) {
      // A bar is stamped when its session opened, in UTC: a day before `from` catches exchanges
      // east of Greenwich, whose sessions open before midnight UTC.
      const query = new URLSearchParams({
        period1: String(epochSeconds(addDays(request.from, -1))),
        period2: String(epochSeconds(addDays(request.to, 1))),
        interval: '1d',
      })
      const text = await http.fetchText({
        url: `${baseUrl}/v8/finance/chart/${encodeURIComponent(request.symbol)}?${query.toString()}`,
        headers: { 'User-Agent': YAHOO_USER_AGENT },
      })
      if (text === null) continue
      closes.push(
        ...parseYahooChart(text, request.symbol, request.currency).filter(
          (close) => close.date >= request.from && close.date <= request.to,
        ),
      )
    }
    return closes
  },
}
