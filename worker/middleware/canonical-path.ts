import type { MiddlewareHandler } from 'hono'
import { canonicalRedirect } from '../../shared/routes/redirects'

/** Methods a 301 may turn into GET without losing anything. */
const REPEATABLE = new Set(['GET', 'HEAD'])

/**
 * Redirects to the one canonical spelling of a path (no trailing slash, no /tr), keeping the
 * query: 301 for GET and HEAD, 308 for any other method, which the client repeats with its body.
 */
export function canonicalPath(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url)
    const target = canonicalRedirect(url.pathname)
    if (target === null) return next()
    return c.redirect(`${target}${url.search}`, REPEATABLE.has(c.req.method) ? 301 : 308)
  }
}
