import { decimal } from '../../shared/decimal/decimal'
import { providerJson } from './provider-json'
import { badResponse } from './quote-error'
import type { QuoteClose } from './quote-provider'
import { minorUnitCurrency } from '../../shared/portfolio/minor-units'
import { quotePrice } from './quote-price'

/** The most decimals `meta.priceHint` may ask for; beyond it the close is kept as written. */
const MAX_PRICE_HINT = 10

interface ChartResult {
  meta?: { currency?: unknown; gmtoffset?: unknown; priceHint?: unknown }
  timestamp?: unknown
  indicators?: { quote?: { close?: unknown }[] }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A whole number written in the JSON (kept as text by `providerJson`), or null. */
function wholeNumber(value: unknown): number | null {
  return typeof value === 'string' && /^-?\d{1,12}$/.test(value) ? Number(value) : null
}

/** The one result of a chart answer; anything else is not in its format. */
function chartResult(text: string, symbol: string): ChartResult {
  const document = providerJson(text, 'Yahoo Finance')
  const chart = isRecord(document) ? document.chart : undefined
  const results = isRecord(chart) ? chart.result : undefined
  if (!Array.isArray(results) || !isRecord(results[0])) {
    throw badResponse('Yahoo Finance', `${symbol}: no chart`)
  }
  return results[0] as ChartResult
}

/**
 * The currency a chart answer's prices are in (`meta.currency`), a line quoted in a hundredth
 * of it (`GBp`) read as the currency itself: what an instrument priced by it must be in.
 *
 * @example parseYahooChartCurrency(text, 'VOD.L') // 'GBP'
 */
export function parseYahooChartCurrency(text: string, symbol: string): string {
  const quoted = chartResult(text, symbol).meta?.currency
  const currency = typeof quoted === 'string' ? (minorUnitCurrency(quoted) ?? quoted) : null
  if (currency === null || !/^[A-Z]{3}$/.test(currency)) {
    throw badResponse('Yahoo Finance', `${symbol}: no currency`)
  }
  return currency
}

/**
 * The daily closes in a Yahoo Finance chart answer (`/v8/finance/chart/{SYMBOL}?interval=1d`):
 * `{"chart":{"result":[{"meta":{"currency":"TRY","gmtoffset":10800,"priceHint":2,…},
 * "timestamp":[1735797600,…],"indicators":{"quote":[{"close":[289.75,…],…}],…}}],"error":null}}`.
 *
 * - A bar's timestamp is when its session opened; its day is the exchange's local date, the
 *   timestamp shifted by `meta.gmtoffset` (seconds).
 * - The close as traded is kept (the engine applies splits itself; `adjclose` rewrites the
 *   past), rounded half to even to the `meta.priceHint` decimals the exchange quotes in: Yahoo
 *   writes closes through a single-precision float (`189.97999572753906` for 189.98).
 * - A line quoted in a hundredth of its currency (`GBp`) is converted to the currency itself.
 * - A day without a trade (`null`) is left out; the same day twice keeps the later bar.
 * - A currency other than the instrument's, or anything not in this format, refuses the whole
 *   answer: a wrong-currency close would be wrong by the exchange rate.
 *
 * @example parseYahooChart(text, 'THYAO.IS', 'TRY')[0] // { symbol: 'THYAO.IS', currency: 'TRY', date: '2025-01-02', close: '289.75' }
 */
export function parseYahooChart(text: string, symbol: string, currency: string): QuoteClose[] {
  const result = chartResult(text, symbol)
  const quoted = result.meta?.currency
  if (typeof quoted !== 'string') throw badResponse('Yahoo Finance', `${symbol}: no currency`)
  const inCurrency = minorUnitCurrency(quoted) ?? quoted
  if (inCurrency !== currency) {
    throw badResponse('Yahoo Finance', `${symbol}: quoted in ${quoted}, not ${currency}`)
  }
  // A range without a trading day answers the meta alone.
  if (result.timestamp === undefined) return []
  const offset = wholeNumber(result.meta?.gmtoffset)
  const times = result.timestamp
  const closes = result.indicators?.quote?.[0]?.close
  if (offset === null || !Array.isArray(times) || !Array.isArray(closes)) {
    throw badResponse('Yahoo Finance', `${symbol}: no daily bars`)
  }
  if (closes.length !== times.length) {
    throw badResponse('Yahoo Finance', `${symbol}: ${times.length} days, ${closes.length} closes`)
  }
  const hint = wholeNumber(result.meta?.priceHint)
  const byDate = new Map<string, string>()
  times.forEach((time, index) => {
    const seconds = wholeNumber(time)
    if (seconds === null) throw badResponse('Yahoo Finance', `${symbol}: a day without its time`)
    const raw = closes[index] as unknown
    if (raw === null) return
    const close = quotePrice(raw)
    if (close === null) {
      throw badResponse('Yahoo Finance', `${symbol}: close ${String(raw)} is not a price`)
    }
    let price = decimal(close)
    if (hint !== null && hint >= 0 && hint <= MAX_PRICE_HINT) price = price.round(hint)
    if (quoted !== inCurrency) price = price.div(decimal('100'))
    if (price.isZero()) return
    const date = new Date((seconds + offset) * 1000).toISOString().slice(0, 10)
    byDate.set(date, price.toString())
  })
  return [...byDate].map(([date, price]) => ({ symbol, currency, date, close: price }))
}
