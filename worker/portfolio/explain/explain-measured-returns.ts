import type { Decimal } from '../../../shared/decimal/decimal'
import type { PerformanceFigure } from '../../../shared/portfolio/figure-ids'
import { figureId } from '../../../shared/portfolio/figure-ids'
import { fail, toResult } from '../errors'
import type { Result } from '../errors'
import { formatIsoDate, parseIsoDate } from '../iso-date'
import type { SeriesByKey } from '../price-series'
import type { MonthlyIndex } from '../real-returns/monthly-index'
import { converted, deflated } from '../real-returns/transform-series'
import { seriesWindow } from '../series-window'
import type { ReturnPeriod } from '../series-window'
import { yearExponent } from '../time-weighted-return'
import type { ValueSeries } from '../value-series'
import { recompute, step } from './derivation'
import type { Derivation, Step } from './derivation'
import { explainReturn } from './explain-returns'

/** How a series is measured besides nominally (docs/real-returns.md). */
export type SeriesMeasure =
  | { kind: 'real'; code: string; index: MonthlyIndex }
  | { kind: 'currency'; currency: string; fxRates: SeriesByKey }

function valueOf<T>(result: Result<T>): T {
  if (result.ok) return result.value
  const { code, message, transactionId, field } = result.error
  return fail(code, message, transactionId, field)
}

const dayBefore = (date: string): string => formatIsoDate((parseIsoDate(date) ?? 0) - 1)

/**
 * How a return of the range was computed in a measure (docs/real-returns.md): the value change
 * of the deflated or converted series, its start value opening into the nominal one times the
 * index ratio or rate; the time-weighted return as the nominal growth (which opens in place)
 * times I(start) ÷ I(end), or times r(end) ÷ r(start), less 1 (rules 6 and 8); its yearly rate
 * from that growth; the money-weighted return as the XIRR of the deflated or converted flows
 * (rules 7 and 8). Every step names the index value or the rate it is.
 *
 * @example explainMeasuredReturn(series, 'twr', { kind: 'real', code: 'TR-TUFE', index })
 */
export function explainMeasuredReturn(
  series: ValueSeries,
  name: PerformanceFigure,
  measure: SeriesMeasure,
  period?: ReturnPeriod,
): Result<Derivation> {
  return toResult((): Derivation => {
    const window = seriesWindow(series, period)
    const range = { from: window.from, to: window.to }
    const formula = `${measure.kind === 'real' ? 'performanceReal' : 'performanceCurrency'}.${name}`
    const { transformed, ends, notes } = measured(series, measure, range)
    const currency = transformed.baseCurrency

    if (name === 'mwr' || name === 'valueChange') {
      const explained = valueOf(explainReturn(transformed, name))
      const money = { label: 'nominalValue', currency: series.baseCurrency }
      // Each end's value opens into the nominal one times the index ratio or the rate.
      const partsOf = (label: string) => {
        if (label === 'valueAtStart') {
          const nominal = step({ ...money, value: window.startValue })
          return { arithmetic: 'float' as const, steps: [nominal, startFactor(ends, measure.kind)] }
        }
        if (label === 'valueAtEnd' && measure.kind === 'currency') {
          const nominal = step({ ...money, value: window.endValue })
          return {
            arithmetic: 'float' as const,
            steps: [nominal, { ...ends.end, op: 'times' as const }],
          }
        }
        return null
      }
      const steps =
        name === 'valueChange'
          ? explained.steps.map((each) => ({ ...each, parts: partsOf(each.label) }))
          : explained.steps
      return {
        ...explained,
        formula,
        currency,
        steps,
        notes: [...notes, ...explained.notes.slice(1)],
      }
    }

    // (1 + nominal TWR) × I(start) ÷ I(end), or × r(end) ÷ r(start): rules 6 and 8.
    const nominal = valueOf(explainReturn(series, 'twr', range))
    const chained = nominal.steps.slice(0, -1)
    const ratio: Step[] =
      measure.kind === 'real'
        ? [
            { ...ends.start, op: 'times' },
            { ...ends.end, op: 'divide' },
          ]
        : [
            { ...ends.end, op: 'times' },
            { ...ends.start, op: 'divide' },
          ]
    const nominalGrowth = step({
      kind: 'factor',
      label: 'nominalGrowth',
      value: recompute({ arithmetic: 'float', steps: chained }) as number,
      // Its sub-periods open in place: as a figure it would open this measure's TWR again.
      parts: { arithmetic: 'float', steps: chained },
    })
    const growth: Step[] = [nominalGrowth, ...ratio]
    const one = step({ op: 'minus', kind: 'one', label: 'start', value: 1 })
    const figure = figureId({ scope: 'performance', name })
    const FRACTION = { kind: 'fraction', currency: null } as const
    if (name === 'twr') {
      const steps = [...growth, one]
      const value = recompute({ arithmetic: 'float', steps })
      return { figure, formula, arithmetic: 'float', value, ...FRACTION, steps, notes }
    }
    // twrAnnualized: a yearly rate only for a range longer than a year, as the nominal one.
    if (window.days <= 365) {
      return {
        figure,
        formula,
        arithmetic: 'float',
        value: null,
        ...FRACTION,
        steps: [],
        notes: [...notes, { label: 'notAnnualized', params: {} }],
      }
    }
    const growthValue = recompute({ arithmetic: 'float', steps: growth }) as number
    const steps = [
      step({
        kind: 'factor',
        label: 'growth',
        value: growthValue,
        parts: { arithmetic: 'float', steps: growth },
      }),
      step({
        op: 'power',
        kind: 'factor',
        label: 'yearExponent',
        params: { days: window.days },
        value: yearExponent(window.days),
      }),
      one,
    ]
    const value = recompute({ arithmetic: 'float', steps })
    return { figure, formula, arithmetic: 'float', value, ...FRACTION, steps, notes }
  })
}

