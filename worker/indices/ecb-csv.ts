import Papa from 'papaparse'
import { isPositiveDecimal } from '../fx/fx-parse'
import { isMonth } from './months'
import type { PriceIndexDefinition } from './price-index-catalog'
import { checkPublishedBase, IndexParseError, type IndexValue } from './price-index-provider'

type EcbRow = Record<string, string | undefined>

/**
 * The values of an ECB Data Portal answer in `format=csvdata` (SDMX-CSV): a header row, then one
 * row per month with the series `KEY` (`ICP.M.U2.N.000000.4.INX`), its dimensions,
 * `TIME_PERIOD` (`2025-01`), `OBS_VALUE` (`98.61`, kept as written) and the series' attributes,
 * `UNIT_INDEX_BASE` among them (checked against the index's base). An empty `OBS_VALUE` is a
 * month without an observation and is left out.
 *
 * @example parseEcbCsv(csv, hicp)[0] // { index: 'EA-HICP-2025', month: '2025-01', value: '98.61' }
 */
export function parseEcbCsv(csv: string, index: PriceIndexDefinition): IndexValue[] {
  const parsed = Papa.parse<EcbRow>(csv.trim(), { header: true, skipEmptyLines: true })
  const fields = parsed.meta.fields ?? []
  for (const column of ['KEY', 'TIME_PERIOD', 'OBS_VALUE']) {
    if (!fields.includes(column)) throw new IndexParseError('ECB', `no ${column} column`)
  }
  const key = index.sourceSeries.replace('/', '.')
  const values: IndexValue[] = []
  for (const row of parsed.data) {
    if (row.KEY !== key) throw new IndexParseError('ECB', `row of ${String(row.KEY)}, not ${key}`)
    checkPublishedBase(index, [row.UNIT_INDEX_BASE])
    const month = row.TIME_PERIOD
    if (!isMonth(month)) throw new IndexParseError('ECB', `TIME_PERIOD ${String(month)}`)
    const value = row.OBS_VALUE
    if (value === undefined || value === '') continue
    if (!isPositiveDecimal(value)) {
      throw new IndexParseError('ECB', `bad OBS_VALUE for ${month}: ${value}`)
    }
    values.push({ index: index.code, month, value })
  }
  return values
}
