import type { Locale } from '../../i18n/locales'

/** The base currencies offered when creating a portfolio (the rates table covers these). */
export const BASE_CURRENCIES = ['TRY', 'USD', 'EUR', 'GBP', 'CHF', 'JPY'] as const

/** What each language's users most often count in. */
export const DEFAULT_BASE_CURRENCY: Record<Locale, (typeof BASE_CURRENCIES)[number]> = {
  tr: 'TRY',
  en: 'USD',
  de: 'EUR',
}
