import rosetta from 'rosetta'
import { AUTOMATIC_FORMATS, formatLocaleOf, type FormatLocale } from './format-locale'
import { localeInfo, type Locale } from './locales'
import type { MessageKey, Messages, PluralKey } from './messages'

export type TranslateParams = Record<string, string | number>

export interface Translator {
  locale: Locale
  /** How numbers and dates are written for this reader (shared/i18n/format-locale.ts). */
  formatLocale: FormatLocale
  /** The message for a key with `{{param}}` placeholders filled; the key itself when missing. */
  t(key: MessageKey, params?: TranslateParams): string
  /** The plural form of a `{one, other}` message for a count, by the locale's plural rules. */
  plural(key: PluralKey, count: number, params?: TranslateParams): string
}

const reported = new Set<string>()

function reportMissing(locale: Locale, key: string): void {
  const id = `${locale}:${key}`
  if (reported.has(id)) return
  reported.add(id)
  console.warn(`[i18n] missing message "${key}" in ${locale}`)
}

/**
 * Wraps rosetta so a missing key is logged once and shown as the key, never a crash or a blank.
 * `messages` may hold only some namespaces (the groups a screen loaded); a key of a namespace
 * not loaded counts as missing, so a forgotten group is visible at once. Numbers and dates are
 * written as `formatLocale` says, by default the language's own (en-US for English).
 * @example createTranslator('en', messages).t('layout.navPricing') // 'Pricing'
 */
export function createTranslator(
  locale: Locale,
  messages: Partial<Messages>,
  formatLocale: FormatLocale = formatLocaleOf(locale, AUTOMATIC_FORMATS),
): Translator {
  const i18n = rosetta<Partial<Messages>>({ [locale]: messages })
  i18n.locale(locale)
  const pluralRules = new Intl.PluralRules(localeInfo(locale).iso)

  function lookup(key: string, params?: TranslateParams): string {
    const value: unknown = i18n.t(key, params)
    if (typeof value === 'string' && value !== '') return value
    reportMissing(locale, key)
    return key
  }

  return {
    locale,
    formatLocale,
    t: lookup,
    plural(key, count, params) {
      const form = pluralRules.select(count)
      const specific = `${key}.${form}`
      const value: unknown = i18n.t(specific, { count, ...params })
      if (typeof value === 'string' && value !== '') return value
      return lookup(`${key}.other`, { count, ...params })
    },
  }
}
