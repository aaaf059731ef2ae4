import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { authConfigFromEnv } from './config'
import { respondWithError } from './errors'
import { createRateLimits, RateLimiter, spendAttempt } from './rate-limits'

describe('RateLimiter', () => {
  it('allows `limit` requests per key at once, then refuses until the bucket refills', () => {
    let now = 0
    const limiter = new RateLimiter(3, 300, () => now)
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([true, true, true, false])
    expect(limiter.take('b')).toBe(true)
    now += 100_000 // a third of the window: one request's worth
    expect(limiter.take('a')).toBe(true)
    expect(limiter.take('a')).toBe(false)
    now += 300_000
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([true, true, true, false])
  })

  it('drops buckets untouched for a window once it holds more than sweepAbove keys', () => {
    let now = 0
    const limiter = new RateLimiter(3, 300, () => now, 4)
    for (const key of ['a', 'b', 'c', 'd']) limiter.take(key)
    expect(limiter.size).toBe(4)
    now += 300_000
    limiter.take('d')
    limiter.take('e')
    // a, b and c were full again: gone; d and e are in use.
    expect(limiter.size).toBe(2)
    // A dropped key starts with a full bucket, as it would have had.
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([true, true, true, false])
  })

  it('keeps buckets still refilling', () => {
    let now = 0
    const limiter = new RateLimiter(3, 300, () => now, 2)
    limiter.take('a')
    limiter.take('b')
    now += 299_999
    limiter.take('c')
    expect(limiter.size).toBe(3)
  })

  it('after a sweep that freed little, waits for the map to double before the next', () => {
    let now = 0
    const limiter = new RateLimiter(3, 300, () => now, 2)
    for (const key of ['a', 'b', 'c']) limiter.take(key)
    now += 300_000
    limiter.take('d')
    // 3 keys were in use at the sweep: the next waits for more than 6.
    expect(limiter.size).toBe(4)
    for (const key of ['e', 'f', 'g']) limiter.take(key)
    expect(limiter.size).toBe(4)
  })
})

describe('spendAttempt with AUTH_SECURITY_SB_FORWARDED_FOR_ENABLED', () => {
  const keys = { serviceRoleKey: 'service-role-key' }
  /** A server allowing 2 sign-ins per address; sends one with `apikey`, naming `address`. */
  const signInsWith = (sbForwardedForEnabled: string | undefined) => {
    const config = authConfigFromEnv('http://127.0.0.1/auth/v1', {
      AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '2',
      AUTH_SECURITY_SB_FORWARDED_FOR_ENABLED: sbForwardedForEnabled,
    })
    const limits = createRateLimits(config, keys)
    const app = new Hono()
      .post('/token', (c) => {
        spendAttempt(limits, 'signInSignUps', c)
        return c.json({})
      })
      .onError((error, c) => respondWithError(c, error))
    return async (apikey: string, address: string) => {
      const headers = { apikey, 'Sb-Forwarded-For': address }
      return (await app.request('/token', { method: 'POST', headers })).status
    }
  }

  it('gives each address the service-role key names a budget of its own', async () => {
    const signIn = signInsWith('true')
    expect(await signIn(keys.serviceRoleKey, '203.0.113.1')).toBe(200)
    expect(await signIn(keys.serviceRoleKey, '203.0.113.1')).toBe(200)
    expect(await signIn(keys.serviceRoleKey, '203.0.113.1')).toBe(429)
    expect(await signIn(keys.serviceRoleKey, '203.0.113.2')).toBe(200)
    // Requests made with any other key still share the socket's budget.
    expect(await signIn('anon-key', '203.0.113.3')).toBe(200)
    expect(await signIn('anon-key', '203.0.113.4')).toBe(200)
    expect(await signIn('anon-key', '203.0.113.5')).toBe(429)
  })

  it('is off by default: the header counts for nothing', async () => {
    const signIn = signInsWith(undefined)
    expect(await signIn(keys.serviceRoleKey, '203.0.113.1')).toBe(200)
    expect(await signIn(keys.serviceRoleKey, '203.0.113.2')).toBe(200)
    expect(await signIn(keys.serviceRoleKey, '203.0.113.3')).toBe(429)
  })
})
