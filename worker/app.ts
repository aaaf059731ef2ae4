import { Hono } from 'hono'
import clientAssets from 'virtual:client-assets'
import { addAccountRoutes } from './account/account-routes'
import { addAnalyticsRoute } from './analytics/analytics-route'
import { createApiApp } from './api'
import { problemResponse } from './api/api-error-response'
import { ApiProblem } from './api/api-problem'
import { addAuthRoutes } from './auth/auth-routes'
import { session } from './auth/session'
import type { AppEnv, Env } from './env'
import { handleError, renderNotFound } from './errors/error-screen'
import { canonicalPath } from './middleware/canonical-path'
import { requestId } from './middleware/request-id'
import { sameOriginWrites } from './middleware/same-origin-writes'
import { securityHeaders } from './middleware/security-headers'
import { addManifestRoutes } from './pwa/manifest-routes'
import { pageHandler } from './render/page-handler'
import { siteOrigin } from './render/site-origin'
import { renderRobots, renderSitemap } from './seo/sitemap'

const SEO_CACHE = 'public, max-age=3600'

/** The worker's Hono app. Static files never reach it: the assets binding answers those first. */
export function createApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.use(requestId())
  app.use(
    securityHeaders({
      connectSources: (env) => {
        const url = (env as Partial<Env>).SUPABASE_URL
        return url ? [new URL(url).origin] : []
      },
      dev: clientAssets.dev,
    }),
  )
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
  addManifestRoutes(app)
  addAnalyticsRoute(app)
  app.use(session())
  addAuthRoutes(app)
  addAccountRoutes(app)
  app.route('/', createApiApp())
  app.all('/api/*', (c) => problemResponse(c, new ApiProblem('not_found')))
  app.get('*', pageHandler)
  app.notFound(renderNotFound)
  app.onError(handleError)
  return app
}
