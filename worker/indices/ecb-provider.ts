import { parseEcbCsv } from './ecb-csv'
import { fetchDocument } from './fetch-document'
import type { PriceIndexProvider } from './price-index-provider'

/** The ECB Data Portal's SDMX web service (`INDICES_ECB_URL` overrides). */
export const ECB_DATA_DEFAULT_URL = 'https://data-api.ecb.europa.eu/service'

/**
 * Eurostat's euro area HICP as the ECB's Data Portal serves it: one series a request as
 * SDMX-CSV (`/data/ICP/M.U2.N.000000.4.INX?format=csvdata&startPeriod=…&endPeriod=…`); no key.
 * A range without observations answers 404: no values.
 */
export function createEcbIndexProvider(options: { baseUrl?: string }): PriceIndexProvider {
  const baseUrl = (options.baseUrl || ECB_DATA_DEFAULT_URL).replace(/\/+$/, '')
  return {
    source: 'ECB',
    // The whole history is a few hundred rows: one request.
    monthsPerRequest: 1200,
    async fetchMonths(index, from, to) {
      const url = `${baseUrl}/data/${index.sourceSeries}?format=csvdata&startPeriod=${from}&endPeriod=${to}`
      const csv = await fetchDocument(url, { headers: { Accept: 'text/csv' } })
      if (csv === null) return []
      return parseEcbCsv(csv, index).filter((value) => value.month >= from && value.month <= to)
    },
  }
}