/** The index in force on a day: its value, the month it was published for, the index. */
function indexStep(
  code: string,
  value: { value: Decimal; valueMonth: string; provisional: boolean },
  date: string,
): Step {
  return step({
    kind: 'factor',
    label: value.provisional ? 'priceIndexProvisional' : 'priceIndex',
    params: { index: code, month: value.valueMonth, date },
    value: value.value,
  })
}

/** Units of `currency` per unit of `base` in force on a day, and the day it was published. */
function rateStep(
  base: string,
  currency: string,
  rate: { value: Decimal; date: string },
  date: string,
): Step {
  return step({
    kind: 'fxRate',
    label: 'measureRate',
    params: { base, currency, date, rateDate: rate.date },
    value: rate.value,
  })
}

/**
 * What the value before the range is multiplied by in the measure: I(end) ÷ I(start), into the
 * money of the range's last day, or the rate of the day before the range (rules 4 and 8).
 */
function startFactor(ends: { start: Step; end: Step }, kind: SeriesMeasure['kind']): Step {
  if (kind === 'currency') return { ...ends.start, op: 'times' }
  return step({
    op: 'times',
    kind: 'factor',
    label: 'indexRatio',
    value: (ends.end.value as Decimal).div(ends.start.value as Decimal),
    parts: { arithmetic: 'decimal', steps: [ends.end, { ...ends.start, op: 'divide' }] },
  })
}

/** The series in the measure, the index values or rates at its two ends as steps, and notes. */
function measured(
  series: ValueSeries,
  measure: SeriesMeasure,
  range: Required<ReturnPeriod>,
): { transformed: ValueSeries; ends: { start: Step; end: Step }; notes: Derivation['notes'] } {
  const startDate = dayBefore(range.from)
  const rangeNote = { label: 'range', params: range }
  if (measure.kind === 'real') {
    const { series: transformed, start, end, provisional } = deflated(series, measure.index, range)
    return {
      transformed,
      ends: {
        start: indexStep(measure.code, start, startDate),
        end: indexStep(measure.code, end, range.to),
      },
      notes: [
        rangeNote,
        { label: 'measureReal', params: { index: measure.code, date: range.to } },
        ...(provisional ? [{ label: 'indexProvisional', params: { month: end.valueMonth } }] : []),
      ],
    }
  }
  const {
    series: transformed,
    start,
    end,
  } = converted(series, measure.currency, measure.fxRates, range)
  const base = series.baseCurrency
  return {
    transformed,
    ends: {
      start: rateStep(base, measure.currency, start, startDate),
      end: rateStep(base, measure.currency, end, range.to),
    },
    notes: [rangeNote, { label: 'measureCurrency', params: { currency: measure.currency, base } }],
  }
}
