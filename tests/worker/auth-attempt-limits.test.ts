import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { AUTH_ATTEMPT_BUDGETS } from '../../worker/auth/attempt-limits'
import type { Env } from '../../worker/env'
import {
  backend,
  cookieHeader,
  createUser,
  ORIGIN,
  requestWithEnv,
  setCookies,
  uniqueEmail,
} from './auth-backend'

// Sign-ins through the worker against an auth server with the hosted service's per-address
// limits (30 in 5 minutes), told each visitor's address as production is (the project's secret
// key and `Sb-Forwarded-For`), with the worker's own attempt budgets of wrangler.toml.
/** The Rate Limiting bindings of wrangler.toml, as Miniflare runs them. */
const limiters = env as unknown as Pick<Env, 'AUTH_VISITOR_LIMITER' | 'AUTH_EMAIL_LIMITER'>

const hostedLike = {
  SUPABASE_URL: backend.limitedSupabaseUrl,
  SUPABASE_SECRET_KEY: backend.serviceRoleKey,
  AUTH_VISITOR_LIMITER: limiters.AUTH_VISITOR_LIMITER,
  AUTH_EMAIL_LIMITER: limiters.AUTH_EMAIL_LIMITER,
}

/** More failed sign-ins than the auth service allows one address in five minutes. */
const MORE_THAN_THE_AUTH_SERVICE_ALLOWS = 35

function signIn(visitor: string, email: string, password: string, cookie = '') {
  return requestWithEnv(hostedLike, '/auth/sign-in', {
    method: 'POST',
    headers: {
      Origin: ORIGIN,
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'CF-Connecting-IP': visitor,
      // Forged, as an attacker would send it: only Cloudflare's address counts.
      'X-Forwarded-For': `192.0.2.${Math.floor(Math.random() * 250) + 1}`,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify({ email, password, next: '/en' }),
  })
}

async function outcome(response: Response): Promise<string> {
  if (response.ok) return 'signed in'
  const { error } = (await response.json()) as { error: { code: string } }
  return `${response.status} ${error.code}`
}

async function newUser(tag: string): Promise<string> {
  const email = uniqueEmail(tag)
  await createUser(email, 'right-pass-1')
  return email
}

describe('attempt limits of signing in', () => {
  it('refuse a visitor who keeps guessing, while another visitor signs in', async () => {
    const outcomes: string[] = []
    for (let n = 0; n < MORE_THAN_THE_AUTH_SERVICE_ALLOWS; n += 1) {
      const response = await signIn('203.0.113.7', uniqueEmail('guess'), 'wrong-pass-1')
      if (response.status === 429) expect(response.headers.get('Retry-After')).toBe('60')
      outcomes.push(await outcome(response))
    }
    // The burst spans at most two of the budget's windows.
    const asked = outcomes.filter((text) => text === '400 invalid_credentials').length
    expect(asked).toBeGreaterThanOrEqual(AUTH_ATTEMPT_BUDGETS.visitor.limit)
    expect(asked).toBeLessThanOrEqual(2 * AUTH_ATTEMPT_BUDGETS.visitor.limit)
    expect(outcomes.filter((text) => text !== '400 invalid_credentials')).toEqual(
      Array(MORE_THAN_THE_AUTH_SERVICE_ALLOWS - asked).fill('429 over_request_rate_limit'),
    )
    const other = await newUser('other-visitor')
    expect(await outcome(await signIn('198.51.100.20', other, 'right-pass-1'))).toBe('signed in')
  })

  it('let a visitor sign in after failed attempts from more addresses than the auth service allows one', async () => {
    for (let n = 1; n <= MORE_THAN_THE_AUTH_SERVICE_ALLOWS; n += 1) {
      const response = await signIn(`198.18.0.${n}`, uniqueEmail('spread'), 'wrong-pass-1')
      expect(await outcome(response)).toBe('400 invalid_credentials')
    }
    const email = await newUser('after-the-spread')
    expect(await outcome(await signIn('198.51.100.21', email, 'right-pass-1'))).toBe('signed in')
  })

  it("refuse guesses at one account from many addresses, but not its owner's known browser", async () => {
    const email = await newUser('targeted')
    const first = await signIn('198.51.100.30', email, 'right-pass-1')
    expect(await outcome(first.clone())).toBe('signed in')
    const known = cookieHeader(
      setCookies(first).filter(({ name }) => name === 'kiymet-known-device'),
    )
    expect(known).toMatch(/^kiymet-known-device=/)
    const guesses: string[] = []
    for (let n = 1; n <= 12; n += 1) {
      guesses.push(await outcome(await signIn(`198.18.1.${n}`, email, 'wrong-pass-1')))
    }
    expect(guesses).toContain('429 over_request_rate_limit')
    expect(await outcome(await signIn('198.51.100.30', email, 'right-pass-1', known))).toBe(
      'signed in',
    )
  })
})
