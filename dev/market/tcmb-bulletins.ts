import { formatIsoDate } from '../../worker/portfolio/iso-date'
import { dayOf, weekdaysBetween } from '../demo/trading-days'
import { fxSeriesOf, TCMB_CURRENCIES } from './fx-series'
import { lastWeekdayOnOrBefore } from './market-series'

/** `202501/06012025.xml` → `2025-01-06`, or null for any other path. */
function dayOfPath(path: string): string | null {
  const match = /^(\d{4})(\d{2})\/(\d{2})(\d{2})(\d{4})\.xml$/.exec(path)
  if (!match || match[1] !== match[5] || match[2] !== match[4]) return null
  const iso = `${match[1]}-${match[2]}-${match[3]}`
  try {
    return formatIsoDate(dayOf(iso)) === iso ? iso : null
  } catch {
    return null
  }
}

/** Lira per unit with four decimals, five below one lira (RUB, PKR, KRW, IRR), as the bulletin writes them. */
const lira = (value: number) => value.toFixed(value < 1 ? 5 : 4)

/**
 * A TCMB bulletin (`today.xml`: the last weekday up to `today`; `YYYYMM/DDMMYYYY.xml`: that
 * weekday of the year up to today) in the TCMB's own layout: each currency's forex and banknote
 * buying and selling rates in lira per `Unit` (100 for the yen and the rial), and its cross rate. Null (the
 * TCMB answers 404) for a weekend, a day outside the year, a day to come, or any other path.
 */
export function tcmbBulletin(path: string, today: string): string | null {
  const rates = fxSeriesOf(today)
  const date = path === 'today.xml' ? lastWeekdayOnOrBefore(today) : dayOfPath(path)
  if (date === null || !rates.has(date)) return null
  const [year = '', month = '', day = ''] = date.split('-')
  const number = weekdaysBetween(dayOf(`${year}-01-01`), dayOf(date)).length
  const currencies = TCMB_CURRENCIES.map((currency, order) => {
    const perOne = rates.tcmbRate(currency.code, date)
    const buying = perOne * currency.unit
    const rate = (factor: number) => lira(buying * factor)
    const banknote = (factor: number) => (currency.banknotes ? rate(factor) : '')
    // Units (single ones, whatever the bulletin's unit) per dollar: 157.66 yen, 1384 won.
    const perUsd = rates.unitsPerUsd(currency.code, date)
    const crossUsd =
      currency.cross === 'usd'
        ? `<CrossRateUSD>${perUsd.toFixed(perUsd >= 1000 ? 0 : perUsd >= 100 ? 2 : 4)}</CrossRateUSD>`
        : '<CrossRateUSD/>'
    const crossOther =
      currency.cross === 'other'
        ? `<CrossRateOther>${(1 / rates.unitsPerUsd(currency.code, date)).toFixed(4)}</CrossRateOther>`
        : '<CrossRateOther/>'
    const selling =
      currency.code === 'XDR' ? '<ForexSelling/>' : `<ForexSelling>${rate(1.0018)}</ForexSelling>`
    const banknotes =
      currency.code === 'XDR'
        ? ['<BanknoteBuying/>', '<BanknoteSelling/>']
        : [
            `<BanknoteBuying>${banknote(0.9993)}</BanknoteBuying>`,
            `<BanknoteSelling>${banknote(1.0045)}</BanknoteSelling>`,
          ]
    return [
      `\t<Currency CrossOrder="${order}" Kod="${currency.code}" CurrencyCode="${currency.code}">`,
      `\t\t\t<Unit>${currency.unit}</Unit>`,
      `\t\t\t<Isim>${currency.isim}</Isim>`,
      `\t\t\t<CurrencyName>${currency.name}</CurrencyName>`,
      `\t\t\t<ForexBuying>${lira(buying)}</ForexBuying>`,
      `\t\t\t${selling}`,
      ...banknotes.map((line) => `\t\t\t${line}`),
      `\t\t\t\t${crossUsd}`,
      `\t\t\t\t${crossOther}`,
      '\t\t',
      '\t</Currency>',
    ].join('\n')
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?xml-stylesheet type="text/xsl" href="isokur.xsl"?>',
    `<Tarih_Date Tarih="${day}.${month}.${year}" Date="${month}/${day}/${year}"  Bulten_No="${year}/${number}" >`,
    ...currencies,
    '</Tarih_Date>',
  ].join('\n')
}
