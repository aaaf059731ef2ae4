import type { Context } from 'hono'
import { verifyAccessToken } from '../auth/access-token'
import type { AuthClaims, SessionState } from '../auth/session'
import type { AppEnv } from '../env'
import { ApiProblem } from './api-problem'

const BEARER = /^Bearer\s+(\S+)\s*$/i

// One verification per request, however many handlers ask.
const resolved = new WeakMap<Context, Promise<SessionState>>()

function sessionOf(c: Context<AppEnv>): Promise<SessionState> {
  let state = resolved.get(c)
  if (!state) {
    const token = BEARER.exec(c.req.header('Authorization') ?? '')?.[1]
    // A bearer token speaks for the request; otherwise the session middleware has already
    // verified (and, when needed, refreshed) the cookie session.
    state = token
      ? verifyAccessToken(c.env, token)
      : Promise.resolve(c.get('auth')?.session ?? { status: 'signed-out' })
    resolved.set(c, state)
  }
  return state
}

/**
 * The signed-in caller's verified claims, from `Authorization: Bearer <access token>` or the
 * session cookie. Throws 401 for nobody, 503 when the auth server cannot say.
 *
 * @example const claims = await callerClaims(c)
 */
export async function callerClaims(c: Context<AppEnv>): Promise<AuthClaims> {
  const state = await sessionOf(c)
  if (state.status === 'signed-in') return state.claims
  throw new ApiProblem(state.status === 'unavailable' ? 'auth_unavailable' : 'not_authenticated')
}

/**
 * The verified caller's user id, or null when nobody is signed in or the auth server cannot
 * say. Never throws: for what counts requests before any handler decides.
 *
 * @example const userId = await callerUserId(c)
 */
export async function callerUserId(c: Context<AppEnv>): Promise<string | null> {
  const state = await sessionOf(c)
  return state.status === 'signed-in' ? state.claims.sub : null
}
