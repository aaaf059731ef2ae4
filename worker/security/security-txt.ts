import { LOCALE_CODES } from '../../shared/i18n/locales'
import { SITE } from '../../shared/site/site'

export const SECURITY_TXT_PATH = '/.well-known/security.txt'

/** How long a served file stays valid; RFC 9116 asks for less than a year. */
const VALID_DAYS = 180

/**
 * `/.well-known/security.txt` (RFC 9116): where to report a vulnerability, in which languages,
 * and until when the file holds. Its expiry moves with every day it is served, so a deployed
 * file never goes stale; it names no policy page because the site has none.
 *
 * @example renderSecurityTxt('https://kiymet.app', new Date())
 */
export function renderSecurityTxt(origin: string, now: Date): string {
  const expires = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + VALID_DAYS),
  )
  return [
    `Contact: mailto:${SITE.contactEmail}`,
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    `Preferred-Languages: ${LOCALE_CODES.join(', ')}`,
    `Canonical: ${origin}${SECURITY_TXT_PATH}`,
    '',
  ].join('\n')
}
