import { describe, expect, it } from 'vitest'
import { CURRENCY_SOURCES } from '../../shared/api/schemas/currencies'
import { parseEcbXml, parseEcbXmlInSlices } from '../../worker/fx/ecb-xml'
import type { FxRate } from '../../worker/fx/fx-provider'
import { parseTcmbXml } from '../../worker/fx/tcmb-xml'
import { formatFixed } from '../demo/fixed-point'
import { RATE_SCALE } from '../demo/demo-market'
import { ecbDocument } from './ecb-documents'
import { demoMarketOf, lastWeekdayOnOrBefore, utcToday } from './market-series'
import { tcmbBulletin } from './tcmb-bulletins'

const WEDNESDAY = '2026-03-04'
const SUNDAY = '2026-03-08'
/** The machine's day, as `npm run dev` serves it. */
const TODAY = utcToday(new Date())

/** The codes the app takes from `source`, in alphabetical order. */
const codesOf = (source: 'ECB' | 'TCMB') =>
  Object.entries(CURRENCY_SOURCES)
    .filter(([, sources]) => (sources as readonly string[]).includes(source))
    .map(([code]) => code)

/** The rate of `code` (the ECB's quote, the TCMB's base) in rows of one day. */
const rateOf = (rates: FxRate[], code: string) =>
  Number(rates.find((rate) => (rate.source === 'ECB' ? rate.quote : rate.base) === code)?.rate)

/** The rate of a pair on the last weekday up to `today` of the demo account made `today`. */
const demoRate = (source: 'ECB' | 'TCMB', base: string, quote: string, today: string) => {
  const day = lastWeekdayOnOrBefore(today)
  return Number(formatFixed(demoMarketOf(today).rate({ source, base, quote }, day), RATE_SCALE))
}

describe('ecbDocument', () => {
  it("answers the day's rates of the last weekday up to today", () => {
    const rates = parseEcbXml(ecbDocument('eurofxref-daily.xml', SUNDAY) ?? '')
    expect(rates).toHaveLength(30)
    expect(new Set(rates.map((rate) => rate.rateDate))).toEqual(new Set(['2026-03-06']))
    const usd = rates.find((rate) => rate.quote === 'USD')
    expect(Number(usd?.rate)).toBeGreaterThan(1)
    expect(Number(usd?.rate)).toBeLessThan(1.3)
  })

  it('answers 90 days and the whole year, newest first, as the demo has them', () => {
    const ninety = parseEcbXml(ecbDocument('eurofxref-hist-90d.xml', WEDNESDAY) ?? '')
    const dates = [...new Set(ninety.map((rate) => rate.rateDate))]
    expect(dates[0]).toBe(WEDNESDAY)
    expect(dates.length).toBeGreaterThan(60)
    expect(dates.at(-1)! >= '2025-12-04').toBe(true)
    const year = [...parseEcbXmlInSlices(ecbDocument('eurofxref-hist.xml', WEDNESDAY) ?? '', 256)]
      .flat()
      .filter((rate) => rate.quote === 'TRY')
    expect(year.length).toBeGreaterThan(250)
    const market = demoMarketOf(WEDNESDAY)
    const demo = market.rate({ source: 'ECB', base: 'EUR', quote: 'TRY' }, WEDNESDAY)
    expect(Number(year.find((rate) => rate.rateDate === WEDNESDAY)?.rate)).toBe(
      Number(formatFixed(demo, RATE_SCALE)),
    )
    expect(ecbDocument('other.xml', WEDNESDAY)).toBeNull()
  })

  it('carries every currency of the real reference rates, GBP and CHF near their real levels', () => {
    for (const today of [SUNDAY, TODAY]) {
      const rates = parseEcbXml(ecbDocument('eurofxref-daily.xml', today) ?? '')
      expect(rates.every((rate) => rate.rateDate === lastWeekdayOnOrBefore(today))).toBe(true)
      expect(rates.map((rate) => rate.quote).sort()).toEqual(
        codesOf('ECB').filter((c) => c !== 'EUR'),
      )
      expect(rateOf(rates, 'GBP')).toBeGreaterThan(0.8)
      expect(rateOf(rates, 'GBP')).toBeLessThan(0.93)
      expect(rateOf(rates, 'CHF')).toBeGreaterThan(0.88)
      expect(rateOf(rates, 'CHF')).toBeLessThan(1)
      expect(rateOf(rates, 'JPY')).toBeGreaterThan(150)
      expect(rateOf(rates, 'JPY')).toBeLessThan(190)
    }
    const ninety = parseEcbXml(ecbDocument('eurofxref-hist-90d.xml', WEDNESDAY) ?? '')
    const days = new Set(ninety.map((rate) => rate.rateDate))
    expect(ninety.filter((rate) => rate.quote === 'GBP')).toHaveLength(days.size)
  })

  it("keeps the demo account's EUR→USD and EUR→TRY", () => {
    for (const today of [WEDNESDAY, TODAY]) {
      const rates = parseEcbXml(ecbDocument('eurofxref-daily.xml', today) ?? '')
      expect(rateOf(rates, 'USD')).toBe(demoRate('ECB', 'EUR', 'USD', today))
      expect(rateOf(rates, 'TRY')).toBe(demoRate('ECB', 'EUR', 'TRY', today))
    }
  })
})

