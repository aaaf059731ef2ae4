import type { Result } from './errors'
import { toResult } from './errors'
import { formatIsoDate, parseIsoDate } from './iso-date'
import { seriesWindow } from './series-window'
import type { ReturnPeriod, SeriesWindow } from './series-window'
import type { ValueSeries } from './value-series'
import { xirr } from './xirr'
import type { CashFlow, XirrResult } from './xirr'

export type MoneyWeightedReturn = { from: string; to: string; days: number } & XirrResult

/**
 * The cash flows money-weighted return balances over a window: the value at the start as money
 * paid in the day before `from`, each day's external inflows as paid in and outflows as
 * received, and the value at the end of `to` as received on that day.
 */
export function windowFlows(window: SeriesWindow): CashFlow[] {
  const flows: CashFlow[] = [
    { date: formatIsoDate((parseIsoDate(window.from) ?? 0) - 1), amount: -window.startValue },
  ]
  for (const point of window.points) {
    const net = point.outflow - point.inflow
    if (net !== 0) flows.push({ date: point.date, amount: net })
  }
  flows.push({ date: window.to, amount: window.endValue })
  return flows
}

/**
 * Money-weighted return (XIRR) over a period of a value series: the annual rate that balances
 * its {@link windowFlows}. A fraction.
 *
 * @example moneyWeightedReturn(series, { from: '2024-01-01', to: '2024-12-31' })
 */
export function moneyWeightedReturn(
  series: ValueSeries,
  period?: ReturnPeriod,
): Result<MoneyWeightedReturn> {
  return toResult(() => {
    const window = seriesWindow(series, period)
    return { from: window.from, to: window.to, days: window.days, ...xirr(windowFlows(window)) }
  })
}
