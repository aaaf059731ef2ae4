import type { MiddlewareHandler } from 'hono'
import { canonicalRedirect } from '../../client/routes/redirects'

/** 301 to the one canonical spelling of a path (no trailing slash, no /tr), keeping the query. */
export function canonicalPath(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url)
    const target = canonicalRedirect(url.pathname)
    if (target === null) return next()
    return c.redirect(`${target}${url.search}`, 301)
  }
}