describe('tcmbBulletin', () => {
  it("answers today's bulletin and each weekday's, lira per unit", () => {
    const today = parseTcmbXml(tcmbBulletin('today.xml', SUNDAY) ?? '')
    expect(today[0]?.rateDate).toBe('2026-03-06')
    const day = parseTcmbXml(tcmbBulletin('202603/04032026.xml', WEDNESDAY) ?? '')
    expect(day.every((rate) => rate.rateDate === WEDNESDAY && Number(rate.rate) > 0)).toBe(true)
    const usd = day.find((rate) => rate.base === 'USD')
    const demo = demoMarketOf(WEDNESDAY).rate(
      { source: 'TCMB', base: 'USD', quote: 'TRY' },
      WEDNESDAY,
    )
    expect(Number(usd?.rate)).toBe(Number(formatFixed(demo, RATE_SCALE)))
    const jpy = Number(day.find((rate) => rate.base === 'JPY')?.rate)
    expect(jpy).toBeGreaterThan(0.1)
    expect(jpy).toBeLessThan(1)
    expect(day.map((rate) => rate.base)).toContain('XDR')
  })

  it('carries every currency of the real bulletin, GBP near its real level', () => {
    for (const today of [SUNDAY, TODAY]) {
      const day = lastWeekdayOnOrBefore(today)
      const rates = parseTcmbXml(tcmbBulletin('today.xml', today) ?? '')
      expect(rates.every((rate) => rate.rateDate === day && rate.quote === 'TRY')).toBe(true)
      expect(rates.map((rate) => rate.base).sort()).toEqual(
        codesOf('TCMB').filter((c) => c !== 'TRY'),
      )
      const gbp = rateOf(rates, 'GBP')
      expect(gbp).toBeGreaterThan(40)
      expect(gbp).toBeLessThan(65)
      // The pound in lira is the dollar's crossed through the ECB's euro rates, to a few digits.
      const ecb = parseEcbXml(ecbDocument('eurofxref-daily.xml', today) ?? '')
      const crossed = (rateOf(rates, 'USD') * rateOf(ecb, 'USD')) / rateOf(ecb, 'GBP')
      expect(Math.abs(gbp / crossed - 1)).toBeLessThan(1e-4)
      // 100 rials to the Unit, divided out by the parser.
      expect(rateOf(rates, 'IRR')).toBeGreaterThan(0)
      expect(rateOf(rates, 'IRR')).toBeLessThan(0.001)
    }
  })

  it("keeps the demo account's USD→TRY and EUR→TRY", () => {
    for (const today of [WEDNESDAY, TODAY]) {
      const rates = parseTcmbXml(tcmbBulletin('today.xml', today) ?? '')
      expect(rateOf(rates, 'USD')).toBe(demoRate('TCMB', 'USD', 'TRY', today))
      expect(rateOf(rates, 'EUR')).toBe(demoRate('TCMB', 'EUR', 'TRY', today))
    }
  })

  it('has no bulletin on a weekend, a day to come, a day before the year or another path', () => {
    for (const path of [
      '202603/07032026.xml',
      '202603/05032026.xml',
      '202401/03012024.xml',
      'x.xml',
    ]) {
      expect(tcmbBulletin(path, WEDNESDAY)).toBeNull()
    }
  })
})
