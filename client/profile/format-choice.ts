import { FORMAT_COOKIE, type EnglishFormat } from '../../shared/i18n/format-locale'

/** Browsers keep a cookie at most 400 days; a year is plenty for a preference. */
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

/**
 * Keeps the profile's choice of English formats on this device, or forgets it (`null`:
 * automatic again). A cookie, so the worker renders every page with it
 * (worker/i18n/request-locale.ts reads it and ignores any value it does not offer).
 */
export function writeFormatChoice(choice: EnglishFormat | null): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  const value = choice ? `${choice}; Max-Age=${ONE_YEAR_SECONDS}` : '; Max-Age=0'
  document.cookie = `${FORMAT_COOKIE}=${value}; Path=/; SameSite=Lax${secure}`
}
