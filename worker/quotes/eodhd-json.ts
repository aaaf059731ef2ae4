import { parseIsoDate } from '../portfolio/iso-date'
import { providerJson } from './provider-json'
import { badResponse } from './quote-error'
import type { QuoteClose } from './quote-provider'
import { quotePrice } from './quote-price'

interface EodRow {
  date?: unknown
  close?: unknown
}

/**
 * The daily closes in an EODHD end-of-day answer (`/api/eod/{SYMBOL}?fmt=json`): an array of
 * `{ "date": "2025-01-03", "open": …, "high": …, "low": …, "close": 243.36,
 * "adjusted_close": 242.4, "volume": … }`, oldest first. The close as traded is kept (the
 * engine applies splits itself; the adjusted close rewrites the past). A close of 0 or null (no
 * trade) is left out; anything else that is not a positive number refuses the whole answer.
 *
 * @example parseEodhdEod(text, 'AAPL.US', 'USD')[0] // { symbol: 'AAPL.US', currency: 'USD', date: '2025-01-02', close: '243.85' }
 */
export function parseEodhdEod(text: string, symbol: string, currency: string): QuoteClose[] {
  const document = providerJson(text, 'EODHD')
  if (!Array.isArray(document)) throw badResponse('EODHD', `${symbol}: not a list of days`)
  const closes: QuoteClose[] = []
  for (const row of document as EodRow[]) {
    const date = typeof row === 'object' && row !== null ? row.date : undefined
    if (parseIsoDate(date) === null) throw badResponse('EODHD', `${symbol}: a day without its date`)
    if (row.close === null || (typeof row.close === 'string' && /^0+(?:\.0+)?$/.test(row.close))) {
      continue
    }
    const close = quotePrice(row.close)
    if (close === null)
      throw badResponse('EODHD', `${symbol}: close ${String(row.close)} is not a price`)
    closes.push({ symbol, currency, date: date as string, close })
  }
  return closes
}
