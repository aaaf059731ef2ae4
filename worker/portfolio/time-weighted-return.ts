import type { Result } from './errors'
import { toResult } from './errors'
import type { Fraction } from './fraction'
import { seriesWindow } from './series-window'
import type { ReturnPeriod } from './series-window'
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
 * True time-weighted return: the period is cut into days, each day's return is
 * (V_t + outflow_t) / (V_t−1 + inflow_t) − 1, and the days are chained. Money in counts at the
 * start of its day and money out at its end, so neither is mistaken for a gain. A day that starts
 * with nothing invested (V_t−1 + inflow_t ≤ 0) has no return and is skipped.
 *
 * @example timeWeightedReturn(series, { from: '2024-01-01', to: '2024-12-31' })
 */
export function timeWeightedReturn(
  series: ValueSeries,
  period?: ReturnPeriod,
): Result<TimeWeightedReturn> {
  return toResult(() => {
    const window = seriesWindow(series, period)
    let growth = 1
    let previous = window.startValue
    for (const point of window.points) {
      const invested = previous + point.inflow
      if (invested > 0) growth *= (point.value + point.outflow) / invested
      previous = point.value
    }
    return {
      from: window.from,
      to: window.to,
      days: window.days,
      cumulative: growth - 1,
      annualized: window.days > 365 && growth >= 0 ? growth ** (365 / window.days) - 1 : null,
    }
  })
}
