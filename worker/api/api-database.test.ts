import { Hono } from 'hono'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AuthClaims } from '../auth/session'
import type { AppEnv } from '../env'
import { apiDb } from './api-database'

function claimsWith(metadata: Record<string, unknown>): AuthClaims {
  return {
    sub: 'user-1',
    role: 'authenticated',
    session_id: 's',
    aal: 'aal1',
    exp: 0,
    user_metadata: metadata,
  }
}

/** The `today` an API query of a caller with `metadata` runs with, asked in `language`. */
async function todayOf(metadata: Record<string, unknown>, language = 'en'): Promise<string> {
  const claims = claimsWith(metadata)
  const app = new Hono<AppEnv>().get('/', (c) => c.text(apiDb(c, {} as never, claims).today))
  const response = await app.request('/', { headers: { 'Accept-Language': language } }, {})
  return response.text()
}

describe('apiDb: today is the caller’s day in their time zone', () => {
  // 22:30 UTC on New Year's Day: 01:30 on 2 January in Istanbul, 23:30 on 1 January in Berlin.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-01-01T22:30:00Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('in the zone their profile names', async () => {
    expect(await todayOf({ locale: 'en', time_zone: 'Europe/Istanbul' })).toBe('2026-01-02')
    expect(await todayOf({ locale: 'tr', time_zone: 'Europe/Berlin' })).toBe('2026-01-01')
  })

  it('else in their language’s: Istanbul for Turkish, Berlin for German, UTC for English', async () => {
    expect(await todayOf({ locale: 'tr' })).toBe('2026-01-02')
    expect(await todayOf({ locale: 'de' }, 'tr')).toBe('2026-01-01')
    expect(await todayOf({ locale: 'en' }, 'tr')).toBe('2026-01-01')
  })

  it('else in the request’s language’s, and a zone no platform knows counts as none', async () => {
    expect(await todayOf({}, 'tr-TR,tr;q=0.9')).toBe('2026-01-02')
    expect(await todayOf({ locale: 'tr', time_zone: 'Mars/Olympus' })).toBe('2026-01-02')
  })

  it('turns at the caller’s midnight, not at UTC’s', async () => {
    vi.setSystemTime(new Date('2026-01-01T20:59:59Z'))
    expect(await todayOf({ locale: 'tr' })).toBe('2026-01-01')
    vi.setSystemTime(new Date('2026-01-01T21:00:00Z'))
    expect(await todayOf({ locale: 'tr' })).toBe('2026-01-02')
  })
})

describe('apiDb: the caller’s tax settings', () => {
  const taxOf = async (metadata: Record<string, unknown>) => {
    const claims = claimsWith(metadata)
    const app = new Hono<AppEnv>().get('/', (c) => c.json(apiDb(c, {} as never, claims).tax))
    return (await app.request('/', {}, {})).json()
  }

  it('are read from the token’s user metadata', async () => {
    expect(
      await taxOf({ tax_residence: 'DE', tax_joint_assessment: true, church_tax_rate: '0.08' }),
    ).toEqual({ residence: 'DE', jointAssessment: true, churchTaxRate: '0.08' })
  })

  it('count what is not known as not set', async () => {
    expect(await taxOf({ tax_residence: 'XX', church_tax_rate: '0.1' })).toEqual({
      residence: null,
      jointAssessment: false,
      churchTaxRate: '0',
    })
  })
})
