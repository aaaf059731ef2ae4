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

/** tr-TR and de-DE write day.month.year; en-US writes mm/dd/yy (DESIGN.md). */
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
 * An exact decimal amount (a string, never a float) as money in the locale's style.
 * Intl formats decimal strings without passing through binary floating point.
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
