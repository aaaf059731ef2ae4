import { Hono } from 'hono'
import { unstable_readConfig } from 'wrangler'
import { describe, expect, it, vi } from 'vitest'
import type { RequestAuth } from '../auth/session'
import type { AppEnv } from '../env'
import { API_RATE_BUDGETS, apiRateLimit } from './api-rate-limit'

/** A limiter that allows `allowed` calls per key, recording the keys it was asked about. */
function fakeLimiter(allowed: number) {
  const keys: string[] = []
  return {
    keys,
    limit: async ({ key }: RateLimitOptions) => {
      keys.push(key)
      return { success: keys.filter((seen) => seen === key).length <= allowed }
    },
  }
}

const signedIn = {
  session: {
    status: 'signed-in',
    claims: { sub: 'user-1', role: 'authenticated', session_id: 's', aal: 'aal1', exp: 0 },
  },
  client: () => {
    throw new Error('not used')
  },
} satisfies RequestAuth

function limitedApp(options: { signedIn?: boolean } = {}) {
  const writes = fakeLimiter(2)
  const reads = fakeLimiter(3)
  let handled = 0
  const app = new Hono<AppEnv>()
  if (options.signedIn) {
    app.use((c, next) => {
      c.set('auth', signedIn)
      return next()
    })
  }
  app.use(apiRateLimit())
  app.all('/api/thing', (c) => {
    handled += 1
    return c.json({ ok: true })
  })
  const call = (method: string, headers: Record<string, string> = {}) =>
    app.request(
      'https://kiymet.app/api/thing',
      { method, headers },
      {
        API_WRITE_LIMITER: writes,
        API_READ_LIMITER: reads,
      },
    )
  return { call, writes, reads, handled: () => handled }
}

describe('apiRateLimit', () => {
  it('spends writes and reads from their own budgets', async () => {
    const { call, writes, reads } = limitedApp({ signedIn: true })
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) await call(method)
    for (const method of ['GET', 'HEAD', 'OPTIONS']) await call(method)
    expect(writes.keys).toEqual(Array(4).fill('user:user-1'))
    expect(reads.keys).toEqual(Array(3).fill('user:user-1'))
  })

  it('counts a caller without a session by the client address', async () => {
    const { call, reads } = limitedApp()
    await call('GET', { 'CF-Connecting-IP': '203.0.113.7' })
    await call('GET')
    expect(reads.keys).toEqual(['address:203.0.113.7', 'address:unknown'])
  })

  it('lets a request through when its budget cannot be counted, and logs why', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const app = new Hono<AppEnv>()
    app.use(apiRateLimit())
    app.get('/api/thing', (c) => c.json({ ok: true }))
    const broken = {
      limit: () => Promise.reject(new Error('database is locked: SQLITE_BUSY')),
    }
    const response = await app.request(
      'https://kiymet.app/api/thing',
      {},
      {
        API_READ_LIMITER: broken,
      },
    )
    expect(response.status).toBe(200)
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('"where":"rate-limit"'))
    logged.mockRestore()
  })

  it('refuses a request over the budget with 429, Retry-After and a localized message', async () => {
    const { call, handled } = limitedApp({ signedIn: true })
    expect((await call('POST')).status).toBe(200)
    expect((await call('POST')).status).toBe(200)
    const refused = await call('POST', { 'Accept-Language': 'de' })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe('60')
    expect(refused.headers.get('Cache-Control')).toBe('no-store')
    expect(await refused.json()).toEqual({
      error: {
        code: 'rate_limited',
        message:
          'Sie haben in kurzer Zeit zu viele Anfragen gesendet. Bitte warten Sie 60 Sekunden und versuchen Sie es dann erneut.',
      },
    })
    expect(handled()).toBe(2)
    expect((await call('GET')).status).toBe(200)
  })

  it('states the budgets wrangler.toml gives the bindings', () => {
    // Typed loosely here: wrangler's declarations need Node's, which worker code does not load.
    const { ratelimits } = unstable_readConfig({ config: 'wrangler.toml' }) as {
      ratelimits: { name: string; simple: { limit: number; period: number } }[]
    }
    expect(
      Object.values(API_RATE_BUDGETS).map(({ binding, limit, period }) => ({
        name: binding,
        simple: { limit, period },
      })),
    ).toEqual(
      ratelimits
        .filter(({ name }) => name.startsWith('API_'))
        .map(({ name, simple }) => ({ name, simple })),
    )
  })
})
