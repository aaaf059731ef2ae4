import { formatIsoDate } from '../portfolio/iso-date'
import { providerJson } from './provider-json'
import { badResponse, QuoteError } from './quote-error'
import type { QuoteClose } from './quote-provider'
import { quotePrice } from './quote-price'

const DAY_MS = 86_400_000

/** An error CoinGecko answers in a body: `{"status":{"error_code":429,"error_message":"…"}}`. */
function statusError(document: unknown): QuoteError | null {
  const status = (document as { status?: { error_code?: unknown } } | null)?.status
  if (typeof status !== 'object' || status === null || status.error_code === undefined) return null
  const code = String(status.error_code)
  return new QuoteError(code === '429' ? 'rate_limited' : 'http_error', `CoinGecko error ${code}`)
}

/**
 * The daily closes in a CoinGecko `/coins/{id}/market_chart?interval=daily` answer:
 * `{ "prices": [[1735689600000, 93429.2], …], "market_caps": […], "total_volumes": […] }`. A
 * point at 00:00 UTC ends the day before it, so it is that day's close; the last point (the
 * price now, mid-day) is left out. A null price is left out; anything else that is not a positive
 * number refuses the whole answer.
 *
 * @example parseCoinGeckoChart(text, 'bitcoin', 'USD')[0] // { symbol: 'bitcoin', currency: 'USD', date: '2024-12-31', close: '93429.2' }
 */
export function parseCoinGeckoChart(text: string, id: string, currency: string): QuoteClose[] {
  const document = providerJson(text, 'CoinGecko')
  const error = statusError(document)
  if (error) throw error
  const points = (document as { prices?: unknown } | null)?.prices
  if (!Array.isArray(points)) throw badResponse('CoinGecko', `${id}: no prices list`)
  const closes: QuoteClose[] = []
  for (const point of points as unknown[]) {
    const [time, price] = Array.isArray(point) ? point : []
    const millis = typeof time === 'string' && /^\d{1,15}$/.test(time) ? Number(time) : NaN
    if (!Number.isSafeInteger(millis))
      throw badResponse('CoinGecko', `${id}: a point without its time`)
    if (millis % DAY_MS !== 0 || price === null) continue
    const close = quotePrice(price)
    if (close === null) throw badResponse('CoinGecko', `${id}: ${String(price)} is not a price`)
    closes.push({ symbol: id, currency, date: formatIsoDate(millis / DAY_MS - 1), close })
  }
  return closes
}
