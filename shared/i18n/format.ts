import {
  formatConventions,
  formatLocaleOf,
  AUTOMATIC_FORMATS,
  type FormatLocale,
} from './format-locale'
import { localeInfo } from './locales'

/**
 * Every function here takes a formatting locale (shared/i18n/format-locale.ts): the page's
 * language with the reader's region. Numbers take their symbols and patterns from Intl in the
 * language (en-US for every English region) and their separators from the region; short dates
 * are written from the region's conventions. So the server, every browser and the input
 * parsers (shared/portfolio/decimal-input.ts, client/portfolio/date-input.ts) agree exactly,
 * whatever regional data each one's Intl has.
 */

/** A number formatter: Intl's output with the region's separators. */
interface NumberFormatter {
  format(value: string | number): string
  /** The decimals it shows at most (a currency's minor unit, unless told otherwise). */
  maximumFractionDigits: number
}

// Intl formatters are costly to create and safe to share, so each is made once per isolate.
const cache = new Map<string, NumberFormatter>()

/**
 * Formats numbers as Intl does for the language, with `tag`'s decimal and group separators.
 * @example numberFormat('en-DE', {}).format('1234.5') // '1.234,5'
 */
function numberFormat(tag: FormatLocale, options: Intl.NumberFormatOptions): NumberFormatter {
  const key = `${tag}:${JSON.stringify(options)}`
  let format = cache.get(key)
  if (!format) {
    const { language, decimal, group } = formatConventions(tag)
    const base = formatConventions(formatLocaleOf(language, AUTOMATIC_FORMATS))
    const intl = new Intl.NumberFormat(localeInfo(language).iso, options)
    const same = base.decimal === decimal && base.group === group
    // Intl takes decimal strings as they are, without binary floating point.
    const numeric = (value: string | number) => value as unknown as number
    format = {
      format: same
        ? (value) => intl.format(numeric(value))
        : (value) =>
            intl
              .formatToParts(numeric(value))
              .map((part) =>
                part.type === 'decimal' ? decimal : part.type === 'group' ? group : part.value,
              )
              .join(''),
      maximumFractionDigits: intl.resolvedOptions().maximumFractionDigits ?? 0,
    }
    cache.set(key, format)
  }
  return format
}

/**
 * A calendar date (YYYY-MM-DD) in the locale's order and separator: tr-TR and de-DE
 * day.month.year, en-GB day/month/year, en-US mm/dd/yy. Dates are calendar days, not instants,
 * so no time zone can shift them; the text is what Intl writes for the tag (format.test.ts).
 * @example formatDate('de-DE', '2026-11-22') // '22.11.2026'
 * @example formatDate('en-GB', '2026-11-22') // '22/11/2026'
 */
export function formatDate(tag: FormatLocale, isoDate: string): string {
  const { dayFirst, dateSeparator, shortYear } = formatConventions(tag)
  const [year = '', month = '', day = ''] = isoDate.split('-')
  const shown = shortYear ? year.slice(-2) : year
  return (dayFirst ? [day, month, shown] : [month, day, shown]).join(dateSeparator)
}

const dayFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * A calendar date (YYYY-MM-DD) as a recent day is named: weekday, day and month, no year (the
 * date of the last trading day's change). In UTC, as {@link formatDate}.
 * @example formatDay('en-US', '2026-11-27') // 'Fri, Nov 27'
 * @example formatDay('en-GB', '2026-11-27') // 'Fri 27 Nov'
 */
export function formatDay(locale: FormatLocale, isoDate: string): string {
  const { dateIntl } = formatConventions(locale)
  let format = dayFormats.get(dateIntl)
  if (!format) {
    format = new Intl.DateTimeFormat(dateIntl, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    })
    dayFormats.set(dateIntl, format)
  }
  return format.format(new Date(`${isoDate}T00:00:00Z`))
}

const monthFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * A month (YYYY-MM) as the locale names it, with its year: the month of an index value.
 * @example formatMonth('tr-TR', '2025-05') // 'Mayıs 2025'
 * @example formatMonth('de-DE', '2025-05') // 'Mai 2025'
 */
export function formatMonth(locale: FormatLocale, month: string): string {
  const { dateIntl } = formatConventions(locale)
  let format = monthFormats.get(dateIntl)
  if (!format) {
    format = new Intl.DateTimeFormat(dateIntl, { month: 'long', year: 'numeric', timeZone: 'UTC' })
    monthFormats.set(dateIntl, format)
  }
  return format.format(new Date(`${month}-01T00:00:00Z`))
}

/**
 * A calendar date in the locale's numeric order with all four digits of the year: a date in a
 * file for the locale's spreadsheets (the export), which spreadsheets and the import read back
 * without guessing a century. Follows {@link formatDate}'s order and separators.
 * @example formatFileDate('en-US', '2026-11-20') // '11/20/2026'
 */
export function formatFileDate(tag: FormatLocale, isoDate: string): string {
  const { dayFirst, dateSeparator } = formatConventions(tag)
  const [year = '', month = '', day = ''] = isoDate.split('-')
  return (dayFirst ? [day, month, year] : [month, day, year]).join(dateSeparator)
}

/**
 * The mark the locale writes between a number's whole part and its decimals.
 * @example decimalMark('de-DE') // ','
 */
