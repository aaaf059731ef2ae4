import { describe, expect, it } from 'vitest'
import de from '../../../locales/de.json'
import en from '../../../locales/en.json'
import tr from '../../../locales/tr.json'
import type { MonthlyIndex } from '../real-returns/monthly-index'
import {
  convertedMoneyWeightedReturn,
  convertedTimeWeightedReturn,
  realMoneyWeightedReturn,
  realTimeWeightedReturn,
} from '../real-returns/real-returns'
import { convertSeries, deflateSeries } from '../real-returns/transform-series'
import { valueChange } from '../series-window'
import { series as rates, unwrap } from '../test-fixtures'
import type { ValuePoint, ValueSeries } from '../value-series'
import type { Derivation, Step } from './derivation'
import { partsThatDisagree, recompute, sameValue } from './derivation'
import { explainMeasuredReturn } from './explain-measured-returns'
import type { SeriesMeasure } from './explain-measured-returns'

// Explanations of returns in a measure (docs/real-returns.md) recompute to their value exactly,
// name the index values or rates they used, and agree with the engine's figures: docs/
// real-returns.md's Examples 1 (−6.67 % real), 2 (−2.00 % in USD) and 3 (a deposit mid-range).

const index = (code: string, ...months: [string, string][]): MonthlyIndex => ({
  code,
  months: months.map(([month, value]) => ({ month, value })),
})

/** A lira series from `from`; each point [date, value, money put in]. */
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
  return {
    baseCurrency: 'TRY',
    from,
    to: list[list.length - 1]?.date ?? from,
    opening: { value: opening, investedCapital: opening },
    points: list,
  }
}

const year = valueSeries('2024-01-01', 100_000, ['2024-01-01', 100_000], ['2024-12-31', 140_000])
const tufe: SeriesMeasure = {
  kind: 'real',
  code: 'TR-TUFE',
  index: index('TR-TUFE', ['2023-12', '100'], ['2024-12', '150']),
}
const dollars: SeriesMeasure = {
  kind: 'currency',
  currency: 'USD',
  fxRates: { 'USD/TRY': rates(['2023-12-31', '28'], ['2024-12-31', '40']) },
}

/** The derivation recomputes to its value, every part to its step, and its value is `value`. */
function expectExplains(derivation: Derivation, value: number | null, digits = 12): void {
  expect(sameValue(recompute(derivation), derivation.value), derivation.formula).toBe(true)
  expect(partsThatDisagree(derivation), derivation.formula).toEqual([])
  if (value === null) expect(derivation.value).toBeNull()
  else expect(Number(derivation.value)).toBeCloseTo(value, digits)
}

describe('1. a year of 50 % inflation and 40 % nominal gain, explained real', () => {
  it('gives the real TWR as (1 + nominal) × I(start) ÷ I(end) − 1, the nominal opening in place', () => {
    const explained = unwrap(explainMeasuredReturn(year, 'twr', tufe))
    const engine = unwrap(realTimeWeightedReturn(year, tufe.index))
    expectExplains(explained, engine.real.cumulative)
    expect(explained.formula).toBe('performanceReal.twr')
    const [growth, start, end, one] = explained.steps as [Step, Step, Step, Step]
    expect(growth).toMatchObject({ label: 'nominalGrowth', figure: null })
    expect(growth.value).toBeCloseTo(1.4, 12)
    expect(growth.parts?.steps.map((each) => each.label)).toEqual(['start', 'subPeriod'])
    expect(start).toMatchObject({ op: 'times', label: 'priceIndex' })
    expect(start.params).toEqual({ index: 'TR-TUFE', month: '2023-12', date: '2023-12-31' })
    expect(String(start.value)).toBe('100')
    expect(end).toMatchObject({ op: 'divide', label: 'priceIndex' })
    expect(end.params).toEqual({ index: 'TR-TUFE', month: '2024-12', date: '2024-12-31' })
    expect(one).toMatchObject({ op: 'minus', value: 1 })
    expect(explained.notes.map((note) => note.label)).toEqual(['range', 'measureReal'])
  })

  it('gives the real value change from the start value in the money of the last day', () => {
    const explained = unwrap(explainMeasuredReturn(year, 'valueChange', tufe))
    const deflated = unwrap(deflateSeries(year, tufe.index)).series
    expectExplains(explained, unwrap(valueChange(deflated)))
    expect(explained.value).toBeCloseTo(-10_000, 6)
    const start = explained.steps.find((each) => each.label === 'valueAtStart')
    expect(start?.value).toBeCloseTo(150_000, 9)
    expect(start?.parts?.steps.map((each) => each.label)).toEqual(['nominalValue', 'indexRatio'])
  })

  it('gives the real money-weighted return as the XIRR of the deflated amounts', () => {
    const explained = unwrap(explainMeasuredReturn(year, 'mwr', tufe))
    expectExplains(explained, unwrap(realMoneyWeightedReturn(year, tufe.index)).real.rate)
    expect(explained.steps[0]?.value).toBeCloseTo(-150_000, 9)
  })

  it('marks a provisional index month', () => {
    const early = { ...tufe, index: index('TR-TUFE', ['2023-12', '100'], ['2024-10', '140']) }
    const explained = unwrap(explainMeasuredReturn(year, 'twr', early))
    expect(explained.steps[2]?.label).toBe('priceIndexProvisional')
    expect(explained.notes).toContainEqual({
      label: 'indexProvisional',
      params: { month: '2024-10' },
    })
  })
})

