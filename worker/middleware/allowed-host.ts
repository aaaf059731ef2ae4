import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../env'
import { shortPage } from '../errors/short-page'

const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * Whether the worker answers for a request's host: a loopback name on any port (local runs and
 * tests), or exactly SITE_URL's host. Any other Host would otherwise end up in absolute URLs
 * when SITE_URL is missing, and a cache keyed on less than the host could keep such a page.
 */
export function isServedHost(requestUrl: URL, siteUrl: string | undefined): boolean {
  if (LOOPBACK_HOSTNAMES.has(requestUrl.hostname)) return true
  if (!siteUrl?.trim()) return false
  try {
    return requestUrl.host === new URL(siteUrl.trim()).host
  } catch {
    return false
  }
}

/** Answers 421 (Misdirected Request) with a short page for a host the worker does not serve. */
export function allowedHost(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isServedHost(new URL(c.req.url), c.env.SITE_URL)) return next()
    return shortPage(c, 421)
  }
}
