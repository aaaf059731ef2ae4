import { XMLParser } from 'fast-xml-parser'
import { parseIsoDate } from '../portfolio/iso-date'
import type { FxRate } from './fx-provider'
import { FxParseError, isCurrencyCode, isPositiveDecimal } from './fx-parse'

// Attributes as plain strings (parseAttributeValue off): rates stay exact decimals.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  removeNSPrefix: true,
  processEntities: false,
  isArray: (tagName) => tagName === 'Cube',
})

interface Cube {
  time?: string
  currency?: string
  rate?: string
  Cube?: Cube[]
}

/**
 * The rates of an ECB euro foreign exchange reference document (`eurofxref-daily.xml`,
 * `eurofxref-hist-90d.xml`, `eurofxref-hist.xml`): a gesmes `Envelope` whose `Cube` holds one
 * `Cube time="YYYY-MM-DD"` per day, each holding `Cube currency="USD" rate="1.0321"` — units of the
 * currency per 1 euro. Rows are EUR → currency.
 *
 * @example parseEcbXml(xml)[0] // { source: 'ECB', base: 'EUR', quote: 'USD', rateDate: '2025-01-03', rate: '1.0299' }
 */
export function parseEcbXml(xml: string): FxRate[] {
  const document = parser.parse(xml) as { Envelope?: { Cube?: Cube[] } }
  const days = document.Envelope?.Cube?.[0]?.Cube
  if (!days) throw new FxParseError('ECB', 'no Envelope/Cube/Cube[time] element')
  const rates: FxRate[] = []
  for (const day of days) {
    const rateDate = day.time
    if (parseIsoDate(rateDate) === null) {
      throw new FxParseError('ECB', `day ${String(rateDate)} is not a YYYY-MM-DD date`)
    }
    for (const entry of day.Cube ?? []) {
      const { currency, rate } = entry
      if (!isCurrencyCode(currency) || !isPositiveDecimal(rate)) {
        throw new FxParseError(
          'ECB',
          `bad rate on ${rateDate}: ${String(currency)} ${String(rate)}`,
        )
      }
      rates.push({
        source: 'ECB',
        base: 'EUR',
        quote: currency,
        rateDate: rateDate as string,
        rate,
      })
    }
  }
  return rates
}