export function decimalMark(tag: FormatLocale): '.' | ',' {
  return formatConventions(tag).decimal === ',' ? ',' : '.'
}

/**
 * An exact decimal amount (a string, never a float) as money in the locale's style, rounded to
 * the currency's minor unit: totals, values, gains, fees. A price per unit keeps its own decimals
 * with {@link formatUnitPrice}. Intl formats decimal strings without passing through binary
 * floating point.
 * @example formatMoney('tr-TR', '1490', 'TRY') // '₺1.490,00'
 */
export function formatMoney(
  locale: FormatLocale,
  amount: string,
  currency: string,
  options: { trimZeroFraction?: boolean; signed?: boolean } = {},
): string {
  const format = numberFormat(locale, {
    style: 'currency',
    currency,
    ...(options.trimZeroFraction ? { trailingZeroDisplay: 'stripIfInteger' } : {}),
    ...(options.signed ? { signDisplay: 'exceptZero' } : {}),
  })
  return format.format(amount)
}

// A plain decimal string's fraction without its trailing zeros: `280.50` → `5`, `12` → none.
const SIGNIFICANT_FRACTION = /^-?\d+(?:\.(\d*?)0*)?$/

/** The API's decimals have at most 20 places (shared/api/schemas/common.ts). */
const MAX_PRICE_DECIMALS = 20

/**
 * Money at the currency's usual decimals, or at the decimals of the decimal string `like` when it
 * has more; at least `published` decimals, zeros included, when the instrument's prices are
 * published with as many (a TEFAS fund's six).
 */
function unitPriceFormat(
  locale: FormatLocale,
  currency: string,
  like: string,
  published: number,
): NumberFormatter {
  const money = numberFormat(locale, { style: 'currency', currency })
  const currencyDecimals = money.maximumFractionDigits
  const ownDecimals = SIGNIFICANT_FRACTION.exec(like)?.[1]?.length ?? 0
  const decimals = Math.min(Math.max(ownDecimals, published), MAX_PRICE_DECIMALS)
  if (decimals <= currencyDecimals) return money
  return numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: Math.max(currencyDecimals, Math.min(published, MAX_PRICE_DECIMALS)),
    maximumFractionDigits: decimals,
  })
}

/**
 * A quoted price per unit (a trade's unit price, a close) as money in the locale's style at its
 * own precision: the currency's usual decimals (2 for TRY, EUR, USD) and as many more as the
 * decimal string has, trailing zeros beyond them dropped, and at least the `published` decimals
 * of the instrument's prices. The digits shown are the string's, exactly; totals go through
 * {@link formatMoney} instead.
 * @example formatUnitPrice('tr-TR', '0.812345', 'TRY') // '₺0,812345'
 * @example formatUnitPrice('tr-TR', '0.93', 'TRY', 6) // '₺0,930000'
 * @example formatUnitPrice('de-DE', '280.50', 'EUR') // '280,50 €'
 */
export function formatUnitPrice(
  locale: FormatLocale,
  price: string,
  currency: string,
  published = 0,
): string {
  return unitPriceFormat(locale, currency, price, published).format(price)
}

/**
 * A computed price per unit (an average cost, a lot's cost per unit: a quotient with up to 20
 * decimals) at the precision the instrument is quoted in: as many decimals as `quoted` (its
 * latest price) has, or the `published` decimals of its prices, at least the currency's,
 * rounded. Without a quoted price, the currency's or the published ones.
 * @example formatAveragePrice('tr-TR', '251.333333333333333333', 'TRY', '280.5') // '₺251,33'
 * @example formatAveragePrice('tr-TR', '0.81234567', 'TRY', '0.812345') // '₺0,812346'
 * @example formatAveragePrice('tr-TR', '1.2345674', 'TRY', '0.93', 6) // '₺1,234567'
 */
export function formatAveragePrice(
  locale: FormatLocale,
  average: string,
  currency: string,
  quoted: string | null,
  published = 0,
): string {
  return unitPriceFormat(locale, currency, quoted ?? '0', published).format(average)
}

/** A plain number in the locale's style (grouping and decimal separators). */
export function formatNumber(
  locale: FormatLocale,
  value: string | number,
  options: Intl.NumberFormatOptions = {},
): string {
  return numberFormat(locale, options).format(value)
}

/**
 * A fraction of one as a percentage with two decimals; `signed` shows + for gains.
 * @example formatPercent('tr-TR', 0.1234, { signed: true }) // '+%12,34'
 */
export function formatPercent(
  locale: FormatLocale,
  fraction: number,
  options: { signed?: boolean } = {},
): string {
  return numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    ...(options.signed ? { signDisplay: 'exceptZero' } : {}),
  }).format(fraction)
}

/**
 * An instant (epoch milliseconds) as the date and time in the visitor's time zone: the "as of"
 * of figures kept for offline reading. Browser only: the server does not know the time zone.
 * @example formatDateTime('de-DE', Date.UTC(2026, 10, 22, 9, 5)) // '22.11.2026, 10:05'
 */
export function formatDateTime(locale: FormatLocale, epochMs: number): string {
  return new Intl.DateTimeFormat(formatConventions(locale).dateIntl, {
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(epochMs))
}
