import type { Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { ANALYTICS_ENDPOINT } from '../../client/analytics/page-view'
import type { AppEnv } from '../env'
import { pageViewSchema } from './page-view-schema'

/** A page view is about 120 bytes; anything much larger is not from our script. */
export const MAX_BEACON_BYTES = 1024

function refuse(c: Context, message: string) {
  return c.json({ error: { code: 'invalid_page_view', message } }, 400)
}

/**
 * Receives page-view beacons and writes each to Workers Analytics Engine when the dataset is
 * bound; without it they are dropped. Malformed, oversized or cross-site beacons get a 400.
 */
export function addAnalyticsRoute(app: Hono<AppEnv>): void {
  app.post(
    ANALYTICS_ENDPOINT,
    bodyLimit({ maxSize: MAX_BEACON_BYTES, onError: (c) => refuse(c, 'Beacon too large') }),
    async (c) => {
      const origin = c.req.header('Origin')
      if (origin && origin !== new URL(c.req.url).origin) return refuse(c, 'Foreign origin')
      let body: unknown
      try {
        body = JSON.parse(await c.req.text())
      } catch {
        return refuse(c, 'Body is not JSON')
      }
      const parsed = pageViewSchema.safeParse(body)
      if (!parsed.success) return refuse(c, 'Not a page view')
      const view = parsed.data
      c.env.ANALYTICS?.writeDataPoint({
        indexes: [view.screen],
        blobs: [view.screen, view.locale, view.referrer ?? '', view.width],
        doubles: [1],
      })
      return c.body(null, 204)
    },
  )
}
