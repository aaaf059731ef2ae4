import type { Locale } from './locales'

/**
 * The formatting locale: how numbers and dates are written for a reader, as a BCP 47 tag (the
 * page's language and a region). Turkish and German pages are always tr-TR and de-DE; English
 * pages follow the reader's region (a choice on the profile, else the browser's
 * `Accept-Language`) while their URL stays `/en`. Every formatter and input parser takes one.
 */
export interface FormatConventions {
  language: Locale
  /** Day first (`20/11/2026`) or month first (`11/20/2026`). */
  dayFirst: boolean
  dateSeparator: string
  /** Dates in lists with two digits of year (`11/20/26`); inputs always show four. */
  shortYear: boolean
  decimal: string
  group: string
  /**
   * The Intl locale of dates written with words or times (the day of a change, charts, "as
   * of"): the tag itself for tr-TR, de-DE and en-US; British English for every day-first
   * English region, whose data every browser has (not all have en-IE's, en-AU's or en-DE's,
   * and Intl none for en-TR), so a page reads the same in the browser as on the server.
   */
  dateIntl: string
}

const DAY_DOT_COMMA = {
  dayFirst: true,
  dateSeparator: '.',
  shortYear: false,
  decimal: ',',
  group: '.',
}
const DAY_SLASH_POINT = {
  dayFirst: true,
  dateSeparator: '/',
  shortYear: false,
  decimal: '.',
  group: ',',
}
const DAY_SLASH_COMMA = {
  dayFirst: true,
  dateSeparator: '/',
  shortYear: false,
  decimal: ',',
  group: '.',
}

/** Each one's conventions are what Intl writes for it (format.test.ts compares them). */
export const FORMAT_LOCALES = {
  'tr-TR': { language: 'tr', ...DAY_DOT_COMMA, dateIntl: 'tr-TR' },
  'de-DE': { language: 'de', ...DAY_DOT_COMMA, dateIntl: 'de-DE' },
  'en-US': {
    language: 'en',
    dayFirst: false,
    dateSeparator: '/',
    shortYear: true,
    decimal: '.',
    group: ',',
    dateIntl: 'en-US',
  },
  'en-GB': { language: 'en', ...DAY_SLASH_POINT, dateIntl: 'en-GB' },
  'en-IE': { language: 'en', ...DAY_SLASH_POINT, dateIntl: 'en-GB' },
  'en-AU': { language: 'en', ...DAY_SLASH_POINT, dateIntl: 'en-GB' },
  'en-DE': { language: 'en', ...DAY_SLASH_COMMA, dateIntl: 'en-GB' },
  'en-TR': { language: 'en', ...DAY_SLASH_COMMA, dateIntl: 'en-GB' },
} as const satisfies Record<string, FormatConventions>

export type FormatLocale = keyof typeof FORMAT_LOCALES

export const FORMAT_LOCALE_TAGS = Object.keys(FORMAT_LOCALES) as readonly FormatLocale[]

/** The regions English pages may be written for, the default first. */
export const ENGLISH_FORMATS = [
  'en-US',
  'en-GB',
  'en-IE',
  'en-AU',
  'en-DE',
  'en-TR',
] as const satisfies readonly FormatLocale[]

export type EnglishFormat = (typeof ENGLISH_FORMATS)[number]

export const DEFAULT_ENGLISH_FORMAT: EnglishFormat = 'en-US'

/**
 * A reader's formats for every language: English's region, and whether the reader chose it on
 * the profile (else it came from the browser). The worker decides it per request and hands it
 * to the browser in the boot payload, which never decides it again.
 */
export interface FormatPreference {
  english: EnglishFormat
  chosen: boolean
}

export const AUTOMATIC_FORMATS: FormatPreference = {
  english: DEFAULT_ENGLISH_FORMAT,
  chosen: false,
}

/** The cookie holding the profile's choice: one of ENGLISH_FORMATS; absent means automatic. */
export const FORMAT_COOKIE = 'kiymet-format'

export function isEnglishFormat(value: unknown): value is EnglishFormat {
  return typeof value === 'string' && (ENGLISH_FORMATS as readonly string[]).includes(value)
}

export function formatConventions(tag: FormatLocale): FormatConventions {
  return FORMAT_LOCALES[tag]
}

/** The formatting locale of a page in `language` for a reader with these formats. */
export function formatLocaleOf(language: Locale, formats: FormatPreference): FormatLocale {
  if (language === 'tr') return 'tr-TR'
  if (language === 'de') return 'de-DE'
  return formats.english
}

/**
 * A reader's formats: the profile's choice when the cookie holds a known one (anything else is
 * ignored), else the first English language tag of the browser, in its order of preference,
 * whose region is offered (`en-GB`), else en-US. Other languages' tags never decide English's.
 * @example formatPreference(undefined, ['de-DE', 'en-GB', 'en']) // { english: 'en-GB', chosen: false }
 */
export function formatPreference(
  cookie: string | undefined,
  acceptedTags: readonly string[],
): FormatPreference {
  if (isEnglishFormat(cookie)) return { english: cookie, chosen: true }
  const english = acceptedTags
    .map((tag) => {
      const [language = '', region = ''] = tag.split('-')
      return `${language.toLowerCase()}-${region.toUpperCase()}`
    })
    .find(isEnglishFormat)
  return { english: english ?? DEFAULT_ENGLISH_FORMAT, chosen: false }
}
