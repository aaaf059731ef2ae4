import { createRoute, type RouteConfig } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../../env'
import { callerClaims } from '../api-caller'

/** Refuses a caller nobody signed in as (401, or 503 when the auth server cannot say). */
const signedInCaller: MiddlewareHandler<AppEnv> = async (c, next) => {
  await callerClaims(c)
  return next()
}

/**
 * An API route for signed-in callers only: who is calling is settled before the request's
 * parameters and body are read, so a signed-out caller learns nothing about what would validate
 * (every answer is 401), and no handler can forget the check. `more` runs next (a route's own
 * rate limit).
 *
 * @example export const listPortfoliosRoute = privateRoute({ method: 'get', path: '/portfolios', … })
 */
export function privateRoute<P extends string, R extends Omit<RouteConfig, 'path'> & { path: P }>(
  route: R,
  ...more: MiddlewareHandler<AppEnv>[]
) {
  return createRoute({ ...route, middleware: [signedInCaller, ...more] })
}
