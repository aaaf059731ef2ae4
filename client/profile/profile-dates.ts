import { formatDate } from '../../shared/i18n/format'
import type { FormatLocale } from '../../shared/i18n/format-locale'

/**
 * The calendar day (UTC) of an auth server timestamp, in the locale's format; '' when missing.
 * @example dayOf('de-DE', '2026-11-25T09:41:00Z') // '25.11.2026'
 */
export function dayOf(locale: FormatLocale, timestamp: string | null | undefined): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(timestamp ?? '')?.[0]
  return day ? formatDate(locale, day) : ''
}
