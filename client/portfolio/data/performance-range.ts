/** The periods the value chart and its returns can show. */
export const PERFORMANCE_RANGES = ['1M', '6M', 'YTD', '1Y', '5Y', 'MAX'] as const
export type PerformanceRange = (typeof PERFORMANCE_RANGES)[number]

/** The range the detail screen opens with (and the server renders). */
export const DEFAULT_RANGE: PerformanceRange = '1Y'

const MONTHS: Partial<Record<PerformanceRange, number>> = { '1M': 1, '6M': 6, '1Y': 12, '5Y': 60 }

/** A calendar date `months` earlier, clamped to the month's last day (31 May − 1M = 30 April). */
function monthsBefore(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number]
  const total = year * 12 + (month - 1) - months
  const targetYear = Math.floor(total / 12)
  const targetMonth = total % 12
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate()
  const date = new Date(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay)))
  return date.toISOString().slice(0, 10)
}

/**
 * The dates of a range ending on `asOf` (the report's date, the same on server and browser);
 * `from` is null for the whole history.
 * @example rangeDates('YTD', '2026-05-31') // { from: '2026-01-01', to: '2026-05-31' }
 */
export function rangeDates(
  range: PerformanceRange,
  asOf: string,
): { from: string | null; to: string } {
  if (range === 'MAX') return { from: null, to: asOf }
  if (range === 'YTD') return { from: `${asOf.slice(0, 4)}-01-01`, to: asOf }
  return { from: monthsBefore(asOf, MONTHS[range] ?? 12), to: asOf }
}
