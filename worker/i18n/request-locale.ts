import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { parseAccept } from 'hono/utils/accept'
import {
  FORMAT_COOKIE,
  formatLocaleOf,
  formatPreference,
  type FormatLocale,
  type FormatPreference,
} from '../../shared/i18n/format-locale'
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/i18n/locales'
import { localeOfPath } from '../../shared/routes/match-route'

/**
 * The one place the worker reads a request's language. Pages take theirs from the path (the
 * route table); everything else uses one of these.
 */

/**
 * The first language of an `Accept-Language` header the product speaks, by q-value, then the
 * listed order; else Turkish. Hono parses the header.
 * @example acceptedLocale('fr, de-DE;q=0.9, en;q=0.8') // 'de'
 */
export function acceptedLocale(header: string | undefined): Locale {
  const spoken = parseAccept(header ?? '')
    .filter((entry) => entry.q > 0)
    .map((entry) => entry.type.split('-')[0]?.toLowerCase())
    .find(isLocale)
  return spoken ?? DEFAULT_LOCALE
}

/**
 * The language of an API answer: `?locale=` (a page may name its own), else `Accept-Language`
 * (the browser client sends the UI's), else Turkish.
 * @example requestLocale(c) // 'de' for `Accept-Language: de-DE,de;q=0.9,en;q=0.8`
 */
export function requestLocale(c: Context): Locale {
  const fromQuery = c.req.query('locale')
  if (isLocale(fromQuery)) return fromQuery
  return acceptedLocale(c.req.header('Accept-Language'))
}

/**
 * The language of an answer to a page address that reads nothing else of the request (a refusal
 * before any rendering): an `/en` or `/de` path prefix (Turkish has none), else
 * `Accept-Language`, else Turkish.
 */
export function pathOrAcceptedLocale(pathname: string, acceptLanguage: string | undefined): Locale {
  const fromPath = localeOfPath(pathname)
  return fromPath === DEFAULT_LOCALE ? acceptedLocale(acceptLanguage) : fromPath
}

/**
 * How numbers and dates are written for this request's reader: the profile's choice (the
 * format cookie, when it names a known one), else the browser's first English tag with an
 * offered region, by q-value (shared/i18n/format-locale.ts). Pages in English depend on it.
 * @example requestFormats(c) // { english: 'en-GB', chosen: false } for `Accept-Language: en-GB,en;q=0.9`
 */
export function requestFormats(c: Context): FormatPreference {
  return acceptedFormats(c.req.header('Accept-Language'), getCookie(c, FORMAT_COOKIE))
}

/** {@link requestFormats} from the header and the cookie's value. */
export function acceptedFormats(
  acceptLanguage: string | undefined,
  cookie: string | undefined,
): FormatPreference {
  const tags = parseAccept(acceptLanguage ?? '')
    .filter((entry) => entry.q > 0)
    .map((entry) => entry.type)
  return formatPreference(cookie, tags)
}

/**
 * How numbers and dates in an API answer are written: the answer's language (requestLocale)
 * with the reader's formats. The browser's client sends the page's formatting locale first in
 * `Accept-Language` (`en-GB, en;q=0.9`), so an answer matches the page that asked.
 */
export function requestFormatLocale(c: Context): FormatLocale {
  return formatLocaleOf(requestLocale(c), requestFormats(c))
}
