const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/

/** `YYYY-MM` → months since year 0, or a RangeError for anything else. */
function monthNumber(month: string): number {
  const match = MONTH.exec(month)
  if (!match) throw new RangeError(`"${month}" is not a YYYY-MM month`)
  return Number(match[1]) * 12 + Number(match[2]) - 1
}

function formatMonth(number: number): string {
  const year = Math.floor(number / 12)
  return `${String(year).padStart(4, '0')}-${String((number % 12) + 1).padStart(2, '0')}`
}

/** True for a real `YYYY-MM` month. */
export function isMonth(text: unknown): text is string {
  return typeof text === 'string' && MONTH.test(text)
}

/** `month` moved by `months` months: `addMonths('2025-11', 3)` is `'2026-02'`. */
export function addMonths(month: string, months: number): string {
  return formatMonth(monthNumber(month) + months)
}

/** The month of a `YYYY-MM-DD` day. */
export function monthOfDay(day: string): string {
  return day.slice(0, 7)
}

/** The last day of `month`, `YYYY-MM-DD`. */
export function lastDayOfMonth(month: string): string {
  const number = monthNumber(month) + 1
  const days = new Date(Date.UTC(Math.floor(number / 12), number % 12, 0)).getUTCDate()
  return `${month}-${String(days).padStart(2, '0')}`
}

/** `from`…`to` (inclusive) cut into consecutive ranges of at most `size` months, oldest first. */
export function monthRanges(
  from: string,
  to: string,
  size: number,
): { from: string; to: string }[] {
  const ranges: { from: string; to: string }[] = []
  const last = monthNumber(to)
  for (let start = monthNumber(from); start <= last; start += size) {
    ranges.push({ from: formatMonth(start), to: formatMonth(Math.min(start + size - 1, last)) })
  }
  return ranges
}
