import type { Context } from 'hono'
import { DEFAULT_LOCALE, isLocale, LOCALE_CODES, type Locale } from '../../shared/i18n/locales'

/**
 * The language of an API answer: `?locale=` (a page may name its own), else the first supported
 * language of `Accept-Language` (the browser client sends the UI's), else Turkish.
 * @example requestLocale(c) // 'de' for `Accept-Language: de-DE,de;q=0.9,en;q=0.8`
 */
export function requestLocale(c: Context): Locale {
  const fromQuery = c.req.query('locale')
  if (isLocale(fromQuery)) return fromQuery
  return acceptedLocale(c.req.header('Accept-Language'))
}

/** The first language of an `Accept-Language` header the product speaks, by the listed order. */
export function acceptedLocale(header: string | undefined): Locale {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean)
      return { language: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q) : 1, index }
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  const found = ranked.find((entry) => (LOCALE_CODES as readonly string[]).includes(entry.language))
  return found ? (found.language as Locale) : DEFAULT_LOCALE
}
