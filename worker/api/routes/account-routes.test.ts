import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { session } from '../../auth/session'
import type { AppEnv, Env } from '../../env'
import { sameOriginWrites } from '../../middleware/same-origin-writes'
import { createApiApp } from '../api-app'

// No auth server or database is reached: a signed-out request never gets that far.
const unlimited = { limit: async () => ({ success: true }) }
const env = {
  API_WRITE_LIMITER: unlimited,
  API_READ_LIMITER: unlimited,
  SUPABASE_URL: 'http://127.0.0.1:1',
  SUPABASE_ANON_KEY: 'anon',
  SITE_URL: 'https://kiymet.app',
  HYPERDRIVE: { connectionString: 'postgres://nobody@127.0.0.1:1/none' },
} as unknown as Env

// The API behind the same middleware as in worker/app.ts.
const app = new Hono<AppEnv>().use(sameOriginWrites()).use(session()).route('/', createApiApp())

const deleteAccount = (init: { headers?: Record<string, string>; query?: string } = {}) =>
  app.request(
    `https://kiymet.app/api/account/delete${init.query ?? ''}`,
    { method: 'POST', headers: init.headers ?? {} },
    env,
  )

describe('POST /api/account/delete', () => {
  it('answers 401 with a localized JSON error when signed out', async () => {
    const response = await deleteAccount({ headers: { 'Accept-Language': 'en' } })
    expect(response.status).toBe(401)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(await response.json()).toEqual({
      error: {
        code: 'not_authenticated',
        message: 'You are not signed in. Please sign in, or send a valid access token.',
      },
    })
  })

  it('speaks the language the page asks for, else the one Accept-Language prefers', async () => {
    const german = await deleteAccount({ query: '?locale=de' })
    expect(((await german.json()) as { error: { message: string } }).error.message).toMatch(
      /nicht angemeldet/,
    )
    const byHeader = await deleteAccount({ headers: { 'Accept-Language': 'fr, en;q=0.8' } })
    expect(((await byHeader.json()) as { error: { message: string } }).error.message).toMatch(
      /not signed in/,
    )
    // By its q-values, as the API weighs them: German is preferred here though listed second.
    const weighed = await deleteAccount({ headers: { 'Accept-Language': 'en;q=0.2, de;q=0.9' } })
    expect(((await weighed.json()) as { error: { message: string } }).error.message).toMatch(
      /nicht angemeldet/,
    )
    const fallback = await deleteAccount()
    expect(((await fallback.json()) as { error: { message: string } }).error.message).toMatch(
      /Oturum açmadınız/,
    )
  })

  it('refuses a request with cookies from another site before anything else', async () => {
    const response = await deleteAccount({
      headers: { Cookie: 'sb-127-auth-token=base64-e30', Origin: 'https://evil.example' },
    })
    expect(response.status).toBe(403)
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'cross_origin_request',
    )
  })
})
