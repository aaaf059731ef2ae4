import { fetchXml, FxFetchError } from './fetch-xml'
import { addDays, isWeekday } from './fx-dates'
import type { FxProvider } from './fx-provider'
import { parseTcmbXml } from './tcmb-xml'

/** Where the TCMB publishes its indicative exchange rates (`FX_TCMB_URL` overrides). */
export const TCMB_DEFAULT_URL = 'https://www.tcmb.gov.tr/kurlar'

/** One request per missing weekday: a backfill reaches this many days back at most. */
export const TCMB_BACKFILL_LIMIT_DAYS = 14

/** `2025-01-03` → `202501/03012025.xml`, the TCMB's path for that day's bulletin. */
export function tcmbDayPath(iso: string): string {
  const [year, month, day] = iso.split('-')
  return `${year}${month}/${day}${month}${year}.xml`
}

/**
 * The TCMB's indicative rates (TRY per unit of about 20 currencies, each Turkish business day at
 * 15:30 Istanbul): `today.xml`, or one document per day. A day without a bulletin (weekend,
 * holiday, or not yet published) answers 404 and is skipped.
 */
export function createTcmbProvider(options: { baseUrl?: string }): FxProvider {
  const baseUrl = (options.baseUrl || TCMB_DEFAULT_URL).replace(/\/+$/, '')
  return {
    id: 'TCMB',
    firstDate: '1996-05-02',
    backfillLimitDays: TCMB_BACKFILL_LIMIT_DAYS,
    async fetchLatest() {
      const url = `${baseUrl}/today.xml`
      const xml = await fetchXml(url)
      if (xml === null) throw new FxFetchError(url, 404)
      return parseTcmbXml(xml)
    },
    async *fetchHistory(from, to) {
      for (let day = from; day <= to; day = addDays(day, 1)) {
        if (!isWeekday(day)) continue
        const xml = await fetchXml(`${baseUrl}/${tcmbDayPath(day)}`)
        if (xml !== null) yield parseTcmbXml(xml)
      }
    },
  }
}
