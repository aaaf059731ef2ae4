import { parseIsoDate } from '../portfolio/iso-date'
import { providerJson } from './provider-json'
import { badResponse, QuoteError } from './quote-error'
import type { QuoteClose } from './quote-provider'
import { quotePrice } from './quote-price'

/** The messages TEFAS answers, inside a 200, when it has no rows for what was asked. */
const NOTHING_FOUND = /bulunamad|out of bounds/i

interface FundRow {
  fonKodu?: unknown
  tarih?: unknown
  fiyat?: unknown
}

function isZero(text: unknown): boolean {
  return typeof text === 'string' && /^0+(?:\.0+)?$/.test(text)
}

/**
 * The daily unit prices in an answer of TEFAS's fund API (`/api/funds/fonFiyatBilgiGetir`, one
 * fund's history, and `/api/funds/fonGnlBlgSiraliGetir`, every fund's day by day):
 * `{ "errorCode": null, "errorMessage": null, "resultList": [{ "fonKodu": "TTE",
 * "fonUnvan": "…", "tarih": "2025-01-07T00:00:00", "fiyat": 0.812882, … }] }`, of every fund
 * in it. TEFAS answers its errors inside a 200: "nothing found" is no rows, any other message
 * (`Sistem Hatası!!`) is the provider's failure. A price of 0 or null (no price that day) is left
 * out; anything else that is not a positive number refuses the whole answer.
 *
 * @example parseTefasFunds(text, 'TRY')[0] // { symbol: 'TTE', currency: 'TRY', date: '2025-01-07', close: '0.812882' }
 */
export function parseTefasFunds(text: string, currency: string): QuoteClose[] {
  const document = providerJson(text, 'TEFAS')
  const envelope = (document ?? {}) as { errorMessage?: unknown; resultList?: unknown }
  if (typeof envelope.errorMessage === 'string' && envelope.errorMessage !== '') {
    if (NOTHING_FOUND.test(envelope.errorMessage)) return []
    throw new QuoteError('server_error', `TEFAS answered: ${envelope.errorMessage.slice(0, 200)}`)
  }
  const rows = envelope.resultList
  if (rows === null) return []
  if (!Array.isArray(rows)) throw badResponse('TEFAS', 'no resultList')
  const closes: QuoteClose[] = []
  for (const row of rows as FundRow[]) {
    if (typeof row !== 'object' || row === null || typeof row.fonKodu !== 'string') {
      throw badResponse('TEFAS', 'a row without fonKodu')
    }
    const code = row.fonKodu
    const date = typeof row.tarih === 'string' ? row.tarih.slice(0, 10) : null
    if (parseIsoDate(date) === null) {
      throw badResponse('TEFAS', `${code}: tarih ${String(row.tarih)} is not a day`)
    }
    if (row.fiyat === null || isZero(row.fiyat)) continue
    const close = quotePrice(row.fiyat)
    if (close === null) {
      throw badResponse('TEFAS', `${code}: fiyat ${String(row.fiyat)} is not a price`)
    }
    closes.push({ symbol: code, currency, date: date as string, close })
  }
  return closes
}
