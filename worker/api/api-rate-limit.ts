import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv, RateBudget } from '../env'
import { logError } from '../errors/log'
import { callerUserId } from './api-caller'
import { problemResponse } from './api-error-response'
import { ApiProblem } from './api-problem'

/**
 * The API's budgets per caller, as wrangler.toml's `[[ratelimits]]` declare them (the binding
 * counts; the numbers here are for `Retry-After`, the message and the OpenAPI document, and a
 * test holds both equal).
 * Why these numbers: docs/api.md.
 */
export const API_RATE_BUDGETS = {
  write: { binding: 'API_WRITE_LIMITER', limit: 300, period: 60 },
  read: { binding: 'API_READ_LIMITER', limit: 1200, period: 60 },
  // Each asks a price service outside, whose own limits every user shares.
  priceRefresh: { binding: 'API_PRICE_REFRESH_LIMITER', limit: 10, period: 60 },
  // Each asks Yahoo Finance and CoinGecko, whose limits every user shares too.
  lookup: { binding: 'API_LOOKUP_LIMITER', limit: 20, period: 60 },
  // Each calls Paddle's API (a checkout creates a transaction there), whose quota is the site's.
  billing: { binding: 'API_BILLING_LIMITER', limit: 10, period: 60 },
} as const satisfies Record<string, RateBudget>

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE'])

/** Whose budget a request spends: the verified user's, else the client address's. */
async function callerKey(c: Context<AppEnv>): Promise<string> {
  const userId = await callerUserId(c)
  if (userId) return `user:${userId}`
  // Cloudflare sets this header on every request it forwards; only a local run may lack it.
  return `address:${c.req.header('CF-Connecting-IP') ?? 'unknown'}`
}

/**
 * Counts each API request against its caller's budget, writes and reads apart, and refuses one
 * over it with 429 `rate_limited` and `Retry-After` (the budget's period) before it reaches a
 * handler, so nothing is written.
 *
 * @example api.use(apiRateLimit())
 */
export function apiRateLimit(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const budget = WRITE_METHODS.has(c.req.method) ? API_RATE_BUDGETS.write : API_RATE_BUDGETS.read
    return (await overBudget(c, budget)) ?? next()
  }
}

/**
 * Counts each request of the routes it is used on against the caller's `budget` as well.
 *
 * @example privateRoute({ method: 'post', path: '/instruments/{id}/prices/refresh', … }, routeRateLimit(API_RATE_BUDGETS.priceRefresh))
 */
export function routeRateLimit(budget: RateBudget): MiddlewareHandler<AppEnv> {
  return async (c, next) => (await overBudget(c, budget)) ?? next()
}

/**
 * Spends one request of the caller's `budget`: true while it lasts (or when it cannot be
 * counted). A route whose requests only sometimes ask a price service spends it for those (the
 * benchmark's), and asks nothing when it is spent.
 */
export async function withinBudget(c: Context<AppEnv>, budget: RateBudget): Promise<boolean> {
  const key = await callerKey(c)
  try {
    return (await c.env[budget.binding].limit({ key })).success
  } catch (error) {
    // The budgets guard against abuse, they are no quota: a counter that cannot count (its store
    // busy) lets the request through rather than fail it.
    logError(c, error, 'rate-limit')
    return true
  }
}

/** Spends one request of `budget`: null while it lasts, else the 429 answer. */
async function overBudget(c: Context<AppEnv>, budget: RateBudget): Promise<Response | null> {
  if (await withinBudget(c, budget)) return null
  const response = await problemResponse(
    c,
    new ApiProblem('rate_limited', { seconds: budget.period }),
  )
  response.headers.set('Retry-After', String(budget.period))
  return response
}
