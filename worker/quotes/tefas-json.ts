import { formatIsoDate } from '../portfolio/iso-date'
import { parseJsonExact } from './exact-json'
import { badResponse } from './quote-error'
import type { QuoteClose } from './quote-provider'
import { quotePrice } from './quote-price'

const DAY_MS = 86_400_000
/** Istanbul is UTC+3 all year: a TARIH at its midnight (21:00 UTC) is still that day. */
const ISTANBUL_OFFSET_MS = 3 * 3_600_000

interface TefasRow {
  TARIH?: unknown
  FONKODU?: unknown
  FIYAT?: unknown
}

function isZero(text: unknown): boolean {
  return typeof text === 'string' && /^0+(?:\.0+)?$/.test(text)
}

/**
 * The daily unit prices in a TEFAS `api/DB/BindHistoryInfo` answer:
 * `{ "draw": 0, "recordsTotal": n, "data": [{ "TARIH": "1761091200000", "FONKODU": "YKT",
 * "FONUNVAN": "…", "FIYAT": 0.812882, "TEDPAYSAYISI": …, "KISISAYISI": …, "PORTFOYBUYUKLUK": …,
 * "BORSABULTENFIYAT": "-" }] }`, TARIH being the day's midnight in epoch milliseconds (text or
 * number). Rows of the fund `code` only. A price of 0 or null (no price that day) is left out;
 * anything else that is not a positive number refuses the whole answer.
 *
 * @example parseTefasHistory(text, 'YKT', 'TRY')[0] // { symbol: 'YKT', currency: 'TRY', date: '2025-10-22', close: '0.812882' }
 */
export function parseTefasHistory(text: string, code: string, currency: string): QuoteClose[] {
  let document: unknown
  try {
    document = parseJsonExact(text)
  } catch {
    throw badResponse('TEFAS', 'not JSON')
  }
  const rows = (document as { data?: unknown } | null)?.data
  if (!Array.isArray(rows)) throw badResponse('TEFAS', 'no data list')
  const closes: QuoteClose[] = []
  for (const row of rows as TefasRow[]) {
    if (typeof row !== 'object' || row === null || typeof row.FONKODU !== 'string') {
      throw badResponse('TEFAS', 'a row without FONKODU')
    }
    if (row.FONKODU !== code) continue
    const millis =
      typeof row.TARIH === 'string' && /^\d{1,15}$/.test(row.TARIH) ? Number(row.TARIH) : NaN
    if (!Number.isSafeInteger(millis)) {
      throw badResponse('TEFAS', `${code}: TARIH ${String(row.TARIH)} is not a time`)
    }
    if (row.FIYAT === null || isZero(row.FIYAT)) continue
    const close = quotePrice(row.FIYAT)
    if (close === null)
      throw badResponse('TEFAS', `${code}: FIYAT ${String(row.FIYAT)} is not a price`)
    const date = formatIsoDate(Math.floor((millis + ISTANBUL_OFFSET_MS) / DAY_MS))
    closes.push({ symbol: code, currency, date, close })
  }
  return closes
}
