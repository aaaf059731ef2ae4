import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { generateOtp, isExpired, tokenHash } from './one-time-tokens'

describe('one-time tokens', () => {
  it('codes are six digits, leading zeros kept', () => {
    for (let i = 0; i < 200; i++) expect(generateOtp()).toMatch(/^\d{6}$/)
  })

  it('the token hash is hex(sha224(address + code)), as the client computes it', () => {
    const expected = createHash('sha224').update('a@example.com123456').digest('hex')
    expect(tokenHash('a@example.com', '123456')).toBe(expected)
    expect(expected).toHaveLength(56)
  })

  it('a token expires once its lifetime has passed; zero means at once', () => {
    const now = new Date()
    expect(isExpired(now, 60)).toBe(false)
    expect(isExpired(new Date(Date.now() - 61_000), 60)).toBe(true)
    expect(isExpired(now, 0)).toBe(true)
    expect(isExpired(null, 60)).toBe(true)
  })
})
