import { createServerClient, parseCookieHeader, type CookieOptions } from '@supabase/ssr'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Context } from 'hono'
import { setCookie } from 'hono/cookie'
import type { AppEnv } from '../env'
import { isLoopbackHost } from './auth-cookies'

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
 * A Supabase client for one request, its session in the request's cookies. What it writes (a
 * refreshed session, a sign-out) goes onto this response, together with the no-store headers
 * `@supabase/ssr` asks for, so no shared cache can keep one user's cookies for another.
 * Create one per request: the library hands out those headers only once per client.
 */
export function createRequestClient(c: Context<AppEnv>): SupabaseClient {
  const { SUPABASE_URL, SUPABASE_ANON_KEY } = c.env
  if (!SUPABASE_ANON_KEY) throw new Error('SUPABASE_ANON_KEY is not set')
  const secure = !isLoopbackHost(new URL(c.req.url).hostname)
  return createServerClient(SUPABASE_URL, SUPABASE_ANON_KEY, {
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
