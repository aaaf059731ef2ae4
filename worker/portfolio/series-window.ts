import { fail } from './errors'
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
  /** One per day from `from` to `to`. */
  points: readonly ValuePoint[]
}

/** The points of `period`; typed error when it is not inside the series. */
export function seriesWindow(series: ValueSeries, period: ReturnPeriod = {}): SeriesWindow {
  const from = period.from ?? series.from
  const to = period.to ?? series.to
  const fromDay = parseIsoDate(from)
  const toDay = parseIsoDate(to)
  const seriesFrom = parseIsoDate(series.from)
  if (fromDay === null || toDay === null || seriesFrom === null) {
    fail('invalid_range', `The period ${from} – ${to} is not two YYYY-MM-DD dates`, null, 'from')
  }
  if (fromDay > toDay || fromDay < seriesFrom || toDay >= seriesFrom + series.points.length) {
    fail(
      'invalid_range',
      `The period ${from} – ${to} is not inside ${series.from} – ${series.to}`,
      null,
      'from',
    )
  }
  const first = fromDay - seriesFrom
  return {
    from,
    to,
    days: toDay - fromDay + 1,
    startValue:
      first === 0
        ? series.opening.value
        : (series.points[first - 1]?.value ?? series.opening.value),
    points: series.points.slice(first, toDay - seriesFrom + 1),
  }
}
