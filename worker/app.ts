import { Hono } from 'hono'
import { requestId } from 'hono/request-id'
import clientAssets from 'virtual:client-assets'
import { addAnalyticsRoute } from './analytics/analytics-route'
import { createApiApp } from './api'
import { problemResponse } from './api/api-error-response'
import { ApiProblem } from './api/api-problem'
import { addAuthRoutes } from './auth/auth-routes'
import { addPaddleWebhook } from './billing/paddle-webhook'
import { checkoutSources } from './billing/paddle-settings'
import { session } from './auth/session'
import type { AppEnv, Env } from './env'
import { handleError, renderNotFound } from './render/error-screen'
import { shortPage } from './errors/short-page'
import { allowedHost } from './middleware/allowed-host'
import { canonicalPath } from './middleware/canonical-path'
import { sameOriginWrites } from './middleware/same-origin-writes'
import { requestLimits } from './middleware/request-limits'
import { securityHeaders } from './middleware/security-headers'
import { addManifestRoutes } from './pwa/manifest-routes'
import { pageHandler } from './render/page-handler'
import { siteOrigin } from './render/site-origin'
import { isStaticAsset } from './routing/static-asset'
import { allowedMethodsOf } from './routing/allowed-methods'
import { renderSecurityTxt, SECURITY_TXT_PATH } from './security/security-txt'
import { renderRobots, renderSitemap } from './seo/sitemap'

const SEO_CACHE = 'public, max-age=3600'

/**
 * The worker's Hono app. GET and HEAD of a static file never reach it: the assets binding answers
 * those first.
 */
export function createApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  const allowedMethods = allowedMethodsOf(() => app.routes)
  // A fresh id per request (or a well-formed one a proxy in front sent), in every log line.
  app.use(requestId())
  app.use(
    securityHeaders({
      connectSources: (env) => {
        const url = (env as Partial<Env>).SUPABASE_URL
        return url ? [new URL(url).origin] : []
      },
      checkoutSources: (env) => checkoutSources(env as Env),
      dev: clientAssets.dev,
    }),
  )
  app.use(requestLimits())
  app.use(allowedHost())
  app.use(canonicalPath())
  app.use(sameOriginWrites())
  app.get('/robots.txt', (c) =>
    c.text(renderRobots(siteOrigin(c)), 200, { 'Cache-Control': SEO_CACHE }),
  )
  app.get('/sitemap.xml', (c) =>
    c.body(renderSitemap(siteOrigin(c)), 200, {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': SEO_CACHE,
    }),
  )
  app.get(SECURITY_TXT_PATH, (c) =>
    c.text(renderSecurityTxt(siteOrigin(c), new Date()), 200, { 'Cache-Control': SEO_CACHE }),
  )
  addManifestRoutes(app)
  addAnalyticsRoute(app)
  // Paddle signs its webhooks; they carry no session.
  addPaddleWebhook(app)
  app.use(session())
  addAuthRoutes(app)
  app.route('/', createApiApp())
  // No handler took the request: a path that answers other methods is 405 with `Allow`.
  app.all('/api/*', (c) => {
    const allow = allowedMethods(c.req.path)
    if (allow.length === 0) return problemResponse(c, new ApiProblem('not_found'))
    c.header('Allow', allow.join(', '))
    return problemResponse(c, new ApiProblem('method_not_allowed'))
  })
  app.get('*', pageHandler)
  app.notFound(async (c) => {
    const allow = allowedMethods(c.req.path)
    if (allow.length > 0) return shortPage(c, 405, { Allow: allow.join(', ') })
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && (await isStaticAsset(c))) {
      return shortPage(c, 405, { Allow: 'GET, HEAD' })
    }
    return renderNotFound(c)
  })
  app.onError(handleError)
  return app
}
