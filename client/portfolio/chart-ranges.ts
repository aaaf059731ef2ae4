/** The periods the value chart offers, shortest first. */
export const CHART_RANGES = ['1M', '6M', 'YTD', '1Y', '5Y', 'MAX'] as const

export type ChartRange = (typeof CHART_RANGES)[number]

const MONTHS_BACK: Partial<Record<ChartRange, number>> = { '1M': 1, '6M': 6, '1Y': 12, '5Y': 60 }

/**
 * The first day of a period ending `today` (YYYY-MM-DD), for the performance query's `from`;
 * undefined for `MAX`, which starts with the portfolio's first transaction. A month back from
 * the 31st lands on the last day of a shorter month.
 * @example rangeStart('1M', '2026-03-31') // '2026-02-28'
 */
export function rangeStart(range: ChartRange, today: string): string | undefined {
  if (range === 'MAX') return undefined
  const [year = 0, month = 1, day = 1] = today.split('-').map(Number)
  if (range === 'YTD') return `${year}-01-01`
  const back = MONTHS_BACK[range] ?? 0
  const target = new Date(Date.UTC(year, month - 1 - back, 1))
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0))
  target.setUTCDate(Math.min(day, lastDay.getUTCDate()))
  return target.toISOString().slice(0, 10)
}
