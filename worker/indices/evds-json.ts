import { isPositiveDecimal } from '../fx/fx-parse'
import { isMonth } from './months'
import type { PriceIndexDefinition } from './price-index-catalog'
import { IndexParseError, type IndexValue } from './price-index-provider'

const YEAR_MONTH = /^(\d{4})-(\d{1,2})$/
const MONTH_YEAR = /^(\d{1,2})-(\d{4})$/

/** EVDS's `Tarih` of a monthly series: `2024-1` (as it writes it), `2024-01` or `01-2024`. */
function monthOf(tarih: unknown): string | null {
  if (typeof tarih !== 'string') return null
  const yearFirst = YEAR_MONTH.exec(tarih)
  const monthFirst = yearFirst ? null : MONTH_YEAR.exec(tarih)
  const year = yearFirst?.[1] ?? monthFirst?.[2]
  const month = yearFirst?.[2] ?? monthFirst?.[1]
  const iso = year && month ? `${year}-${month.padStart(2, '0')}` : ''
  return isMonth(iso) ? iso : null
}

/**
 * The values of a TCMB EVDS answer (`.../series=TP.TUFE1YI.T1&startDate=…&type=json`):
 * `{"totalCount": n, "items": [{"Tarih": "2024-1", "TP_TUFE1YI_T1": "3036.79", "UNIXTIME": …}]}`,
 * the series' field named by its code with `_` for `.`. Values are strings, kept exactly; an
 * empty or null value is a month not published yet and is left out.
 *
 * @example parseEvdsJson(json, yiUfe)[0] // { index: 'TR-YIUFE-2003', month: '2008-01', value: '145.18' }
 */
export function parseEvdsJson(json: string, index: PriceIndexDefinition): IndexValue[] {
  let document: unknown
  try {
    document = JSON.parse(json)
  } catch {
    throw new IndexParseError('EVDS', 'not JSON')
  }
  const items = (document as { items?: unknown } | null)?.items
  if (!Array.isArray(items)) throw new IndexParseError('EVDS', 'no items array')
  const field = index.sourceSeries.replaceAll('.', '_')
  const values: IndexValue[] = []
  for (const item of items as Record<string, unknown>[]) {
    const month = monthOf(item?.Tarih)
    if (month === null) {
      throw new IndexParseError('EVDS', `Tarih ${String(item?.Tarih)} is not a month`)
    }
    const value = item[field]
    if (value === null || value === undefined || value === '') continue
    if (!isPositiveDecimal(value)) {
      throw new IndexParseError('EVDS', `bad ${field} for ${month}: ${String(value)}`)
    }
    values.push({ index: index.code, month, value })
  }
  return values
}
