import type { MiddlewareHandler } from 'hono'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { requestLocale } from '../i18n/request-locale'
import type { AppEnv } from '../env'
import { errorResponse } from '../errors/error-response'
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
    const locale = requestLocale(c)
    const { t } = createTranslator(locale, await loadMessages(locale))
    return errorResponse(c, 403, { code: 'cross_origin_request', message: t('errors.crossOrigin') })
  }
}
