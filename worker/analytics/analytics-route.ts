import type { Context, Hono, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { ANALYTICS_ENDPOINT } from '../../shared/analytics/page-view'
import type { AppEnv } from '../env'
import { errorResponse } from '../errors/error-response'
import { pageViewSchema } from './page-view-schema'

/** A page view is about 120 bytes; anything much larger is not from our script. */
export const MAX_BEACON_BYTES = 1024

/** What /analytics.js sends (`navigator.sendBeacon` with a string is text/plain), or fetch's JSON. */
const BEACON_MEDIA_TYPES = new Set(['text/plain', 'application/json'])

function refuse(c: Context, message: string) {
  return errorResponse(c, 400, { code: 'invalid_page_view', message })
}

/** Only the media types a beacon is sent as: a form or multipart post is not ours. */
const beaconMediaType: MiddlewareHandler = async (c, next) => {
  const mediaType = (c.req.header('Content-Type') ?? '').split(';', 1)[0]!.trim().toLowerCase()
  if (BEACON_MEDIA_TYPES.has(mediaType)) return next()
  return c.json(
    {
      error: {
        code: 'unsupported_media_type',
        message: 'Send the page view as text/plain or application/json',
      },
    },
    415,
  )
}

/**
 * Receives page-view beacons and writes each to Workers Analytics Engine when the dataset is
 * bound; without it they are dropped. Malformed, oversized or cross-site beacons get a 400,
 * another content type a 415.
 */
export function addAnalyticsRoute(app: Hono<AppEnv>): void {
  app.post(
    ANALYTICS_ENDPOINT,
    beaconMediaType,
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
