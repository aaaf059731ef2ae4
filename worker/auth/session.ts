import { parseCookieHeader } from '@supabase/ssr'
import { isAuthRetryableFetchError, type SupabaseClient } from '@supabase/supabase-js'
import type { Context, MiddlewareHandler } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../env'
import { authStorageKey, isAuthCookie, isSessionCookie } from './auth-cookies'
import { clearCookie, cookiesWrittenBy, createRequestClient } from './server-client'

/**
 * The claims of a signed-in user's access token that the worker relies on; every other claim is
 * kept as it came, since row-level security reads the whole set (`auth.jwt()`).
 */
const AUTH_CLAIMS = z.looseObject({
  sub: z.string(),
  role: z.literal('authenticated'),
  session_id: z.string(),
  aal: z.enum(['aal1', 'aal2']),
  email: z.string().optional(),
  exp: z.number(),
  amr: z.array(z.looseObject({ method: z.string(), timestamp: z.number() })).optional(),
  user_metadata: z.record(z.string(), z.unknown()).optional(),
})

/** The verified claims of the caller's access token. */
export type AuthClaims = z.infer<typeof AUTH_CLAIMS>

/** The claims `getClaims()` verified, if they are a signed-in user's; null otherwise. */
export function userClaimsOf(verified: unknown): AuthClaims | null {
  const claims = AUTH_CLAIMS.safeParse(verified)
  return claims.success ? claims.data : null
}

/**
 * What the session middleware found: `signed-in` with verified claims, `signed-out`, or
 * `unavailable` when the auth server did not answer in time (the visitor may well be signed in;
 * nothing is cleared, and private screens say so instead of hanging).
 */
export type SessionState =
  { status: 'signed-in'; claims: AuthClaims } | { status: 'signed-out' } | { status: 'unavailable' }

export interface RequestAuth {
  readonly session: SessionState
  /** This request's Supabase client (made on first use), its session in the cookies. */
  client(): SupabaseClient
}

declare module 'hono' {
  interface ContextVariableMap {
    auth: RequestAuth
  }
}

export interface SessionOptions {
  /** How long reading the session may take, refresh included; the default is 3 s. */
  timeLimitMs?: number
}

/** How long any auth work of a request may take before the visitor counts as `unavailable`. */
const AUTH_TIME_LIMIT_MS = 3_000

const DEFAULT_OPTIONS: Required<SessionOptions> = { timeLimitMs: AUTH_TIME_LIMIT_MS }
export const TIMED_OUT = Symbol('timed out')

/** The work's result, or TIMED_OUT when it takes longer than `ms`. */
export async function withTimeLimit<T>(
  work: Promise<T>,
  ms: number,
): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const limit = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms)
  })
  try {
    return await Promise.race([work, limit])
  } finally {
    clearTimeout(timer)
  }
}

/** The auth server could not be reached (as opposed to refusing the token). */
export function isUnreachable(error: unknown): boolean {
  return isAuthRetryableFetchError(error) || error instanceof TypeError
}

/** Expires the request's auth cookies (those this response has not written anew). */
function clearSessionCookies(c: Context<AppEnv>): void {
  const key = authStorageKey(c.env.SUPABASE_URL)
  const written = cookiesWrittenBy(c)
  for (const { name } of parseCookieHeader(c.req.header('Cookie') ?? '')) {
    if (isAuthCookie(name, key) && !written.has(name)) clearCookie(c, name)
  }
}

/**
 * The visitor's session has ended at the auth service although its access token is still
 * valid (signed out on another device, or everywhere): from here on the request is a visitor's,
 * and its cookies are cleared.
 */
export function endedSession(c: Context<AppEnv>): void {
  clearSessionCookies(c)
  c.set('auth', { ...c.get('auth'), session: { status: 'signed-out' } })
}

async function readSession(c: Context<AppEnv>, client: SupabaseClient, timeLimitMs: number) {
  // getClaims refreshes an expired session first (writing the new cookies onto this response),
  // then verifies the token against the project's JWKS, cached per isolate.
  const result = await withTimeLimit(client.auth.getClaims(), timeLimitMs).catch(
    (error: unknown) => ({ data: null, error }),
  )
  // The auth server did not answer (a refresh, or keys not yet cached): nothing is known, so
  // nothing is cleared either; an outage must not sign everyone out.
  if (result === TIMED_OUT || isUnreachable(result.error)) return { status: 'unavailable' } as const
  const claims = userClaimsOf(result.data?.claims)
  if (claims) return { status: 'signed-in', claims } as const
  // Tampered, expired beyond refresh or another project's: the cookies are of no use to anyone.
  clearSessionCookies(c)
  return { status: 'signed-out' } as const
}

/**
 * Reads and verifies the Supabase session from the request's cookies before the handler runs,
 * so a refreshed session is written before any response starts streaming. Requests without a
 * session cookie cost nothing.
 */
export function session(options: SessionOptions = {}): MiddlewareHandler<AppEnv> {
  const { timeLimitMs } = { ...DEFAULT_OPTIONS, ...options }
  return async (c, next) => {
    let client: SupabaseClient | undefined
    const getClient = () => (client ??= createRequestClient(c))
    const key = authStorageKey(c.env.SUPABASE_URL)
    const hasSession = parseCookieHeader(c.req.header('Cookie') ?? '').some(({ name }) =>
      isSessionCookie(name, key),
    )
    const state: SessionState =
      hasSession && c.env.SUPABASE_ANON_KEY
        ? await readSession(c, getClient(), timeLimitMs)
        : { status: 'signed-out' }
    c.set('auth', { session: state, client: getClient })
    await next()
    // A response that sets auth cookies must never be kept by a shared cache.
    if (cookiesWrittenBy(c).size > 0) c.res.headers.set('Cache-Control', 'private, no-store')
  }
}

/** The caller's verified claims, or null. */
export function claimsOf(c: Context<AppEnv>): AuthClaims | null {
  const { session } = c.get('auth')
  return session.status === 'signed-in' ? session.claims : null
}
