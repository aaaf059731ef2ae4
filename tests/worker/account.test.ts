import { env } from 'cloudflare:test'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createApiApp } from '../../worker/api'
import { session } from '../../worker/auth/session'
import type { AppEnv } from '../../worker/env'
import { sameOriginWrites } from '../../worker/middleware/same-origin-writes'

// The API behind the same middleware as in worker/app.ts, in workerd.
const app = new Hono<AppEnv>()
app.use(sameOriginWrites())
app.use(session())
app.route('/', createApiApp())

describe('POST /api/account/delete in workerd', () => {
  it('answers a signed-out caller with 401 and a localized JSON error', async () => {
    const response = await app.request(
      'https://kiymet.app/api/account/delete',
      { method: 'POST', headers: { Origin: 'https://kiymet.app', 'Accept-Language': 'de' } },
      env,
    )
    expect(response.status).toBe(401)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const body = (await response.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('not_authenticated')
    expect(body.error.message).toMatch(/nicht angemeldet/)
  })

  it('treats a session cookie that does not verify as signed out', async () => {
    const response = await app.request(
      'https://kiymet.app/api/account/delete',
      {
        method: 'POST',
        headers: {
          Origin: 'https://kiymet.app',
          'Accept-Language': 'en',
          Cookie: 'sb-127-auth-token=base64-bm90LWEtc2Vzc2lvbg',
        },
      },
      env,
    )
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      error: {
        code: 'not_authenticated',
        message: 'You are not signed in. Please sign in, or send a valid access token.',
      },
    })
  })
})
