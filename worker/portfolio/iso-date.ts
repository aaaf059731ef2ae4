// Calendar dates as whole days since 1970-01-01: pure arithmetic on the proleptic Gregorian
// calendar, so no time zone or daylight-saving shift can move a trade to another day.

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

function digitAt(text: string, index: number): number {
  const digit = text.charCodeAt(index) - 48
  return digit >= 0 && digit <= 9 ? digit : NaN
}

function isDigitAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index)
  return code >= 48 && code <= 57
}

/**
 * True when the text has the shape `YYYY-MM-DD` (cheap; does not check the calendar). Written
 * out position by position: it runs for every point of every price series.
 */
export function hasIsoDateShape(text: unknown): text is string {
  return (
    typeof text === 'string' &&
    text.length === 10 &&
    text.charCodeAt(4) === 45 &&
    text.charCodeAt(7) === 45 &&
    isDigitAt(text, 0) &&
    isDigitAt(text, 1) &&
    isDigitAt(text, 2) &&
    isDigitAt(text, 3) &&
    isDigitAt(text, 5) &&
    isDigitAt(text, 6) &&
    isDigitAt(text, 8) &&
    isDigitAt(text, 9)
  )
}

/**
 * The day number of an ISO date (`'2024-02-29'` → 19782), or null when the text is not a real
 * calendar date in `YYYY-MM-DD` form.
 */
export function parseIsoDate(text: unknown): number | null {
  if (!hasIsoDateShape(text)) return null
  const year =
    digitAt(text, 0) * 1000 + digitAt(text, 1) * 100 + digitAt(text, 2) * 10 + digitAt(text, 3)
  const month = digitAt(text, 5) * 10 + digitAt(text, 6)
  const day = digitAt(text, 8) * 10 + digitAt(text, 9)
  if (month < 1 || month > 12 || day < 1) return null
  const monthLength = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0)
  if (day > monthLength) return null
  return dayFromCivil(year, month, day)
}

// Howard Hinnant's days_from_civil / civil_from_days.
function dayFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yearOfEra = y - era * 400
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear
  return era * 146097 + dayOfEra - 719468
}

/** The ISO date of a day number (19782 → `'2024-02-29'`). */
export function formatIsoDate(dayNumber: number): string {
  const shifted = dayNumber + 719468
  const era = Math.floor(shifted / 146097)
  const dayOfEra = shifted - era * 146097
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36524) -
      Math.floor(dayOfEra / 146096)) /
      365,
  )
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153)
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1
  const month = shiftedMonth + (shiftedMonth < 10 ? 3 : -9)
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`
}

/** The calendar year of a day number. */
export function yearOf(dayNumber: number): number {
  return Number(formatIsoDate(dayNumber).slice(0, 4))
}

/** The day number of 31 December of a year. */
export function lastDayOfYear(year: number): number {
  return dayFromCivil(year, 12, 31)
}

/** The UTC calendar day of a moment, `YYYY-MM-DD`. */
export function utcDay(moment: Date): string {
  return moment.toISOString().slice(0, 10)
}
