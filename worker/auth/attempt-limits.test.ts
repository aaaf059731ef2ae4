import { Hono } from 'hono'
import { unstable_readConfig } from 'wrangler'
import { describe, expect, it } from 'vitest'
import { API_RATE_BUDGETS } from '../api/api-rate-limit'
import type { AppEnv } from '../env'
import { AUTH_ATTEMPT_BUDGETS, rememberDevice, spendAuthAttempt } from './attempt-limits'

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

function limitedApp(secret: string | undefined) {
  const visitors = fakeLimiter(3)
  const emails = fakeLimiter(2)
  const app = new Hono<AppEnv>()
  app.post('/auth/try', async (c) => {
    const { email } = await c.req.json<{ email: string }>()
    return c.json({ allowed: await spendAuthAttempt(c, email) })
  })
  app.post('/auth/remember', async (c) => {
    const { email } = await c.req.json<{ email: string }>()
    await rememberDevice(c, email)
    return c.json({})
  })
  const env = {
    AUTH_VISITOR_LIMITER: visitors,
    AUTH_EMAIL_LIMITER: emails,
    ...(secret ? { SUPABASE_SECRET_KEY: secret } : {}),
  }
  const post = (path: string, email: string, headers: Record<string, string> = {}) =>
    app.request(
      `https://kiymet.app${path}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ email }),
      },
      env,
    )
  const attempt = async (email: string, headers: Record<string, string> = {}) =>
    ((await (await post('/auth/try', email, headers)).json()) as { allowed: boolean }).allowed
  return { visitors, emails, post, attempt }
}

describe('the attempt limits of signing in', () => {
  it('refuse a visitor past their budget, whatever emails they try', async () => {
    const { attempt, visitors } = limitedApp(undefined)
    const from = { 'CF-Connecting-IP': '203.0.113.7' }
    const results = [] as boolean[]
    for (const n of [1, 2, 3, 4]) results.push(await attempt(`guess-${n}@example.com`, from))
    expect(results).toEqual([true, true, true, false])
    expect(new Set(visitors.keys)).toEqual(new Set(['203.0.113.7']))
    expect(await attempt('guess-5@example.com', { 'CF-Connecting-IP': '198.51.100.2' })).toBe(true)
  })

  it('refuse an email past its budget from any number of addresses, keyed by a digest', async () => {
    const { attempt, emails } = limitedApp(undefined)
    const results = [] as boolean[]
    for (const n of [1, 2, 3]) {
      results.push(await attempt(' Victim@Example.com', { 'CF-Connecting-IP': `198.51.100.${n}` }))
    }
    expect(results).toEqual([true, true, false])
    expect(emails.keys.join()).not.toContain('victim')
  })

  it("let a browser that signed in to the account before skip the email's budget", async () => {
    const { attempt, post } = limitedApp('sb_secret_test')
    const remembered = await post('/auth/remember', 'victim@example.com')
    const cookie = remembered.headers.get('Set-Cookie') ?? ''
    expect(cookie).toMatch(
      /^kiymet-known-device=[\w-]+; Max-Age=34560000; Path=\/auth; HttpOnly; Secure; SameSite=Lax/,
    )
    const known = { Cookie: cookie.split(';')[0]! }
    for (const n of [1, 2, 3])
      await attempt('victim@example.com', { 'CF-Connecting-IP': `198.51.100.${n}` })
    expect(await attempt('victim@example.com')).toBe(false)
    expect(await attempt('VICTIM@example.com', known)).toBe(true)
    // The token is for that account only, and cannot be made up.
    expect(await attempt('other@example.com', known)).toBe(true)
    expect(await attempt('other@example.com', known)).toBe(true)
    expect(await attempt('other@example.com', known)).toBe(false)
    expect(await attempt('victim@example.com', { Cookie: 'kiymet-known-device=forged' })).toBe(
      false,
    )
  })

  it('remember at most five accounts per browser, newest first', async () => {
    const { post } = limitedApp('sb_secret_test')
    let cookie = ''
    for (const n of [1, 2, 3, 4, 5, 6]) {
      const response = await post(
        '/auth/remember',
        `user-${n}@example.com`,
        cookie ? { Cookie: cookie } : {},
      )
      cookie = (response.headers.get('Set-Cookie') ?? '').split(';')[0]!
    }
    expect(cookie.slice('kiymet-known-device='.length).split('.')).toHaveLength(5)
  })

  it('remember nothing without a secret key to sign with', async () => {
    const { post } = limitedApp(undefined)
    expect((await post('/auth/remember', 'a@example.com')).headers.get('Set-Cookie')).toBeNull()
  })

  it('state the budgets wrangler.toml gives the bindings, and every binding is an API or auth budget', () => {
    const { ratelimits } = unstable_readConfig({ config: 'wrangler.toml' }) as {
      ratelimits: { name: string; simple: { limit: number; period: number } }[]
    }
    const declared = [...Object.values(API_RATE_BUDGETS), ...Object.values(AUTH_ATTEMPT_BUDGETS)]
    expect(
      declared.map(({ binding, limit, period }) => ({ name: binding, simple: { limit, period } })),
    ).toEqual(ratelimits.map(({ name, simple }) => ({ name, simple })))
  })
})
