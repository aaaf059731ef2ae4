import { lastOpenDayBefore } from '../../shared/markets/market-calendar'
import { addDays } from '../../worker/fx/fx-dates'
import { formatIsoDate } from '../../worker/portfolio/iso-date'
import { boundedWalk, type WalkShape } from '../demo/bounded-walk'
import { DEMO_PERIOD_DAYS } from '../demo/demo-dataset'
import { DemoMarket } from '../demo/demo-market'
import { seededRandom } from '../demo/seeded-random'
import { dayOf, weekdaysBetween } from '../demo/trading-days'

/** How far back every series reaches: a year of days up to today. */
export const HISTORY_DAYS = 365

/** The stand-in invents closes for exchanges and funds on every weekday, holidays too; crypto every day. */
export type MarketDays = 'weekdays' | 'daily'

/** Levels of one instrument or rate, one per day, oldest first (floating point, not rounded). */
export interface DailySeries {
  dates: readonly string[]
  levels: readonly number[]
}

/** The machine's UTC date, `YYYY-MM-DD`: the day every series ends on. */
export function utcToday(now: Date): string {
  return now.toISOString().slice(0, 10)
}

/**
 * The days of the year (or of `days` days) up to `today` (both ends included) a market has a
 * price on.
 */
export function historyDates(today: string, market: MarketDays, days = HISTORY_DAYS): string[] {
  const last = dayOf(today)
  if (market === 'weekdays') return weekdaysBetween(last - days, last)
  const dates: string[] = []
  for (let day = last - days; day <= last; day += 1) dates.push(formatIsoDate(day))
  return dates
}

/** The last day up to `date` a weekday market has a price on: `date` itself, or the Friday before. */
export function lastWeekdayOnOrBefore(date: string): string {
  return lastOpenDayBefore('weekdays', addDays(date, 1))
}

/** A seeded walk (see bounded-walk.ts) over `dates`: the same seed and dates, the same levels. */
export function walkSeries(seed: string, shape: WalkShape, dates: readonly string[]): DailySeries {
  return { dates, levels: boundedWalk(shape, dates.length, seededRandom(`dev-market ${seed}`)) }
}

/**
 * A plausible shape for a symbol nobody described: a level between `low` and `high` (evenly
 * spread on a log scale), a drift of −12 % to +23 % over the year, and a swing and jitter of
 * ordinary shares, all drawn from the symbol.
 */
export function inventedShape(seed: string, low: number, high: number): WalkShape {
  const random = seededRandom(`dev-market shape ${seed}`)
  const start = low * (high / low) ** random()
  return {
    start,
    end: start * Math.exp(0.35 * (random() - 0.35)),
    swing: 0.06 + 0.08 * random(),
    jitter: 0.006 + 0.008 * random(),
  }
}

/** The series' points from `from` on. */
export function seriesFrom(series: DailySeries, from: string): DailySeries {
  const first = series.dates.findIndex((date) => date >= from)
  if (first <= 0) return first === 0 ? series : { dates: [], levels: [] }
  return { dates: series.dates.slice(first), levels: series.levels.slice(first) }
}

/**
 * The demo account's market (demo/demo-market.ts) of the two years up to `today`, the one
 * `npm run dev` writes the demo's closes and rates from: the stand-in serves the same figures
 * for the demo's instruments and currencies, so a provider's close replaces a demo close with
 * itself. Kept for the last day asked.
 */
let demoMarket: { today: string; market: DemoMarket } | undefined
export function demoMarketOf(today: string): DemoMarket {
  if (demoMarket?.today !== today) {
    const last = dayOf(today)
    demoMarket = { today, market: new DemoMarket(weekdaysBetween(last - DEMO_PERIOD_DAYS, last)) }
  }
  return demoMarket.market
}

/** A demo series of whole units of 10^-`scale` as levels over the year up to `today`. */
export function demoSeries(
  today: string,
  units: (market: DemoMarket) => readonly number[],
  scale: number,
): DailySeries {
  const market = demoMarketOf(today)
  const all = { dates: market.days, levels: units(market).map((value) => value / 10 ** scale) }
  return seriesFrom(all, historyDates(today, 'weekdays')[0] ?? today)
}
