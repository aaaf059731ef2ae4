import type { User } from '@supabase/supabase-js'
import type { Currency } from '../../shared/api/schemas/currencies'
import { isLocale, localeInfo, type Locale } from '../../shared/i18n/locales'
import type { CostBasisMethod } from '../../shared/portfolio/portfolio-kinds'
import { zoneSettingsOf } from '../../shared/time/user-time-zone'

/**
 * The usual base currencies: offered as the profile's default for new portfolios (each has its
 * name in the locale files) and first in every currency choice. A few of the currencies the app
 * takes (shared/api/schemas/currencies.ts), not all of them.
 */
export const BASE_CURRENCIES = [
  'TRY',
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'JPY',
] as const satisfies readonly Currency[]
export type BaseCurrency = (typeof BASE_CURRENCIES)[number]

/** Cost-basis methods for new portfolios. */
export const COST_METHODS = ['average', 'fifo'] as const
export type CostMethod = (typeof COST_METHODS)[number]

export const MAX_DISPLAY_NAME = 80

/** The account settings kept in the auth user's metadata. */
export interface AccountPreferences {
  displayName: string
  locale: Locale
  /** The time zone chosen; empty for the language's (shared/time/user-time-zone.ts). */
  timeZone: string
  baseCurrency: BaseCurrency
  costMethod: CostMethod
}

function isBaseCurrency(value: unknown): value is BaseCurrency {
  return typeof value === 'string' && (BASE_CURRENCIES as readonly string[]).includes(value)
}

function isCostMethod(value: unknown): value is CostMethod {
  return typeof value === 'string' && (COST_METHODS as readonly string[]).includes(value)
}

/**
 * The settings stored in user metadata, with the page's language (and its currency) where none
 * was chosen yet; unknown values are ignored.
 * @example preferencesOf({ locale: 'de' }, 'tr') // { displayName: '', locale: 'de', timeZone: '', baseCurrency: 'TRY', costMethod: 'average' }
 */
export function preferencesOf(
  metadata: User['user_metadata'] | null | undefined,
  pageLocale: Locale,
): AccountPreferences {
  const data = metadata ?? {}
  return {
    displayName: typeof data.display_name === 'string' ? data.display_name : '',
    locale: isLocale(data.locale) ? data.locale : pageLocale,
    timeZone: zoneSettingsOf(data).timeZone ?? '',
    baseCurrency: isBaseCurrency(data.base_currency)
      ? data.base_currency
      : (localeInfo(pageLocale).currency as BaseCurrency),
    costMethod: isCostMethod(data.cost_method) ? data.cost_method : 'average',
  }
}

/**
 * The metadata `updateUser({ data })` writes for the settings (an empty name, or no time zone,
 * removes the key).
 */
export function metadataOf(preferences: AccountPreferences): Record<string, string | null> {
  const name = preferences.displayName.trim()
  return {
    display_name: name === '' ? null : name,
    locale: preferences.locale,
    time_zone: preferences.timeZone === '' ? null : preferences.timeZone,
    base_currency: preferences.baseCurrency,
    cost_method: preferences.costMethod,
  }
}

/**
 * What a new portfolio starts with: the base currency and cost method saved in the profile, or,
 * where none was saved, the page language's currency and its brokers' usual method (FIFO in
 * German, as German tax law wants; average cost otherwise).
 * @example newPortfolioDefaults({ cost_method: 'fifo' }, 'tr') // { baseCurrency: 'TRY', costBasisMethod: 'FIFO' }
 */
export function newPortfolioDefaults(
  metadata: User['user_metadata'] | null | undefined,
  pageLocale: Locale,
): { baseCurrency: BaseCurrency; costBasisMethod: CostBasisMethod } {
  const saved = metadata ?? {}
  return {
    baseCurrency: isBaseCurrency(saved.base_currency)
      ? saved.base_currency
      : (localeInfo(pageLocale).currency as BaseCurrency),
    costBasisMethod: isCostMethod(saved.cost_method)
      ? saved.cost_method === 'fifo'
        ? 'FIFO'
        : 'AVERAGE'
      : pageLocale === 'de'
        ? 'FIFO'
        : 'AVERAGE',
  }
}
