import type { MiddlewareHandler } from 'hono'

declare module 'hono' {
  interface ContextVariableMap {
    requestId: string
  }
}

export const REQUEST_ID_HEADER = 'X-Request-Id'

/** Gives every request an id, sent back as a header and written to every log line about it. */
export function requestId(): MiddlewareHandler {
  return async (c, next) => {
    const id = crypto.randomUUID()
    c.set('requestId', id)
    await next()
    c.res.headers.set(REQUEST_ID_HEADER, id)
  }
}
