import { fail, toResult } from './errors'
import type { Result } from './errors'
import { parseIsoDate } from './iso-date'
import type { ValuePoint, ValueSeries } from './value-series'

/** A date range inside a value series, for returns. */
export interface ReturnPeriod {
  /** First day of the period (its flows count); defaults to the series' first day. */
  from?: string
  /** Last day of the period; defaults to the series' last day. */
  to?: string
}

export interface SeriesWindow {
  from: string
  to: string
  /** Calendar days from the end of the day before `from` to the end of `to`. */
  days: number
  /** Value at the end of the day before `from`. */
  startValue: number
  /** Value at the end of `to`. */
  endValue: number
  /** The series' points from `from` to `to`: the days between have none of their own. */
  points: readonly ValuePoint[]
}

/**
 * The points of `period`; typed error when it is not inside the series. A day without a point
 * has the value of the point before it (ValueSeries.points), so either end may fall on one.
 */
export function seriesWindow(series: ValueSeries, period: ReturnPeriod = {}): SeriesWindow {
  const from = period.from ?? series.from
  const to = period.to ?? series.to
  const fromDay = parseIsoDate(from)
  const toDay = parseIsoDate(to)
  if (fromDay === null || toDay === null) {
    fail('invalid_range', `The period ${from} – ${to} is not two YYYY-MM-DD dates`, null, 'from')
  }
  if (fromDay > toDay || from < series.from || to > series.to) {
    fail(
      'invalid_range',
      `The period ${from} – ${to} is not inside ${series.from} – ${series.to}`,
      null,
      'from',
    )
  }
  const first = series.points.findIndex((point) => point.date >= from)
  const start = first < 0 ? series.points.length : first
  let end = start
  while (end < series.points.length && (series.points[end] as ValuePoint).date <= to) end++
  const startValue = series.points[start - 1]?.value ?? series.opening.value
  return {
    from,
    to,
    days: toDay - fromDay + 1,
    startValue,
    endValue: series.points[end - 1]?.value ?? series.opening.value,
    points: series.points.slice(start, end),
  }
}

/** The value at the end of a window − the value at its start: money put in and taken out included. */
export function windowChange(window: SeriesWindow): number {
  return window.endValue - window.startValue
}

/** Money put in less money taken out during a window, as returns count it. */
export function windowNetFlow(window: SeriesWindow): number {
  let net = 0
  for (const point of window.points) net += point.inflow - point.outflow
  return net
}

/**
 * How much the value changed over a period of the series (money put in and taken out included).
 *
 * @example valueChange(series, { from: '2024-01-01', to: '2024-12-31' })
 */
export function valueChange(series: ValueSeries, period?: ReturnPeriod): Result<number> {
  return toResult(() => windowChange(seriesWindow(series, period)))
}
