import { formatIsoDate, parseIsoDate } from '../../worker/portfolio/iso-date'

/** Day number → ISO date and back, for dates the demo generates itself. */
export function dayOf(date: string): number {
  const day = parseIsoDate(date)
  if (day === null) throw new Error(`Not a YYYY-MM-DD date: ${date}`)
  return day
}

/** Monday to Friday: the days exchanges and central banks publish (holidays are ignored). */
export function isWeekday(day: number): boolean {
  // Day 0, 1970-01-01, was a Thursday; 0 here is Sunday and 6 Saturday.
  const weekday = (((day + 4) % 7) + 7) % 7
  return weekday !== 0 && weekday !== 6
}

/** The weekdays from `fromDay` to `toDay`, both included, as ISO dates. */
export function weekdaysBetween(fromDay: number, toDay: number): string[] {
  const dates: string[] = []
  for (let day = fromDay; day <= toDay; day += 1) {
    if (isWeekday(day)) dates.push(formatIsoDate(day))
  }
  return dates
}
