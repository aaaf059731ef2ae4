import { XMLParser } from 'fast-xml-parser'
import { isPositiveDecimal } from '../fx/fx-parse'
import { isMonth } from './months'
import type { PriceIndexDefinition } from './price-index-catalog'
import { checkPublishedBase, IndexParseError, type IndexValue } from './price-index-provider'

// Attributes as plain strings (parseAttributeValue off): values stay exact decimals.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  removeNSPrefix: true,
  processEntities: false,
  isArray: (tagName) => ['Series', 'Obs', 'Value'].includes(tagName),
})

interface Named {
  id?: string
  value?: string
}

interface Series {
  Attributes?: { Value?: Named[] }
  Obs?: { ObsDimension?: { value?: string }; ObsValue?: { value?: string } }[]
}

/**
 * The values of a Bundesbank SDMX web service answer as generic data (SDMX-ML 2.1,
 * `application/vnd.sdmx.genericdata+xml`): `GenericData/DataSet/Series`, whose `Attributes` name
 * the series (`BBK_ID` `BBDP1.M.DE.N.VPI.C.A00000.I20.A`) and its unit (`2020 = 100`, checked
 * against the index's base), and one `Obs` a month with `ObsDimension value="2024-01"` and
 * `ObsValue value="117.6"` (kept as written). An `Obs` without `ObsValue` is a month without a
 * value and is left out.
 *
 * @example parseBundesbankXml(xml, vpi)[0] // { index: 'DE-VPI-2020', month: '2024-01', value: '117.6' }
 */
export function parseBundesbankXml(xml: string, index: PriceIndexDefinition): IndexValue[] {
  const document = parser.parse(xml) as {
    GenericData?: { DataSet?: { Series?: Series[] } | '' }
  }
  const dataSet = document.GenericData?.DataSet
  if (dataSet === undefined) throw new IndexParseError('BUNDESBANK', 'no GenericData/DataSet')
  const id = index.sourceSeries.replace('/', '.')
  const values: IndexValue[] = []
  for (const series of (dataSet === '' ? undefined : dataSet.Series) ?? []) {
    const attributes = new Map(
      (series.Attributes?.Value ?? []).map((attribute) => [attribute.id, attribute.value]),
    )
    if (attributes.get('BBK_ID') !== id) {
      throw new IndexParseError(
        'BUNDESBANK',
        `series ${String(attributes.get('BBK_ID'))}, not ${id}`,
      )
    }
    checkPublishedBase(index, [attributes.get('BBK_UNIT'), attributes.get('UNIT_ENG')])
    for (const obs of series.Obs ?? []) {
      const month = obs.ObsDimension?.value
      if (!isMonth(month)) {
        throw new IndexParseError('BUNDESBANK', `ObsDimension ${String(month)} is not a month`)
      }
      const value = obs.ObsValue?.value
      if (value === undefined) continue
      if (!isPositiveDecimal(value)) {
        throw new IndexParseError('BUNDESBANK', `bad ObsValue for ${month}: ${value}`)
      }
      values.push({ index: index.code, month, value })
    }
  }
  return values
}
