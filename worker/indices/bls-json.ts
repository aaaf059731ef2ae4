import { isPositiveDecimal } from '../fx/fx-parse'
import { isMonth } from './months'
import type { PriceIndexDefinition } from './price-index-catalog'
import { IndexParseError, type IndexValue } from './price-index-provider'

interface BlsAnswer {
  status?: unknown
  message?: unknown
  Results?: { series?: { seriesID?: unknown; data?: Record<string, unknown>[] }[] }
}

const PERIOD = /^M(0[1-9]|1[0-2])$/

/**
 * The values of a BLS Public Data API answer (`/timeseries/data/`):
 * `{"status": "REQUEST_SUCCEEDED", "Results": {"series": [{"seriesID": "CUUR0000SA0", "data":
 * [{"year": "2025", "period": "M09", "value": "324.800", "footnotes": [{}]}]}]}}`, newest first.
 * Values are strings, kept exactly. `M13` (an annual average) is not a month; a value of `-`
 * is a month the BLS did not publish (October 2025, "Data unavailable due to the 2025 lapse in
 * appropriations") and is left out. Any other status (the daily limit reached, say) throws with
 * the BLS's messages.
 *
 * @example parseBlsJson(json, cpi)[0] // { index: 'US-CPI-1982', month: '2026-01', value: '325.252' }
 */
export function parseBlsJson(json: string, index: PriceIndexDefinition): IndexValue[] {
  let answer: BlsAnswer
  try {
    answer = JSON.parse(json) as BlsAnswer
  } catch {
    throw new IndexParseError('BLS', 'not JSON')
  }
  if (answer?.status !== 'REQUEST_SUCCEEDED') {
    const messages = Array.isArray(answer?.message) ? answer.message.join(' ') : ''
    throw new IndexParseError('BLS', `status ${String(answer?.status)}: ${messages}`.trim())
  }
  const series = answer.Results?.series?.find((entry) => entry.seriesID === index.sourceSeries)
  const values: IndexValue[] = []
  for (const entry of series?.data ?? []) {
    if (entry.period === 'M13' || entry.value === '-') continue
    const period = typeof entry.period === 'string' ? PERIOD.exec(entry.period) : null
    const month = period ? `${String(entry.year)}-${period[1]}` : ''
    if (!isMonth(month)) {
      throw new IndexParseError('BLS', `period ${String(entry.year)} ${String(entry.period)}`)
    }
    if (!isPositiveDecimal(entry.value)) {
      throw new IndexParseError('BLS', `bad value for ${month}: ${String(entry.value)}`)
    }
    values.push({ index: index.code, month, value: entry.value })
  }
  return values
}
