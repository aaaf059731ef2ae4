import { localeInfo, type Locale } from './locales'

// Intl formatters are costly to create and safe to share, so each is made once per isolate.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>()

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n:${locale}:${JSON.stringify(options)}`
  let format = cache.get(key) as Intl.NumberFormat | undefined
  if (!format) {
    format = new Intl.NumberFormat(localeInfo(locale).iso, options)
    cache.set(key, format)
  }
  return format
}

/** tr-TR and de-DE write day.month.year; en-US writes mm/dd/yy. */
const DATE_OPTIONS: Record<Locale, Intl.DateTimeFormatOptions> = {
  tr: { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' },
  de: { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' },
  en: { day: '2-digit', month: '2-digit', year: '2-digit', timeZone: 'UTC' },
}

/**
 * A calendar date (YYYY-MM-DD) in the locale's format. Dates are calendar days, not instants,
 * so they are formatted in UTC to never shift by a time zone.
 * @example formatDate('de', '2026-11-22') // '22.11.2026'
 */
export function formatDate(locale: Locale, isoDate: string): string {
  const key = `d:${locale}`
  let format = cache.get(key) as Intl.DateTimeFormat | undefined
  if (!format) {
    format = new Intl.DateTimeFormat(localeInfo(locale).iso, DATE_OPTIONS[locale])
    cache.set(key, format)
  }
  return format.format(new Date(`${isoDate}T00:00:00Z`))
}

/**
 * A calendar date (YYYY-MM-DD) as a recent day is named: weekday, day and month, no year (the
 * date of the last trading day's change). In UTC, as {@link formatDate}.
 * @example formatDay('en', '2026-11-27') // 'Fri, Nov 27'
 */
export function formatDay(locale: Locale, isoDate: string): string {
  const key = `day:${locale}`
  let format = cache.get(key) as Intl.DateTimeFormat | undefined
  if (!format) {
    format = new Intl.DateTimeFormat(localeInfo(locale).iso, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    })
    cache.set(key, format)
  }
  return format.format(new Date(`${isoDate}T00:00:00Z`))
}

/**
 * A calendar date in the locale's numeric order with all four digits of the year: a date in a
 * file for the locale's spreadsheets (the export), which spreadsheets and the import read back
 * without guessing a century. Follows {@link formatDate}'s order and separators.
 * @example formatFileDate('en', '2026-11-20') // '11/20/2026'
 */
export function formatFileDate(locale: Locale, isoDate: string): string {
  const key = `fd:${locale}`
  let format = cache.get(key) as Intl.DateTimeFormat | undefined
  if (!format) {
    format = new Intl.DateTimeFormat(localeInfo(locale).iso, {
      ...DATE_OPTIONS[locale],
      year: 'numeric',
    })
    cache.set(key, format)
  }
  return format.format(new Date(`${isoDate}T00:00:00Z`))
}

/**
 * The mark the locale writes between a number's whole part and its decimals.
 * @example decimalMark('de') // ','
 */
export function decimalMark(locale: Locale): '.' | ',' {
  const parts = numberFormat(locale, {}).formatToParts(1.5)
  return parts.find((part) => part.type === 'decimal')?.value === ',' ? ',' : '.'
}

/**
 * An exact decimal amount (a string, never a float) as money in the locale's style, rounded to
 * the currency's minor unit: totals, values, gains, fees. A price per unit keeps its own decimals
 * with {@link formatUnitPrice}. Intl formats decimal strings without passing through binary
 * floating point.
 * @example formatMoney('tr', '1490', 'TRY') // '₺1.490,00'
 */
export function formatMoney(
  locale: Locale,
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
  return format.format(amount as unknown as number)
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
  locale: Locale,
  currency: string,
  like: string,
  published: number,
): Intl.NumberFormat {
  const money = numberFormat(locale, { style: 'currency', currency })
  const currencyDecimals = money.resolvedOptions().maximumFractionDigits ?? 2
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
 * @example formatUnitPrice('tr', '0.812345', 'TRY') // '₺0,812345'
 * @example formatUnitPrice('tr', '0.93', 'TRY', 6) // '₺0,930000'
 * @example formatUnitPrice('de', '280.50', 'EUR') // '280,50 €'
 */
export function formatUnitPrice(
  locale: Locale,
  price: string,
  currency: string,
  published = 0,
): string {
  return unitPriceFormat(locale, currency, price, published).format(price as unknown as number)
}

/**
 * A computed price per unit (an average cost, a lot's cost per unit: a quotient with up to 20
 * decimals) at the precision the instrument is quoted in: as many decimals as `quoted` (its
 * latest price) has, or the `published` decimals of its prices, at least the currency's,
 * rounded. Without a quoted price, the currency's or the published ones.
 * @example formatAveragePrice('tr', '251.333333333333333333', 'TRY', '280.5') // '₺251,33'
 * @example formatAveragePrice('tr', '0.81234567', 'TRY', '0.812345') // '₺0,812346'
 * @example formatAveragePrice('tr', '1.2345674', 'TRY', '0.93', 6) // '₺1,234567'
 */
export function formatAveragePrice(
  locale: Locale,
  average: string,
  currency: string,
  quoted: string | null,
  published = 0,
): string {
  return unitPriceFormat(locale, currency, quoted ?? '0', published).format(
    average as unknown as number,
  )
}

/** A plain number in the locale's style (grouping and decimal separators). */
export function formatNumber(
  locale: Locale,
  value: string | number,
  options: Intl.NumberFormatOptions = {},
): string {
  return numberFormat(locale, options).format(value as unknown as number)
}

/**
 * A fraction of one as a percentage with two decimals; `signed` shows + for gains.
 * @example formatPercent('tr', 0.1234, { signed: true }) // '+%12,34'
 */
export function formatPercent(
  locale: Locale,
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
 * @example formatDateTime('de', Date.UTC(2026, 10, 22, 9, 5)) // '22.11.2026, 10:05'
 */
export function formatDateTime(locale: Locale, epochMs: number): string {
  return new Intl.DateTimeFormat(localeInfo(locale).iso, {
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(epochMs))
}