describe('2. the same portfolio in US dollars, explained', () => {
  it('gives the TWR in USD as (1 + TWR) × r(end) ÷ r(start) − 1', () => {
    const explained = unwrap(explainMeasuredReturn(year, 'twr', dollars))
    const engine = unwrap(convertedTimeWeightedReturn(year, 'USD', dollars.fxRates))
    expectExplains(explained, engine.converted.cumulative)
    expect(explained.value).toBeCloseTo(-0.02, 12)
    expect(explained.steps.map((each) => [each.label, each.op, String(each.value)])).toEqual([
      ['nominalGrowth', null, String(explained.steps[0]?.value)],
      ['measureRate', 'times', '0.025'],
      ['measureRate', 'divide', '0.03571428571428571429'],
      ['start', 'minus', '1'],
    ])
    expect(explained.steps[1]?.params).toEqual({
      base: 'TRY',
      currency: 'USD',
      date: '2024-12-31',
      rateDate: '2024-12-31',
    })
  })

  it('gives the MWR in USD as the XIRR of the converted amounts, and the value change', () => {
    const mwr = unwrap(explainMeasuredReturn(year, 'mwr', dollars))
    expectExplains(
      mwr,
      unwrap(convertedMoneyWeightedReturn(year, 'USD', dollars.fxRates)).converted.rate,
    )
    expect(Number(mwr.value).toFixed(7)).toBe('-0.0199459')
    expect(mwr.currency).toBe('USD')
    const change = unwrap(explainMeasuredReturn(year, 'valueChange', dollars))
    const converted = unwrap(convertSeries(year, 'USD', dollars.fxRates)).series
    expectExplains(change, unwrap(valueChange(converted)), 9)
    expect(change.value).toBeCloseTo(3_500 - 100_000 / 28, 9)
  })
})

describe('3. a deposit mid-range, explained real', () => {
  const index3 = index('CPI', ['2023-12', '200'], ['2024-06', '220'], ['2024-12', '250'])
  const withDeposit = valueSeries(
    '2024-01-01',
    1_000,
    ['2024-01-01', 1_000],
    ['2024-06-30', 1_100],
    ['2024-07-01', 2_200, 1_100],
    ['2024-12-31', 2_420],
  )
  const measure: SeriesMeasure = { kind: 'real', code: 'US-CPI-1982', index: index3 }

  it('is −3.20 % by rule 6, as the engine’s deflated chain', () => {
    const explained = unwrap(explainMeasuredReturn(withDeposit, 'twr', measure))
    expectExplains(explained, unwrap(realTimeWeightedReturn(withDeposit, index3)).real.cumulative)
    expect(explained.value).toBeCloseTo(-0.032, 12)
    expect(
      explained.steps[0]?.parts?.steps.filter((each) => each.label === 'subPeriod'),
    ).toHaveLength(2)
  })

  it('balances the deflated amounts, the deposit at the index of the day before', () => {
    const explained = unwrap(explainMeasuredReturn(withDeposit, 'mwr', measure))
    expectExplains(explained, unwrap(realMoneyWeightedReturn(withDeposit, index3)).real.rate)
    const deposit = explained.steps.find((each) => each.params.date === '2024-07-01')
    expect(deposit?.value).toBeCloseTo(-1_250, 9)
  })

  it('gives no yearly rate for a range of a year or less', () => {
    const explained = unwrap(
      explainMeasuredReturn(withDeposit, 'twrAnnualized', measure, {
        to: '2024-06-30',
      }),
    )
    expect(explained.value).toBeNull()
    expect(explained.notes.map((note) => note.label)).toContain('notAnnualized')
  })
})

describe('a yearly rate in a measure', () => {
  it('raises the real growth to 365 ÷ days, the growth opening into rule 6', () => {
    const long = valueSeries('2024-01-01', 100, ['2024-01-01', 100], ['2025-06-30', 130])
    const cpi = index('CPI', ['2023-12', '100'], ['2025-06', '110'])
    const measure: SeriesMeasure = { kind: 'real', code: 'US-CPI-1982', index: cpi }
    const explained = unwrap(explainMeasuredReturn(long, 'twrAnnualized', measure))
    const engine = unwrap(realTimeWeightedReturn(long, cpi)).real.annualized
    expectExplains(explained, engine)
    expect(explained.steps[0]?.parts?.steps.map((each) => each.label)).toEqual([
      'nominalGrowth',
      'priceIndex',
      'priceIndex',
    ])
  })
})

describe('the words of every explanation in a measure', () => {
  it('exist in tr, en and de for each formula, step and note', () => {
    const long = valueSeries(
      '2024-01-01',
      100_000,
      ['2024-01-01', 100_000],
      ['2025-06-30', 140_000],
    )
    const measures: SeriesMeasure[] = [
      { ...tufe, index: index('TR-TUFE', ['2023-12', '100'], ['2025-03', '150']) },
      { ...dollars, fxRates: { 'USD/TRY': rates(['2023-12-31', '28'], ['2025-06-30', '40']) } },
    ]
    const keys = new Set<string>()
    const addSteps = (steps: readonly Step[]) => {
      for (const each of steps) {
        keys.add(`explain.step.${each.label}`)
        if (each.parts) addSteps(each.parts.steps)
      }
    }
    for (const measure of measures) {
      for (const name of ['valueChange', 'twr', 'twrAnnualized', 'mwr'] as const) {
        const derivation = unwrap(explainMeasuredReturn(long, name, measure))
        keys.add(`explain.formula.${derivation.formula}`)
        for (const note of derivation.notes) keys.add(`explain.note.${note.label}`)
        addSteps(derivation.steps)
      }
    }
    const message = (messages: unknown, path: string): unknown =>
      path
        .split('.')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], messages)
    for (const [locale, messages] of Object.entries({ en, tr, de })) {
      expect(
        [...keys].filter((key) => message(messages, key) === undefined),
        locale,
      ).toEqual([])
    }
  })
})
