import { describe, expect, it } from 'vitest'
import { expectError, unwrap } from '../test-fixtures'
import type { MonthlyIndex } from '../real-returns/monthly-index'
import { timeWeightedReturn } from '../time-weighted-return'
import type { ValuePoint, ValueSeries } from '../value-series'
import { recompute } from '../explain/derivation'
import { benchmarkReturn, cumulativeReturns } from './benchmark-return'
import { explainBenchmark } from './explain-benchmark'

// The worked examples of docs/benchmark.md, to the digits it gives.

const YEAR = { from: '2024-01-01', to: '2024-12-31' }
const lira = { baseCurrency: 'TRY', fxRates: {}, index: null }
const tufe: MonthlyIndex = {
  code: 'TR-TUFE',
  months: [
    { month: '2023-12', value: '100' },
    { month: '2024-12', value: '144.4' },
  ],
}
const bist100 = {
  currency: 'TRY',
  closes: [
    { date: '2023-12-29', value: '7470.00' },
    { date: '2024-06-28', value: '10600.00' },
    { date: '2024-12-31', value: '9830.00' },
  ],
}

describe('benchmarkReturn', () => {
  it('example 1: BIST 100 over 2024 from the close before the range', () => {
    const result = unwrap(benchmarkReturn(bist100, lira, YEAR))
    expect(result.start).toMatchObject({ date: '2023-12-29' })
    expect(result.start.price.toString()).toBe('7470')
    expect(result.end.date).toBe('2024-12-31')
    expect(result.cumulative).toBeCloseTo(0.3159303882, 9)
    expect(result.priceReturn).toBeCloseTo(0.3159303882, 9)
    expect(result.conversion).toBeNull()
    expect(result.deflation).toBeNull()
    // +8.41 points behind a portfolio's +40 %.
    expect((0.4 - result.cumulative) * 100).toBeCloseTo(8.41, 2)
    expect(result.points.map((point) => point.date)).toEqual([
      '2024-01-01',
      '2024-06-28',
      '2024-12-31',
    ])
    expect(result.points[0]?.cumulative).toBe(0)
    expect(result.points[1]?.cumulative).toBeCloseTo(10600 / 7470 - 1, 12)
  })

  it('example 1, real: both deflated by the same TÜFE', () => {
    const result = unwrap(benchmarkReturn(bist100, { ...lira, index: tufe }, YEAR))
    expect(result.cumulative).toBeCloseTo(-0.0886908669, 9)
    expect(result.deflation?.start.value.toString()).toBe('100')
    expect(result.deflation?.end.value.toString()).toBe('144.4')
    expect(result.deflation?.provisional).toBe(false)
    const portfolio = 1.4 * (100 / 144.4) - 1
    expect(portfolio).toBeCloseTo(-0.0305, 4)
    expect((portfolio - result.cumulative) * 100).toBeCloseTo(5.82, 2)
  })

  it('example 2: an S&P 500 ETF in euros, in lira at each day’s rate', () => {
    const etf = {
      currency: 'EUR',
      closes: [
        { date: '2023-12-29', value: '480.00' },
        { date: '2024-12-31', value: '600.00' },
      ],
    }
    const fxRates = {
      'EUR/TRY': [
        { date: '2023-12-29', value: '32.60' },
        { date: '2024-12-31', value: '36.80' },
      ],
    }
    const result = unwrap(benchmarkReturn(etf, { ...lira, fxRates }, YEAR))
    expect(result.priceReturn).toBeCloseTo(0.25, 12)
    expect(result.cumulative).toBeCloseTo(0.4110429448, 9)
    expect(result.conversion?.start.value.toString()).toBe('32.6')
    expect(result.conversion?.end.value.toString()).toBe('36.8')
  })

  it('example 3: refuses a range starting before the first close', () => {
    const fund = { currency: 'TRY', closes: [{ date: '2022-05-02', value: '1.5' }] }
    const result = benchmarkReturn(fund, lira, { from: '2022-01-01', to: '2022-12-31' })
    expectError(result, 'invalid_market_data', null)
  })

  it('refuses a day without a rate, and a month without an index', () => {
    const etf = { currency: 'EUR', closes: bist100.closes }
    expectError(benchmarkReturn(etf, lira, YEAR), 'missing_fx_rate', null)
    const late: MonthlyIndex = { code: 'TR-TUFE', months: [{ month: '2024-06', value: '120' }] }
    expectError(
      benchmarkReturn(bist100, { ...lira, index: late }, YEAR),
      'missing_price_index',
      null,
    )
  })

  it('carries the last close to the range’s end', () => {
    const result = unwrap(benchmarkReturn(bist100, lira, { from: '2024-01-01', to: '2024-07-15' }))
    expect(result.end.date).toBe('2024-06-28')
    expect(result.points.at(-1)).toEqual({ date: '2024-07-15', cumulative: 10600 / 7470 - 1 })
  })
})

