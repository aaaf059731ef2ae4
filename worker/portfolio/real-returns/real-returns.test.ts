import { describe, expect, it } from 'vitest'
import { expectError, series as rates, unwrap } from '../test-fixtures'
import { timeWeightedReturn } from '../time-weighted-return'
import type { ValuePoint, ValueSeries } from '../value-series'
import type { MonthlyIndex } from './monthly-index'
import { chainIndex } from './monthly-index'
import {
  convertedMoneyWeightedReturn,
  convertedTimeWeightedReturn,
  realMoneyWeightedReturn,
  realTimeWeightedReturn,
} from './real-returns'
import { deflateSeries } from './transform-series'

// Every worked example of docs/real-returns.md, to the digits it gives.

const index = (code: string, ...months: [string, string][]): MonthlyIndex => ({
  code,
  months: months.map(([month, value]) => ({ month, value })),
})

/** A series from `from` to the last point's date; each point [date, value, money put in]. */
function valueSeries(
  from: string,
  opening: number,
  ...points: [string, number, number?][]
): ValueSeries {
  let investedCapital = opening
  const list: ValuePoint[] = points.map(([date, value, inflow = 0]) => {
    investedCapital += inflow
    return {
      date,
      value,
      investedCapital,
      cumulativeGain: value - investedCapital,
      inflow,
      outflow: 0,
    }
  })
  const to = list[list.length - 1]?.date ?? from
  return {
    baseCurrency: 'TRY',
    from,
    to,
    opening: { value: opening, investedCapital: opening },
    points: list,
  }
}

describe('1. a year of 50 % inflation and 40 % nominal gain', () => {
  const tufe = index('TUFE', ['2023-12', '100'], ['2024-12', '150'])
  const year = valueSeries('2024-01-01', 100_000, ['2024-01-01', 100_000], ['2024-12-31', 140_000])

  it('is +40 % nominal, −6.67 % real: 1.4 ÷ 1.5 − 1', () => {
    const result = unwrap(realTimeWeightedReturn(year, tufe))
    expect(result.nominal.cumulative).toBeCloseTo(0.4, 12)
    expect(result.inflation).toBeCloseTo(0.5, 12)
    expect(result.real.cumulative).toBeCloseTo(1.4 / 1.5 - 1, 12)
    expect(result.real.cumulative.toFixed(4)).toBe('-0.0667')
    expect(result.start).toMatchObject({ month: '2023-12', provisional: false })
    expect(result.end).toMatchObject({ month: '2024-12', provisional: false })
    expect(result.provisional).toBe(false)
  })

  it('starts at 150,000 in the money of December 2024', () => {
    const deflated = unwrap(deflateSeries(year, tufe)).series
    expect(deflated.opening.value).toBeCloseTo(150_000, 9)
    expect(deflated.points[deflated.points.length - 1]?.value).toBe(140_000)
  })
})

describe('2. the same portfolio in US dollars, the lira falling 30 %', () => {
  const year = valueSeries('2024-01-01', 100_000, ['2024-01-01', 100_000], ['2024-12-31', 140_000])
  const fxRates = { 'USD/TRY': rates(['2023-12-31', '28'], ['2024-12-31', '40']) }

  it('TWR in USD: 1.4 × 0.7 − 1 = −2.00 %', () => {
    const result = unwrap(convertedTimeWeightedReturn(year, 'USD', fxRates))
    expect(result.currency).toBe('USD')
    expect(result.nominal.cumulative).toBeCloseTo(0.4, 12)
    expect(result.currencyChange).toBeCloseTo(-0.3, 12)
    expect(result.converted.cumulative).toBeCloseTo(-0.02, 12)
    expect(result.start.value.toString()).toBe('0.03571428571428571429')
    expect(result.end.value.toString()).toBe('0.025')
  })

  it('MWR in USD: 0.98^(365 ÷ 366) − 1 = −1.99 %', () => {
    const result = unwrap(convertedMoneyWeightedReturn(year, 'USD', fxRates))
    expect(result.converted.rate).toBeCloseTo(0.98 ** (365 / 366) - 1, 9)
    expect(result.converted.rate?.toFixed(7)).toBe('-0.0199459')
  })

  it('refuses a day without a rate in force', () => {
    const late = { 'USD/TRY': rates(['2024-01-01', '28'], ['2024-12-31', '40']) }
    expectError(convertedTimeWeightedReturn(year, 'USD', late), 'missing_fx_rate', null)
    expectError(convertedTimeWeightedReturn(year, 'usd', fxRates), 'invalid_currency', null)
  })
})

describe('3. a deposit mid-range changes neither TWR', () => {
  const index3 = index('CPI', ['2023-12', '200'], ['2024-06', '220'], ['2024-12', '250'])
  const year = valueSeries(
    '2024-01-01',
    1_000,
    ['2024-01-01', 1_000],
    ['2024-06-30', 1_100],
    ['2024-07-01', 2_200, 1_100],
    ['2024-12-31', 2_420],
  )

  it('nominal +21 %, real 1.21 ÷ 1.25 − 1 = −3.20 %', () => {
    const result = unwrap(realTimeWeightedReturn(year, index3))
    expect(result.nominal.cumulative).toBeCloseTo(0.21, 12)
    expect(result.real.cumulative).toBeCloseTo(-0.032, 12)
  })

  it('chained in the money of December 2024: ×1.0, then 2,420 ÷ 2,500 = ×0.968', () => {
    const deflated = unwrap(deflateSeries(year, index3)).series
    const deposit = deflated.points.find((point) => point.date === '2024-07-01')
    // The deposit counts at the index of 30 June, with the value it joins (rule 5).
    expect(deposit?.inflow).toBeCloseTo(1_250, 9)
    const first = unwrap(timeWeightedReturn(deflated, { to: '2024-06-30' })).cumulative
    const second = unwrap(timeWeightedReturn(deflated, { from: '2024-07-01' })).cumulative
    expect(first).toBeCloseTo(0, 12)
    expect(second).toBeCloseTo(-0.032, 12)
  })
})

