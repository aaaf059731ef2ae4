import { describe, expect, it } from 'vitest'
import { RateLimiter } from './rate-limits'

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
})
