import type { Locale } from '../../shared/i18n/locales'

/**
 * Why a typed date was refused; each has a message under `portfolio.date.errors`.
 * `date_range` is the API's own code for a year outside 1900–2099 (shared/api/schemas/common.ts).
 */
export type DateInputError = 'malformed' | 'ambiguous' | 'impossible' | 'date_range'

export type DateParse = { ok: true; value: string } | { ok: false; error: DateInputError }

interface DateOrder {
  /** Day first (`25.11.2026`) or month first (`11/25/2026`). */
  dayFirst: boolean
  /** The separator the locale writes; any other is read only when it cannot be misread. */
  separator: string
}

/** How people write dates in each language: tr and de day.month.year, en mm/dd. */
const ORDERS: Record<Locale, DateOrder> = {
  tr: { dayFirst: true, separator: '.' },
  de: { dayFirst: true, separator: '.' },
  en: { dayFirst: false, separator: '/' },
}

/** The API's calendar (shared/api/schemas/common.ts): years 1900 to 2099. */
const EARLIEST_YEAR = 1900
const LATEST_YEAR = 2099

// Spaces a keyboard or a copied date may bring: normal, no-break, narrow no-break.
const EDGE_SPACES = /^[\s\u00a0\u202f]+|[\s\u00a0\u202f]+$/g
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/
// Day and month in either order, the same separator twice (spaces after it allowed, as in
// `25. 11. 2026`), a year of two or four digits.
const LOCAL = /^(\d{1,2})([./-])\s*(\d{1,2})\2\s*(\d{2}|\d{4})$/

/**
 * Reads a date typed in the locale's format as the API's `YYYY-MM-DD`: `25.11.2026` or `5.1.26`
 * in tr and de, `11/25/2026` or `11/25/26` in en, and `2026-11-25` in every language. Two-digit
 * years are 20yy. Another separator (`25/11/2026` in German, `11-25-2026` in English) is read
 * in the locale's order, with four digits of year, only when the other order cannot be meant:
 * `05/01/2026` in German is refused as ambiguous instead of guessed.
 * @example parseDateInput('5.1.2026', 'de') // { ok: true, value: '2026-01-05' }
 */
export function parseDateInput(input: string, locale: Locale): DateParse {
  const text = input.replace(EDGE_SPACES, '')
  const iso = ISO.exec(text)
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]))

  const local = LOCAL.exec(text)
  if (!local) return { ok: false, error: 'malformed' }
  const [, first = '', separator, second = '', yearText = ''] = local
  const { dayFirst } = ORDERS[locale]
  const own = separator === ORDERS[locale].separator
  // `26-11-25` may be year first: a short year only with the locale's own separator.
  if (yearText.length === 2 && !own) return { ok: false, error: 'malformed' }
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText)
  const [day, month] = dayFirst ? [first, second] : [second, first]
  const read = calendarDate(year, Number(month), Number(day))
  if (!read.ok || own) return read

  const other = calendarDate(year, Number(day), Number(month))
  return other.ok && other.value !== read.value ? { ok: false, error: 'ambiguous' } : read
}

/** A year, month and day as `YYYY-MM-DD` when the API's calendar has that day. */
function calendarDate(year: number, month: number, day: number): DateParse {
  if (year < EARLIEST_YEAR || year > LATEST_YEAR) return { ok: false, error: 'date_range' }
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) {
    return { ok: false, error: 'impossible' }
  }
  return { ok: true, value: `${year}-${pad(month)}-${pad(day)}` }
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

function pad(part: number): string {
  return String(part).padStart(2, '0')
}

/**
 * The inverse, to prefill an input: a `YYYY-MM-DD` date the locale's way, always with four
 * digits of year so the text is read back as the same day.
 * @example formatDateInput('2026-11-25', 'en') // '11/25/2026'
 */
export function formatDateInput(isoDate: string, locale: Locale): string {
  const [year = '', month = '', day = ''] = isoDate.split('-')
  const { dayFirst, separator } = ORDERS[locale]
  return (dayFirst ? [day, month, year] : [month, day, year]).join(separator)
}

/** A sample date in the locale's format, for error messages. */
export function dateExample(locale: Locale): string {
  return formatDateInput('2026-11-25', locale)
}
