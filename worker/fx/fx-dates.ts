import { isMarketOpen, lastOpenDayBefore } from '../../shared/markets/market-calendar'
import { formatIsoDate, parseIsoDate } from '../portfolio/iso-date'

function dayNumber(iso: string): number {
  const day = parseIsoDate(iso)
  if (day === null) throw new RangeError(`"${iso}" is not a YYYY-MM-DD date`)
  return day
}

/** `iso` moved by `days` calendar days. */
export function addDays(iso: string, days: number): string {
  return formatIsoDate(dayNumber(iso) + days)
}

/**
 * Monday to Friday: the days the central banks may publish (their holidays are not in the market
 * calendars; a day they publish nothing is skipped).
 */
export function isWeekday(iso: string): boolean {
  return isMarketOpen('weekdays', iso)
}

/** The last Monday-to-Friday day before `iso`. */
export function previousWeekday(iso: string): string {
  return lastOpenDayBefore('weekdays', iso)
}
