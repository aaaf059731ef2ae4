import { z } from 'zod'
import { WIDTH_BUCKETS } from '../../shared/analytics/page-view'
import { LOCALE_CODES } from '../../shared/i18n/locales'
import { ROUTE_NAMES } from '../../shared/routes/route-table'

const HOSTNAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i

/** Exactly what /analytics.js sends; anything else is refused. */
export const pageViewSchema = z.strictObject({
  v: z.literal(1),
  screen: z.enum([...ROUTE_NAMES, 'notFound', 'error']),
  locale: z.enum(LOCALE_CODES as [string, ...string[]]),
  referrer: z.string().regex(HOSTNAME).nullable(),
  width: z.enum(WIDTH_BUCKETS.map((bucket) => bucket.name) as [string, ...string[]]),
})

export type ValidPageView = z.infer<typeof pageViewSchema>
