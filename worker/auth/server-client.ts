import { createServerClient, parseCookieHeader, type CookieOptions } from '@supabase/ssr'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Context } from 'hono'
import { setCookie } from 'hono/cookie'
import type { AppEnv } from '../env'
import { isLoopbackHost } from './auth-cookies'
import { visitorAddress } from './visitor-address'

/** The cookie names this request's client wrote (set or removed), so nothing is written twice. */
const WRITTEN = new WeakMap<Context, Set<string>>()

export function cookiesWrittenBy(c: Context): ReadonlySet<string> {
  return WRITTEN.get(c) ?? new Set()
}

function writeCookie(c: Context<AppEnv>, name: string, value: string, options: CookieOptions) {
  const written = WRITTEN.get(c) ?? new Set<string>()
  WRITTEN.set(c, written)
  written.add(name)
  setCookie(c, name, value, {
    path: options.path ?? '/',
    sameSite: 'Lax',
    secure: options.secure ?? false,
    httpOnly: options.httpOnly ?? false,
    ...(options.maxAge === undefined ? {} : { maxAge: options.maxAge }),
    ...(options.expires === undefined ? {} : { expires: options.expires }),
  })
}

/**
 * How the worker's calls to the auth service name the visitor: with the project's secret key and
 * `Sb-Forwarded-For` (the hosted service's way for server-side callers, honoured only with a
 * secret key and its "IP address forwarding" setting on), so its per-address limits count each
 * visitor instead of the worker's own address. Without a secret key, the public key alone.
 */
function authServiceAccess(c: Context<AppEnv>): { key: string; headers: Record<string, string> } {
  const { SUPABASE_ANON_KEY, SUPABASE_SECRET_KEY } = c.env
  const visitor = visitorAddress(c)
  if (SUPABASE_SECRET_KEY) {
    return { key: SUPABASE_SECRET_KEY, headers: visitor ? { 'Sb-Forwarded-For': visitor } : {} }
  }
  if (!SUPABASE_ANON_KEY) throw new Error('SUPABASE_ANON_KEY is not set')
  return { key: SUPABASE_ANON_KEY, headers: {} }
}

/**
 * A Supabase client for one request, its session in the request's cookies. What it writes (a
 * refreshed session, a sign-out) goes onto this response, together with the no-store headers
 * `@supabase/ssr` asks for, so no shared cache can keep one user's cookies for another.
 * Create one per request: the library hands out those headers only once per client.
 */
export function createRequestClient(c: Context<AppEnv>): SupabaseClient {
  const { key, headers } = authServiceAccess(c)
  const secure = !isLoopbackHost(new URL(c.req.url).hostname)
  return createServerClient(c.env.SUPABASE_URL, key, {
    global: { headers },
    cookieOptions: { path: '/', sameSite: 'lax', secure, httpOnly: false },
    cookies: {
      getAll: () => parseCookieHeader(c.req.header('Cookie') ?? ''),
      setAll(cookies, headers) {
        for (const { name, value, options } of cookies) writeCookie(c, name, value, options)
        for (const [header, value] of Object.entries(headers)) c.header(header, value)
      },
    },
  })
}

/** Expires a cookie of this site at once (the stale pieces of a session nobody can use). */
export function clearCookie(c: Context<AppEnv>, name: string): void {
  const secure = !isLoopbackHost(new URL(c.req.url).hostname)
  writeCookie(c, name, '', { path: '/', secure, maxAge: 0 })
  c.header('Cache-Control', 'private, no-store')
}
