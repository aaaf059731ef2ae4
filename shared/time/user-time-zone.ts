import { isLocale, type Locale } from '../i18n/locales'
import { isTimeZone } from './day-in-zone'

/**
 * The zone of each language's readers, for a user who chose none. Turkish readers live in
 * Türkiye, German ones in Germany (Austria and Switzerland keep the same time). English readers
 * live anywhere, and the server never learns a browser's zone before it renders, so theirs is
 * UTC: the day as it was counted before zones were known, and never more than a few hours from
 * the reader's. The profile says which zone is in effect, and offers the device's.
 */
export const LANGUAGE_TIME_ZONES: Record<Locale, string> = {
  tr: 'Europe/Istanbul',
  en: 'UTC',
  de: 'Europe/Berlin',
}

/** What decides a user's zone: the one they chose and their language, as their account keeps them. */
export interface ZoneSettings {
  /** The zone chosen in the profile, if the platform knows it; null for none. */
  timeZone: string | null
  /** The language chosen in the profile; null for none. */
  locale: Locale | null
}

/** The zone in effect and whether the user chose it (else it is their language's). */
export interface UserTimeZone {
  zone: string
  chosen: boolean
}

/**
 * The zone settings of an account's metadata (`time_zone`, `locale`); a value that is not a
 * zone (or a language) the platform knows counts as none, as the metadata is the user's to write.
 * @example zoneSettingsOf({ time_zone: 'Europe/Vienna', locale: 'de' }) // { timeZone: 'Europe/Vienna', locale: 'de' }
 */
export function zoneSettingsOf(metadata: Record<string, unknown> | null | undefined): ZoneSettings {
  const data = metadata ?? {}
  return {
    timeZone: isTimeZone(data.time_zone) ? data.time_zone : null,
    locale: isLocale(data.locale) ? data.locale : null,
  }
}

/**
 * The zone whose day is the user's "today": the one they chose, else their language's, else
 * that of `fallback` (the language of the page or request) when they chose no language either.
 * @example userTimeZone({ timeZone: null, locale: 'tr' }, 'en') // { zone: 'Europe/Istanbul', chosen: false }
 */
export function userTimeZone(settings: ZoneSettings, fallback: Locale): UserTimeZone {
  if (settings.timeZone) return { zone: settings.timeZone, chosen: true }
  return { zone: LANGUAGE_TIME_ZONES[settings.locale ?? fallback], chosen: false }
}
