import { isMarketOpen } from '../../shared/markets/market-calendar'
import { formatIsoDate, parseIsoDate } from '../../worker/portfolio/iso-date'

/** Day number → ISO date and back, for dates the demo generates itself. */
export function dayOf(date: string): number {
  const day = parseIsoDate(date)
  if (day === null) throw new Error(`Not a YYYY-MM-DD date: ${date}`)
  return day
}

/**
 * The weekdays from `fromDay` to `toDay`, both included, as ISO dates: the demo invents a close
 * for every one, holidays included.
 */
export function weekdaysBetween(fromDay: number, toDay: number): string[] {
  const dates: string[] = []
  for (let day = fromDay; day <= toDay; day += 1) {
    const date = formatIsoDate(day)
    if (isMarketOpen('weekdays', date)) dates.push(date)
  }
  return dates
}
