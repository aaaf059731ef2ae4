import type { MiddlewareHandler } from 'hono'
import { ApiProblem } from '../api/api-problem'
import { problemResponse } from '../api/api-error-response'
import { shortPage } from '../errors/short-page'

/** What the worker reads of a request at most; anything larger is refused unread. */
export const REQUEST_LIMITS = {
  /** Bytes of the path as sent (percent-encoded), longer than any address of the product. */
  pathBytes: 2048,
  /** Bytes of the query string, without its `?`. */
  queryBytes: 4096,
  /** Bytes of the Cookie header: a session's chunked cookies take about 4 KB. */
  cookieBytes: 16_384,
} as const

const encoder = new TextEncoder()

/** The path and query of a request URL exactly as they came, without parsing or decoding. */
function pathAndQuery(url: string): { path: string; query: string } {
  const afterOrigin = url.indexOf('/', url.indexOf('//') + 2)
  const target = afterOrigin === -1 ? '/' : url.slice(afterOrigin).split('#', 1)[0]!
  const mark = target.indexOf('?')
  return mark === -1
    ? { path: target, query: '' }
    : { path: target.slice(0, mark), query: target.slice(mark + 1) }
}

/**
 * Refuses oversized requests before any other work: a path over 2,048 bytes with 414, a query
 * over 4 KB or a Cookie header over 16 KB with 431, each with a short localized page (the API's
 * error shape under `/api/`) that does not repeat them.
 */
export function requestLimits(): MiddlewareHandler {
  return async (c, next) => {
    const { path, query } = pathAndQuery(c.req.url)
    const refuse = (status: 414 | 431) =>
      path.startsWith('/api/')
        ? problemResponse(c, new ApiProblem(status === 414 ? 'uri_too_long' : 'request_too_large'))
        : shortPage(c, status)
    if (encoder.encode(path).length > REQUEST_LIMITS.pathBytes) return refuse(414)
    if (encoder.encode(query).length > REQUEST_LIMITS.queryBytes) return refuse(431)
    const cookie = c.req.header('Cookie') ?? ''
    if (encoder.encode(cookie).length > REQUEST_LIMITS.cookieBytes) return refuse(431)
    return next()
  }
}
