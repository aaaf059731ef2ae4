import { formatConventions, type FormatLocale } from '../../shared/i18n/format-locale'
import type { Translator } from '../../shared/i18n/translator'

/**
 * Why a typed date was refused; each has a message under `portfolio.date.errors`.
 * `date_range` is the API's own code for a year outside 1900–2099 (shared/api/schemas/common.ts).
 */
export type DateInputError = 'malformed' | 'ambiguous' | 'impossible' | 'date_range'

export type DateParse = { ok: true; value: string } | { ok: false; error: DateInputError }

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
 * Reads a date typed in the formatting locale's order as the API's `YYYY-MM-DD`: `25.11.2026`
 * or `5.1.26` in tr-TR and de-DE, `25/11/2026` in en-GB, `11/25/2026` or `11/25/26` in en-US,
 * and `2026-11-25` everywhere. Two-digit years are 20yy. Another separator (`25/11/2026` in
 * German, `25.11.2026` in en-GB, `11-25-2026` in en-US) is read in the locale's order, with four
 * digits of year, only when the other order cannot be meant: `05/01/2026` in German is refused
 * as ambiguous instead of guessed. The separator the locale writes is always read its way.
 * @example parseDateInput('5.1.2026', 'de-DE') // { ok: true, value: '2026-01-05' }
 */
export function parseDateInput(input: string, locale: FormatLocale): DateParse {
  const text = input.replace(EDGE_SPACES, '')
  const iso = ISO.exec(text)
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]))

  const local = LOCAL.exec(text)
  if (!local) return { ok: false, error: 'malformed' }
  const [, first = '', separator, second = '', yearText = ''] = local
  const { dayFirst, dateSeparator } = formatConventions(locale)
  const own = separator === dateSeparator
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
 * @example formatDateInput('2026-11-25', 'en-US') // '11/25/2026'
 */
export function formatDateInput(isoDate: string, locale: FormatLocale): string {
  const [year = '', month = '', day = ''] = isoDate.split('-')
  const { dayFirst, dateSeparator } = formatConventions(locale)
  return (dayFirst ? [day, month, year] : [month, day, year]).join(dateSeparator)
}

/** A sample date in the locale's format, for error messages. */
export function dateExample(locale: FormatLocale): string {
  return formatDateInput('2026-11-25', locale)
}

/**
 * The pattern to type a date in, in the language's letters and the locale's order.
 * @example datePattern(german) // 'TT.MM.JJJJ'; 'DD/MM/YYYY' in en-GB, 'MM/DD/YYYY' in en-US
 */
export function datePattern({ t, formatLocale }: Pick<Translator, 't' | 'formatLocale'>): string {
  const { dayFirst, dateSeparator } = formatConventions(formatLocale)
  const day = t('portfolio.date.letters.day')
  const month = t('portfolio.date.letters.month')
  const year = t('portfolio.date.letters.year')
  return (dayFirst ? [day, month, year] : [month, day, year]).join(dateSeparator)
}
