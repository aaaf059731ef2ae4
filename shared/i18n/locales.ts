/** The one list of languages the product speaks; everything locale-related derives from it. */
export const LOCALES = [
  { code: 'tr', iso: 'tr-TR', ogLocale: 'tr_TR', name: 'Türkçe', currency: 'TRY' },
  { code: 'en', iso: 'en-US', ogLocale: 'en_US', name: 'English', currency: 'USD' },
  { code: 'de', iso: 'de-DE', ogLocale: 'de_DE', name: 'Deutsch', currency: 'EUR' },
] as const

export type LocaleInfo = (typeof LOCALES)[number]
export type Locale = LocaleInfo['code']

export const DEFAULT_LOCALE: Locale = 'tr'

export const LOCALE_CODES: readonly Locale[] = LOCALES.map((locale) => locale.code)

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value)
}

export function localeInfo(locale: Locale): LocaleInfo {
  const info = LOCALES.find((entry) => entry.code === locale)
  if (!info) throw new Error(`Unknown locale: ${locale}`)
  return info
}
