import type { Locale } from '../../shared/i18n/locales'

/** Copies of public pages the visitor opened, for offline reading. Holds nothing personal. */
export const PUBLIC_PAGES_CACHE = 'kiymet-public-pages-v1'

/**
 * Caches that may ever hold a signed-in user's data start with this prefix, so sign-out can
 * remove them all without knowing their full names.
 */
export const PRIVATE_CACHE_PREFIX = 'kiymet-private-'

/** Private screens the signed-in user opened, with their data, for reading offline. */
export const PRIVATE_PAGES_CACHE = `${PRIVATE_CACHE_PREFIX}pages-v1`

/** The API answers those screens read after client-side navigation, for the same purpose. */
export const PRIVATE_API_CACHE = `${PRIVATE_CACHE_PREFIX}api-v1`

/** Stamped on every API answer the service worker keeps: when (epoch ms) it was kept. */
export const STORED_AT_HEADER = 'X-Kiymet-Stored-At'

/** The page shown for a navigation that fails offline and was never visited. */
export function offlinePagePath(locale: Locale): string {
  return `/offline/${locale}.html`
}

/** The message the page sends the service worker to keep a copy of a public page it showed. */
export interface CachePageMessage {
  type: 'cache-page'
  url: string
}
