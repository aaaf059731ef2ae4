import { formatIsoDate, isWeekdayNumber, parseIsoDate } from '../portfolio/iso-date'

function dayNumber(iso: string): number {
  const day = parseIsoDate(iso)
  if (day === null) throw new RangeError(`"${iso}" is not a YYYY-MM-DD date`)
  return day
}

/** `iso` moved by `days` calendar days. */
export function addDays(iso: string, days: number): string {
  return formatIsoDate(dayNumber(iso) + days)
}

/** Monday to Friday: the days the central banks may publish. */
export function isWeekday(iso: string): boolean {
  return isWeekdayNumber(dayNumber(iso))
}

/** The last Monday-to-Friday day before `iso`. */
export function previousWeekday(iso: string): string {
  let day = addDays(iso, -1)
  while (!isWeekday(day)) day = addDays(day, -1)
  return day
}
