import { parseBundesbankXml } from './bundesbank-xml'
import { fetchDocument } from './fetch-document'
import type { PriceIndexProvider } from './price-index-provider'

/** The Bundesbank's SDMX web service (`INDICES_BUNDESBANK_URL` overrides). */
export const BUNDESBANK_DEFAULT_URL = 'https://api.statistiken.bundesbank.de/rest'

/**
 * Destatis's consumer price index as the Bundesbank's time series database serves it: one series
 * a request as SDMX-ML generic data (`/data/BBDP1/M.DE.N.VPI.C.A00000.I20.A?startPeriod=…`); no
 * key. A range without observations answers 404: no values.
 */
export function createBundesbankProvider(options: { baseUrl?: string }): PriceIndexProvider {
  const baseUrl = (options.baseUrl || BUNDESBANK_DEFAULT_URL).replace(/\/+$/, '')
  return {
    source: 'BUNDESBANK',
    // The whole history since 1991 is a few hundred observations: one request.
    monthsPerRequest: 1200,
    async fetchMonths(index, from, to) {
      const url = `${baseUrl}/data/${index.sourceSeries}?startPeriod=${from}&endPeriod=${to}`
      const xml = await fetchDocument(url, {
        headers: { Accept: 'application/vnd.sdmx.genericdata+xml;version=2.1' },
      })
      if (xml === null) return []
      return parseBundesbankXml(xml, index).filter(
        (value) => value.month >= from && value.month <= to,
      )
    },
  }
}
