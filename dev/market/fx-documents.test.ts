import { describe, expect, it } from 'vitest'
import { parseEcbXml, parseEcbXmlInSlices } from '../../worker/fx/ecb-xml'
import { parseTcmbXml } from '../../worker/fx/tcmb-xml'
import { formatFixed } from '../demo/fixed-point'
import { RATE_SCALE } from '../demo/demo-market'
import { ecbDocument } from './ecb-documents'
import { demoMarketOf } from './market-series'
import { tcmbBulletin } from './tcmb-bulletins'

const WEDNESDAY = '2026-03-04'
const SUNDAY = '2026-03-08'

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
