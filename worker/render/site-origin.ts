import type { Context } from 'hono'
import type { Env } from '../env'

/** The public origin for absolute URLs: SITE_URL when configured, else the request's own. */
export function siteOrigin(c: Context<{ Bindings: Env }>): string {
  const configured = c.env.SITE_URL?.trim()
  if (configured) return configured.replace(/\/+$/, '')
  return new URL(c.req.url).origin
}
