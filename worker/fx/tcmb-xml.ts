import { XMLParser } from 'fast-xml-parser'
import { decimal } from '../../shared/decimal/decimal'
import { parseIsoDate } from '../portfolio/iso-date'
import type { FxRate } from './fx-provider'
import { FxParseError, isCurrencyCode, isPositiveDecimal } from './fx-parse'

// Element texts as plain strings (parseTagValue off): rates stay exact decimals.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: false,
  isArray: (tagName) => tagName === 'Currency',
})

interface TcmbCurrency {
  Kod?: string
  CurrencyCode?: string
  Unit?: string
  ForexBuying?: string
}

const UNIT = /^[1-9]\d*$/
const TURKISH_DATE = /^(\d{2})\.(\d{2})\.(\d{4})$/

/**
 * The rates of a TCMB indicative exchange rates bulletin (`today.xml`, `YYYYMM/DDMMYYYY.xml`):
 * `Tarih_Date Tarih="DD.MM.YYYY"` holding one `Currency Kod="USD" CurrencyCode="USD"` per
 * currency with `Unit`, `ForexBuying`, `ForexSelling`, `BanknoteBuying`, ... in TRY per `Unit`
 * units. Rows are currency → TRY at the forex buying rate (the one Turkish tax rules value foreign
 * currency at; docs/fx-rates.md), divided by the unit (100 for JPY) so each is TRY per 1 unit.
 * A currency without a forex buying rate is left out.
 *
 * @example parseTcmbXml(xml)[0] // { source: 'TCMB', base: 'USD', quote: 'TRY', rateDate: '2025-01-03', rate: '35.3653' }
 */
export function parseTcmbXml(xml: string): FxRate[] {
  const document = parser.parse(xml) as {
    Tarih_Date?: { Tarih?: string; Currency?: TcmbCurrency[] }
  }
  const bulletin = document.Tarih_Date
  if (!bulletin) throw new FxParseError('TCMB', 'no Tarih_Date element')
  const rateDate = turkishDateToIso(bulletin.Tarih)
  const rates: FxRate[] = []
  for (const currency of bulletin.Currency ?? []) {
    const code = currency.CurrencyCode || currency.Kod
    const { Unit: unit, ForexBuying: buying } = currency
    if (!isCurrencyCode(code) || typeof unit !== 'string' || !UNIT.test(unit)) {
      throw new FxParseError(
        'TCMB',
        `bad currency on ${rateDate}: ${String(code)} unit ${String(unit)}`,
      )
    }
    if (buying === undefined || buying === '') continue
    if (!isPositiveDecimal(buying)) {
      throw new FxParseError('TCMB', `bad forex buying rate on ${rateDate}: ${code} ${buying}`)
    }
    const rate = unit === '1' ? buying : decimal(buying).div(decimal(unit)).toString()
    rates.push({ source: 'TCMB', base: code, quote: 'TRY', rateDate, rate })
  }
  if (rates.length === 0) throw new FxParseError('TCMB', `no rates on ${rateDate}`)
  return rates
}

function turkishDateToIso(text: unknown): string {
  const match = typeof text === 'string' ? TURKISH_DATE.exec(text) : null
  const iso = match ? `${match[3]}-${match[2]}-${match[1]}` : ''
  if (parseIsoDate(iso) === null) {
    throw new FxParseError('TCMB', `Tarih ${String(text)} is not a DD.MM.YYYY date`)
  }
  return iso
}
