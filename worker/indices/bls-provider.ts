import { parseBlsJson } from './bls-json'
import { fetchDocument, IndexFetchError } from './fetch-document'
import type { PriceIndexProvider } from './price-index-provider'

/** The BLS Public Data API, version 1: no registration (`INDICES_BLS_URL` overrides). */
export const BLS_DEFAULT_URL = 'https://api.bls.gov/publicAPI/v1'

/** Version 2, for a registered key (`BLS_API_KEY`): 500 requests a day instead of 25. */
export const BLS_REGISTERED_URL = 'https://api.bls.gov/publicAPI/v2'

/**
 * The US Bureau of Labor Statistics' CPI through its Public Data API: a POST of
 * `{"seriesid": [...], "startyear": "2016", "endyear": "2025"}` to `/timeseries/data/`. Version 1
 * needs no key and answers at most 10 years a request and 25 requests a day from one address
 * (shared with everyone else's on that address); with an optional free key, version 2 and 500 a
 * day. Nine years of months always fall within 10 calendar years.
 */
export function createBlsProvider(options: { baseUrl?: string; key?: string }): PriceIndexProvider {
  const key = options.key?.trim()
  const baseUrl = (options.baseUrl || (key ? BLS_REGISTERED_URL : BLS_DEFAULT_URL)).replace(
    /\/+$/,
    '',
  )
  return {
    source: 'BLS',
    monthsPerRequest: 108,
    async fetchMonths(index, from, to) {
      const url = `${baseUrl}/timeseries/data/`
      const json = await fetchDocument(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          seriesid: [index.sourceSeries],
          startyear: from.slice(0, 4),
          endyear: to.slice(0, 4),
          ...(key ? { registrationkey: key } : {}),
        }),
      })
      if (json === null) throw new IndexFetchError(url, 404)
      return parseBlsJson(json, index).filter((value) => value.month >= from && value.month <= to)
    },
  }
}
