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