describe('4. a real money-weighted return with two flows', () => {
  const index4 = index('CPI', ['2024-12', '100'], ['2025-12', '130'], ['2026-12', '150'])
  const twoYears = valueSeries(
    '2025-01-01',
    1_000,
    ['2025-01-01', 1_000],
    ['2025-12-30', 1_200],
    ['2025-12-31', 2_500, 1_300],
    ['2026-12-31', 3_465],
  )

  it('real MWR +10.00 % a year; nominal +32.17 %', () => {
    const result = unwrap(realMoneyWeightedReturn(twoYears, index4))
    expect(result.real.rate).toBeCloseTo(0.1, 9)
    expect(result.nominal.rate).toBeCloseTo((-1_300 + Math.sqrt(15_550_000)) / 2_000 - 1, 9)
    expect(result.nominal.rate?.toFixed(4)).toBe('0.3217')
  })

  it('the real flows: 1,500 in, 1,500 in a year later, 3,465 out', () => {
    const deflated = unwrap(deflateSeries(twoYears, index4)).series
    expect(deflated.opening.value).toBeCloseTo(1_500, 9)
    expect(deflated.points.find((point) => point.date === '2025-12-31')?.inflow).toBeCloseTo(
      1_500,
      9,
    )
  })

  it('TWR: nominal +66.32 %, real 1.6632 × 100 ÷ 150 − 1 = +10.88 %', () => {
    const result = unwrap(realTimeWeightedReturn(twoYears, index4))
    expect(result.nominal.cumulative).toBeCloseTo(0.6632, 12)
    expect(result.real.cumulative).toBeCloseTo(0.1088, 12)
  })
})

describe('5. a range starting mid-month', () => {
  const index5 = index('CPI', ['2024-03', '200'], ['2024-06', '210'])
  const spring = valueSeries(
    '2024-03-01',
    9_700,
    ['2024-03-01', 9_800],
    ['2024-03-14', 10_000],
    ['2024-06-14', 11_000],
    ['2024-06-30', 11_200],
  )
  const period = { from: '2024-03-15', to: '2024-06-14' }

  it('nominal +10 %, real 1.1 ÷ 1.05 − 1 = +4.76 %, without February', () => {
    const result = unwrap(realTimeWeightedReturn(spring, index5, period))
    expect(result.start).toMatchObject({ month: '2024-03', valueMonth: '2024-03' })
    expect(result.nominal.cumulative).toBeCloseTo(0.1, 12)
    expect(result.real.cumulative).toBeCloseTo(1.1 / 1.05 - 1, 12)
    expect(result.real.cumulative.toFixed(4)).toBe('0.0476')
  })

  it('a range from 1 March needs February', () => {
    expectError(
      realTimeWeightedReturn(spring, index5, { from: '2024-03-01' }),
      'missing_price_index',
      null,
    )
  })
})

describe('6. a provisional month', () => {
  const index6 = index('CPI', ['2024-12', '100'], ['2025-10', '130'])
  const year = valueSeries('2025-01-01', 1_000, ['2025-01-01', 1_000], ['2025-12-15', 1_404])

  it('real 1.404 ÷ 1.3 − 1 = +8.00 %, provisional', () => {
    const result = unwrap(realTimeWeightedReturn(year, index6))
    expect(result.nominal.cumulative).toBeCloseTo(0.404, 12)
    expect(result.real.cumulative).toBeCloseTo(0.08, 12)
    expect(result.end).toMatchObject({ month: '2025-12', valueMonth: '2025-10', provisional: true })
    expect(result.provisional).toBe(true)
  })
})

describe('7. TÜFE across its rebasing', () => {
  const old = index('TR-TUFE-2003', ['2024-12', '2400'], ['2025-12', '3000'])
  const next = index('TR-TUFE-2025', ['2025-12', '120'], ['2026-06', '144'])
  const span = valueSeries('2025-01-01', 100_000, ['2025-01-01', 100_000], ['2026-06-30', 180_000])

  it('inflation 144 ÷ 96 = 1.5; nominal +80 %, real +20 %', () => {
    const result = unwrap(realTimeWeightedReturn(span, unwrap(chainIndex(old, next))))
    expect(result.start.value.toString()).toBe('96')
    expect(result.inflation).toBeCloseTo(0.5, 12)
    expect(result.nominal.cumulative).toBeCloseTo(0.8, 12)
    expect(result.real.cumulative).toBeCloseTo(0.2, 12)
  })
})

describe('8. a year of falling prices', () => {
  const hicp = index('EA-HICP-2025', ['2023-12', '100'], ['2024-12', '98'])
  const year = valueSeries('2024-01-01', 50_000, ['2024-01-01', 50_000], ['2024-12-31', 49_500])

  it('nominal −1.00 %, real 0.99 ÷ 0.98 − 1 = +1.02 %', () => {
    const result = unwrap(realTimeWeightedReturn(year, hicp))
    expect(result.nominal.cumulative).toBeCloseTo(-0.01, 12)
    expect(result.inflation).toBeCloseTo(-0.02, 12)
    expect(result.real.cumulative).toBeCloseTo(0.99 / 0.98 - 1, 12)
    expect(result.real.cumulative.toFixed(4)).toBe('0.0102')
    expect(unwrap(deflateSeries(year, hicp)).series.opening.value).toBeCloseTo(49_000, 9)
  })
})
