import { NYSE_HOLIDAYS, TURKISH_HOLIDAYS, XETRA_HOLIDAYS } from './market-holidays'

/**
 * The days a market publishes a close on: Borsa Istanbul, TEFAS's funds, Xetra (and Börse
 * Frankfurt) and the US exchanges on weekdays that are not their holidays (market-holidays.ts);
 * `weekdays` for an exchange whose holidays are not known here; `daily` for crypto, which trades
 * every day (a day ending 00:00 UTC). Everything that asks whether a market is open on a day
 * asks here.
 */
export const MARKET_CALENDARS = ['bist', 'tefas', 'xetra', 'nyse', 'weekdays', 'daily'] as const

export type MarketCalendar = (typeof MARKET_CALENDARS)[number]

/** The years the holiday tables list; after the last, only weekends are known to be closed. */
export const HOLIDAY_YEARS = { first: 2024, last: 2027 } as const

const turkish = new Set(TURKISH_HOLIDAYS)
const HOLIDAYS: Readonly<Record<MarketCalendar, ReadonlySet<string>>> = {
  bist: turkish,
  tefas: turkish,
  xetra: new Set(XETRA_HOLIDAYS),
  nyse: new Set(NYSE_HOLIDAYS),
  weekdays: new Set(),
  daily: new Set(),
}

const DAY_MS = 86_400_000

/** Days since 1970-01-01 of a `YYYY-MM-DD` date; a RangeError for anything else. */
function dayNumber(date: string): number {
  const day = Date.parse(`${date}T00:00:00Z`) / DAY_MS
  // Date.parse takes 30 February as 1 March: only a date that reads back the same is one.
  if (Number.isNaN(day) || isoDate(day) !== date) {
    throw new RangeError(`"${date}" is not a YYYY-MM-DD date`)
  }
  return day
}

function isoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10)
}

function isOpenOn(market: MarketCalendar, day: number): boolean {
  if (market === 'daily') return true
  // Day 0, 1970-01-01, was a Thursday; 0 here is Sunday and 6 Saturday.
  const weekday = (((day + 4) % 7) + 7) % 7
  return weekday !== 0 && weekday !== 6 && !HOLIDAYS[market].has(isoDate(day))
}

/**
 * Whether `market` trades on `date` (a half day counts: it publishes a close).
 *
 * @example isMarketOpen('bist', '2024-04-10') // false: Ramazan Bayramı
 */
export function isMarketOpen(market: MarketCalendar, date: string): boolean {
  return isOpenOn(market, dayNumber(date))
}

/**
 * The last day before `date` that `market` traded on: the one whose close a run after it brings.
 *
 * @example lastOpenDayBefore('nyse', '2024-07-05') // '2024-07-03': 4 July is a holiday
 */
export function lastOpenDayBefore(market: MarketCalendar, date: string): string {
  let day = dayNumber(date) - 1
  while (!isOpenOn(market, day)) day--
  return isoDate(day)
}

/**
 * The days `market` traded on after `from`, up to and including `to` (0 when `to` is not later).
 *
 * @example openDaysBetween('xetra', '2024-12-23', '2025-01-02') // 3: the 27th, the 30th, the 2nd
 */
export function openDaysBetween(market: MarketCalendar, from: string, to: string): number {
  const end = dayNumber(to)
  let count = 0
  for (let day = dayNumber(from) + 1; day <= end; day++) if (isOpenOn(market, day)) count++
  return count
}