describe('explainBenchmark', () => {
  it('recomputes each example exactly, closes, rates and index values named', () => {
    const fxRates = {
      'EUR/TRY': [
        { date: '2023-12-29', value: '32.60' },
        { date: '2024-12-31', value: '36.80' },
      ],
    }
    const cases = [
      { currency: 'TRY', measure: lira, formula: 'benchmark.price', steps: 3 },
      { currency: 'TRY', measure: { ...lira, index: tufe }, formula: 'benchmark.real', steps: 5 },
      { currency: 'EUR', measure: { ...lira, fxRates }, formula: 'benchmark.converted', steps: 5 },
      {
        currency: 'EUR',
        measure: { ...lira, fxRates, index: tufe },
        formula: 'benchmark.convertedReal',
        steps: 7,
      },
    ]
    for (const { currency, measure, formula, steps } of cases) {
      const result = unwrap(benchmarkReturn({ currency, closes: bist100.closes }, measure, YEAR))
      const derivation = explainBenchmark(result, {
        instrumentId: 'xu100',
        currency,
        indexCode: measure.index ? 'TR-TUFE' : null,
      })
      expect(derivation.formula).toBe(formula)
      expect(derivation.steps).toHaveLength(steps)
      expect(recompute(derivation)).toBe(result.cumulative)
      expect(derivation.value).toBe(result.cumulative)
      // The figure is the TWR of the converted, deflated series, the curve's last point.
      expect(result.points.at(-1)?.cumulative).toBeCloseTo(result.cumulative, 12)
      expect(derivation.steps[0]?.source).toEqual({
        kind: 'price',
        instrumentCode: 'xu100',
        date: '2024-12-31',
        origin: 'close',
      })
    }
  })
})

describe('cumulativeReturns', () => {
  it('ends at the series’ time-weighted return, money moving or not', () => {
    const point = (date: string, value: number, inflow = 0, outflow = 0): ValuePoint => ({
      date,
      value,
      investedCapital: 0,
      cumulativeGain: 0,
      inflow,
      outflow,
    })
    // docs/real-returns.md example 3: +10 %, a deposit, +10 %: +21 %.
    const series: ValueSeries = {
      baseCurrency: 'TRY',
      from: '2024-01-01',
      to: '2024-12-31',
      opening: { value: 1000, investedCapital: 1000 },
      points: [
        point('2024-01-01', 1000),
        point('2024-06-30', 1100),
        point('2024-07-01', 2200, 1100),
        point('2024-09-30', 1800, 0, 500),
        point('2024-12-31', 1980),
      ],
    }
    const points = cumulativeReturns(series)
    expect(points[1]?.cumulative).toBeCloseTo(0.1, 12)
    expect(points[2]?.cumulative).toBeCloseTo(0.1, 12)
    const twr = unwrap(timeWeightedReturn(series)).cumulative
    expect(points.at(-1)?.cumulative).toBeCloseTo(twr, 12)
  })
})
