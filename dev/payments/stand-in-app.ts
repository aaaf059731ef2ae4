import { Hono } from 'hono'
import { ADMIN_PREFIX, createAdminApi } from './admin-api'
import { renderAdminPage } from './admin-page'
import { PaddleApiError } from './api-errors'
import type { BillingState } from './billing-state'
import { createCheckoutRoutes } from './checkout-page'
import { createInvoiceRoutes } from './invoice-pdf'
import { paddleJsSource } from './paddle-js'
import { createPortalRoutes } from './portal-pages'
import { createRestApi, REST_PREFIXES } from './rest-api'

/**
 * Every route of the stand-in, each group its own app (REST with its key check and Paddle's
 * errors, pages, admin), reached by path prefix.
 */
export function createStandInApp(state: BillingState): Hono {
  const app = new Hono()
  const mount = (paths: string[], group: Hono) => {
    for (const path of paths) app.all(path, (c) => group.fetch(c.req.raw))
  }
  app.get('/paddle.js', (c) =>
    c.body(paddleJsSource(new URL(state.baseUrl).origin), 200, {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-store',
    }),
  )
  app.get('/', (c) => c.html(renderAdminPage(state, c.req.query('error'))))
  mount([`${ADMIN_PREFIX}/*`], createAdminApi(state))
  mount(['/checkout', '/checkout/*'], createCheckoutRoutes(state))
  mount(['/portal/*'], createPortalRoutes(state))
  mount(['/invoices/*'], createInvoiceRoutes(state))
  mount(
    REST_PREFIXES.flatMap((prefix) => [prefix, `${prefix}/*`]),
    createRestApi(state),
  )
  app.notFound((c) => {
    const path = new URL(c.req.url).pathname
    if (REST_PREFIXES.some((prefix) => path.startsWith(prefix))) {
      return c.json(new PaddleApiError(404, 'not_found', `Route ${path} not found.`).body(), 404)
    }
    return c.text('Not found', 404)
  })
  return app
}
