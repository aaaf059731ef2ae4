import type { Context } from 'hono'
import type { AppEnv } from '../env'

/**
 * Whether a path names a file of the static assets. Cloudflare serves those for GET and HEAD
 * before the worker runs; another method reaches the worker, which then owes a 405, not a 404.
 */
export async function isStaticAsset(c: Context<AppEnv>): Promise<boolean> {
  const response = await c.env.ASSETS.fetch(new Request(c.req.url, { method: 'HEAD' }))
  return response.ok
}
