import type { Result } from './errors'
import { toResult } from './errors'
import type { Fraction } from './fraction'
import { formatIsoDate, parseIsoDate } from './iso-date'
import { seriesWindow } from './series-window'
import type { ReturnPeriod, SeriesWindow } from './series-window'
import type { ValueSeries } from './value-series'

/** Rates are fractions (see {@link Fraction}). */
export interface TimeWeightedReturn {
  from: string
  to: string
  days: number
  cumulative: Fraction
  /** (1 + cumulative)^(365 / days) − 1 for periods longer than a year; null otherwise (and when
   * the value went below zero, where the power has no meaning). */
  annualized: Fraction | null
}

/**
 * A stretch of days with money moving only at its edges: in at the start of its first day, out
 * at the end of its last. Its growth factor is (end value + outflow) ÷ (start value + inflow).
 */
export interface SubPeriod {
  from: string
  to: string
  /** Value at the end of the day before `from`. */
  startValue: number
  /** Money put in at the start of `from`. */
  inflow: number
  /** `startValue` + `inflow`: what the period starts with; always above zero. */
  invested: number
  endValue: number
  /** Money taken out at the end of `to`. */
  outflow: number
  factor: number
}

function dayBefore(date: string): string {
  return formatIsoDate((parseIsoDate(date) ?? 0) - 1)
}

/**
 * The sub-periods of a window: a new one starts on each day money comes in, and one ends on each
 * day money goes out. A day that starts with nothing invested (start value + inflow ≤ 0) has no
 * return and belongs to none.
 */
export function subPeriods(window: SeriesWindow): SubPeriod[] {
  const periods: SubPeriod[] = []
  let open: Omit<SubPeriod, 'to' | 'endValue' | 'outflow' | 'factor'> | null = null
  let previous = window.startValue
  const close = (to: string, endValue: number, outflow: number) => {
    if (open === null) return
    periods.push({ ...open, to, endValue, outflow, factor: (endValue + outflow) / open.invested })
    open = null
  }
  for (const point of window.points) {
    const invested = previous + point.inflow
    // Money put in, or a start with nothing invested, ends the period of the days before.
    if (point.inflow !== 0 || invested <= 0) close(dayBefore(point.date), previous, 0)
    if (open === null && invested > 0) {
      open = { from: point.date, startValue: previous, inflow: point.inflow, invested }
    }
    if (point.outflow !== 0) close(point.date, point.value, point.outflow)
    previous = point.value
  }
  close(window.to, previous, 0)
  return periods
}

/**
 * True time-weighted return: the period is cut where money moves (see {@link subPeriods}), and
 * the sub-periods' growth factors are chained, so money in or out is never mistaken for a gain.
 * Day by day this is each day's (V_t + outflow_t) / (V_t−1 + inflow_t), chained.
 *
 * @example timeWeightedReturn(series, { from: '2024-01-01', to: '2024-12-31' })
 */
export function timeWeightedReturn(
  series: ValueSeries,
  period?: ReturnPeriod,
): Result<TimeWeightedReturn> {
  return toResult(() => {
    const window = seriesWindow(series, period)
    const growth = chainedGrowth(subPeriods(window))
    return {
      from: window.from,
      to: window.to,
      days: window.days,
      cumulative: growth - 1,
      annualized: annualized(growth, window.days),
    }
  })
}

/** 1 × each period's factor, in order. */
export function chainedGrowth(periods: readonly SubPeriod[]): number {
  let growth = 1
  for (const period of periods) growth *= period.factor
  return growth
}

/** The exponent that turns growth over `days` into growth over a year. */
export function yearExponent(days: number): number {
  return 365 / days
}

/** Growth^(365 / days) − 1 for periods longer than a year; null otherwise or when growth < 0. */
export function annualized(growth: number, days: number): Fraction | null {
  return days > 365 && growth >= 0 ? growth ** yearExponent(days) - 1 : null
}
