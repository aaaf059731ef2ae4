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

const DAY_START = '<Cube time='
const ENVELOPE_START = '<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01"><Cube>'
const ENVELOPE_END = '</Cube></gesmes:Envelope>'

/**
 * The rates of a history document, oldest days first, parsed `daysPerSlice` days at a time: the
 * whole history (about 7,000 days since 1999) parsed at once would hold a tree of most of a
 * Worker's memory. Each slice is the document's own text from one `<Cube time=` to another,
 * wrapped in a bare envelope, so every day element is parsed exactly as in the full document.
 */
export function* parseEcbXmlInSlices(xml: string, daysPerSlice: number): Generator<FxRate[]> {
  const starts: number[] = []
  for (let at = xml.indexOf(DAY_START); at !== -1; at = xml.indexOf(DAY_START, at + 1)) {
    starts.push(at)
  }
  if (starts.length === 0) throw new FxParseError('ECB', 'no Envelope/Cube/Cube[time] element')
  // Documents list the newest day first: the last slice holds the oldest days.
  for (
    let first = Math.floor((starts.length - 1) / daysPerSlice) * daysPerSlice;
    first >= 0;
    first -= daysPerSlice
  ) {
    const end = starts[first + daysPerSlice]
    const days =
      end === undefined ? xml.slice(starts[first]) : xml.slice(starts[first], end) + ENVELOPE_END
    yield parseEcbXml(ENVELOPE_START + days)
  }
}
