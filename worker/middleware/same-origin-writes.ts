import type { MiddlewareHandler } from 'hono'
import { DEFAULT_LOCALE, isLocale } from '../../shared/i18n/locales'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { localeOfPath } from '../../shared/routes/match-route'
import type { AppEnv } from '../env'
import { siteOrigin } from '../render/site-origin'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses a state-changing request that carries cookies unless it comes from this site's own
 * pages (`Origin`, or `Sec-Fetch-Site` where a browser sends no Origin), so another site cannot
 * act with a visitor's session. The sign-in forms (`/auth/*`) are checked even without cookies,
 * so another site cannot sign a visitor into an account of its choosing either. Other requests
 * without cookies (scripts with a bearer token) pass.
 */
export function sameOriginWrites(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
    if (!c.req.header('Cookie') && !c.req.path.startsWith('/auth/')) return next()
    const origin = c.req.header('Origin')
    const fetchSite = c.req.header('Sec-Fetch-Site')
    const allowed =
      origin !== undefined
        ? origin === siteOrigin(c) || origin === new URL(c.req.url).origin
        : fetchSite === 'same-origin'
    if (allowed) return next()
    const fromQuery = c.req.query('locale')
    const locale = isLocale(fromQuery)
      ? fromQuery
      : origin === undefined
        ? DEFAULT_LOCALE
        : localeOfPath(new URL(c.req.url).pathname)
    const { t } = createTranslator(locale, await loadMessages(locale))
    return c.json(
      { error: { code: 'cross_origin_request', message: t('errors.crossOrigin') } },
      403,
      { 'Cache-Control': 'no-store' },
    )
  }
}
