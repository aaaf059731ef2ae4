import { fetchDocument, IndexFetchError } from './fetch-document'
import { parseEvdsJson } from './evds-json'
import { lastDayOfMonth } from './months'
import type { PriceIndexProvider } from './price-index-provider'

/** Where the TCMB's EVDS 3 web service answers (`INDICES_EVDS_URL` overrides). */
export const EVDS_DEFAULT_URL = 'https://evds3.tcmb.gov.tr/igmevdsms-dis'

/**
 * EVDS answers at most 150 observations a request (past that, the last 150 before the end
 * date): a backfill asks ten years at a time.
 */
const EVDS_MONTHS_PER_REQUEST = 120

/** `2024-01-31` → `31-01-2024`, the date format EVDS takes. */
function evdsDate(day: string): string {
  const [year, month, date] = day.split('-')
  return `${date}-${month}-${year}`
}

/**
 * TÜİK's indices as the TCMB's Electronic Data Delivery System (EVDS) serves them: one series a
 * request, its parameters written into the path (`…/series=TP.TUFE1YI.T1&startDate=01-01-2003&
 * endDate=31-12-2012&type=json`), the user's free API key in the `key` header. Without a key
 * there is no provider: the job skips these indices (docs/price-indices.md).
 */
export function createEvdsProvider(options: {
  baseUrl?: string
  key?: string
}): PriceIndexProvider | null {
  const key = options.key?.trim()
  if (!key) return null
  const baseUrl = (options.baseUrl || EVDS_DEFAULT_URL).replace(/\/+$/, '')
  return {
    source: 'EVDS',
    monthsPerRequest: EVDS_MONTHS_PER_REQUEST,
    async fetchMonths(index, from, to) {
      const url =
        `${baseUrl}/series=${index.sourceSeries}&startDate=${evdsDate(`${from}-01`)}` +
        `&endDate=${evdsDate(lastDayOfMonth(to))}&type=json`
      const json = await fetchDocument(url, { headers: { key, Accept: 'application/json' } })
      if (json === null) throw new IndexFetchError(url, 404)
      return parseEvdsJson(json, index).filter((value) => value.month >= from && value.month <= to)
    },
  }
}
