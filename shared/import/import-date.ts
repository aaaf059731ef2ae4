/**
 * Dates in a file: ISO (`2024-03-31`, also with a time as Ghostfolio and Portfolio Performance
 * write them, of which only the date counts) or day, month and year in the order of the file's
 * locale (`31.03.2024`, `03/31/2024`). The order is decided from the whole file: a part above 12
 * can only be a day.
 *
 * A UTC timestamp from noon on is the next day's date: Ghostfolio keeps a day as local midnight
 * in UTC, so a day entered in Istanbul or Berlin is exported as `…T21:00:00.000Z` or
 * `…T23:00:00.000Z` of the day before (and one entered west of Greenwich as early that day).
 */
export type DateOrder = 'DMY' | 'MDY'

export type ImportDate =
  { ok: true; date: string } | { ok: false; problem: 'invalid_date' | 'date_range' }

/** The years the API takes (shared/api/schemas/common.ts `isoDate`). */
const YEARS = { earliest: 1900, latest: 2099 } as const

const TIME = String.raw`(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?`
/** A UTC time from 12:00 on (`Z` or a zero offset). */
const UTC_AFTERNOON = /[T ](1[2-9]|2[0-3]):\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]00:?00)$/
const YEAR_FIRST = new RegExp(String.raw`^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})${TIME}$`)
const YEAR_LAST = new RegExp(String.raw`^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})${TIME}$`)
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0)
}

function calendarDate(year: number, month: number, day: number): ImportDate {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return { ok: false, problem: 'invalid_date' }
  }
  if (year < YEARS.earliest || year > YEARS.latest) return { ok: false, problem: 'date_range' }
  const pad = (part: number) => String(part).padStart(2, '0')
  return { ok: true, date: `${year}-${pad(month)}-${pad(day)}` }
}

/** The order a day-month-year cell shows (`31.03.2024` is DMY), or null when it could be either. */
function orderShown(text: string): DateOrder | null {
  const match = YEAR_LAST.exec(text.trim())
  if (!match) return null
  const first = Number(match[1])
  const second = Number(match[3])
  if (first > 12 && second <= 12) return 'DMY'
  if (second > 12 && first <= 12) return 'MDY'
  return null
}

/**
 * The order most of the cells show; without a telling cell, dotted dates are day first (as in
 * Turkish and German), the rest follow `fallback` (the caller's locale).
 */
export function detectDateOrder(cells: Iterable<string>, fallback: DateOrder): DateOrder {
  let dayFirst = 0
  let monthFirst = 0
  let dotted = false
  for (const cell of cells) {
    const shown = orderShown(cell)
    if (shown === 'DMY') dayFirst += 1
    else if (shown === 'MDY') monthFirst += 1
    dotted ||= /^\d{1,2}\.\d{1,2}\./.test(cell.trim())
  }
  if (dayFirst !== monthFirst) return dayFirst > monthFirst ? 'DMY' : 'MDY'
  return dotted ? 'DMY' : fallback
}

function nextDay(date: string): ImportDate {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000)
  return calendarDate(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate())
}

/** @example parseImportDate('31.02.2024', 'DMY') // { ok: false, problem: 'invalid_date' } */
export function parseImportDate(text: string, order: DateOrder): ImportDate {
  const trimmed = text.trim()
  const yearFirst = YEAR_FIRST.exec(trimmed) ?? COMPACT.exec(trimmed)
  if (yearFirst) {
    const [year, month, day] =
      yearFirst.length === 5
        ? [yearFirst[1], yearFirst[3], yearFirst[4]]
        : [yearFirst[1], yearFirst[2], yearFirst[3]]
    const written = calendarDate(Number(year), Number(month), Number(day))
    return written.ok && UTC_AFTERNOON.test(trimmed) ? nextDay(written.date) : written
  }
  const yearLast = YEAR_LAST.exec(trimmed)
  if (!yearLast) return { ok: false, problem: 'invalid_date' }
  const first = Number(yearLast[1])
  const second = Number(yearLast[3])
  const year = Number(yearLast[4])
  return order === 'DMY' ? calendarDate(year, second, first) : calendarDate(year, first, second)
}
