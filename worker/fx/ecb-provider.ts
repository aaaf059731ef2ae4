import { parseEcbXml, parseEcbXmlInSlices } from './ecb-xml'
import { fetchXml, FxFetchError } from './fetch-xml'
import { addDays } from './fx-dates'
import type { FxProvider } from './fx-provider'

/** Where the ECB publishes its euro foreign exchange reference rates (`FX_ECB_URL` overrides). */
export const ECB_DEFAULT_URL = 'https://www.ecb.europa.eu/stats/eurofxref'

/**
 * `eurofxref-hist-90d.xml` holds about 90 calendar days; a backfill starting later than this
 * many days ago reads it, an older one the whole history (`eurofxref-hist.xml`, since 1999).
 */
const NINETY_DAY_FILE_REACH = 85

/** Days parsed at a time from a history document: about a year. */
const DAYS_PER_SLICE = 256

/**
 * The ECB's reference rates (about 30 currencies against the euro, each TARGET business day
 * around 16:00 CET): one document for the day, the last 90 days, or everything since 1999.
 */
export function createEcbProvider(options: { baseUrl?: string; today: string }): FxProvider {
  const baseUrl = (options.baseUrl || ECB_DEFAULT_URL).replace(/\/+$/, '')
  const read = async (file: string): Promise<string> => {
    const url = `${baseUrl}/${file}`
    const xml = await fetchXml(url)
    if (xml === null) throw new FxFetchError(url, 404)
    return xml
  }
  return {
    id: 'ECB',
    firstDate: '1999-01-04',
    backfillLimitDays: null,
    fetchLatest: async () => parseEcbXml(await read('eurofxref-daily.xml')),
    async *fetchHistory(from, to) {
      const recent = from >= addDays(options.today, -NINETY_DAY_FILE_REACH)
      const xml = await read(recent ? 'eurofxref-hist-90d.xml' : 'eurofxref-hist.xml')
      for (const rates of parseEcbXmlInSlices(xml, DAYS_PER_SLICE)) {
        const wanted = rates.filter((rate) => rate.rateDate >= from && rate.rateDate <= to)
        if (wanted.length > 0) yield wanted
      }
    },
  }
}
