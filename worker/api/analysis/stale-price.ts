import { parseIsoDate } from '../../portfolio/iso-date'

/** A price more than this many trading days older than the report date is stale. */
export const STALE_AFTER_TRADING_DAYS = 5

// Day 0 (1970-01-01) was a Thursday: weekday 4 with Sunday as 0.
function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7
}

function isTradingDay(day: number): boolean {
  const dayOfWeek = weekday(day)
  return dayOfWeek !== 0 && dayOfWeek !== 6
}

/** Mondays to Fridays after `from` up to and including `to` (0 when `to` is not later). */
export function tradingDaysBetween(from: string, to: string): number {
  const start = parseIsoDate(from)
  const end = parseIsoDate(to)
  if (start === null || end === null || end <= start) return 0
  const days = end - start
  let count = Math.floor(days / 7) * 5
  for (let day = start + 1 + Math.floor(days / 7) * 7; day <= end; day++) {
    if (isTradingDay(day)) count++
  }
  return count
}

/**
 * Whether a holding's price is stale on the report date: older than 5 trading days (Mon–Fri;
 * exchange holidays are not known here), or missing altogether (valued at cost).
 *
 * @example isStalePrice('2024-01-05', '2024-01-12') // false: Friday to Friday is 5 trading days
 */
export function isStalePrice(priceDate: string | null, reportDate: string): boolean {
  if (priceDate === null) return true
  return tradingDaysBetween(priceDate, reportDate) > STALE_AFTER_TRADING_DAYS
}
