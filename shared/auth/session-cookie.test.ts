import { createChunks, stringToBase64URL } from '@supabase/ssr'
import { describe, expect, it } from 'vitest'
import { hasSessionCookie, sessionCookieKey, sessionUserId } from './session-cookie'

const SUPABASE_URL = 'https://abcdefghijklmnop.supabase.co'
const KEY = 'sb-abcdefghijklmnop-auth-token'
const USER_ID = '6f1c1c3e-3f3a-4c55-9d4e-0d6a5b1e2f10'

/** A session as auth-js stores it: its access token carries the user id as `sub`. */
function storedSession(sub: unknown, padding = ''): string {
  const payload = stringToBase64URL(JSON.stringify({ sub, role: 'authenticated' }))
  const session = {
    access_token: `eyJhbGciOiJFUzI1NiJ9.${payload}.signature`,
    refresh_token: 'refresh',
    expires_at: 1,
    user: { id: sub, user_metadata: { display_name: padding } },
  }
  return `base64-${stringToBase64URL(JSON.stringify(session))}`
}

const header = (cookies: { name: string; value: string }[]) =>
  cookies.map(({ name, value }) => `${name}=${value}`).join('; ')

describe('sessionCookieKey', () => {
  it('names the cookie after the first label of the Supabase host, as @supabase/ssr does', () => {
    expect(sessionCookieKey(SUPABASE_URL)).toBe(KEY)
    expect(sessionCookieKey('http://127.0.0.1:54321')).toBe('sb-127-auth-token')
  })
})

describe('sessionUserId', () => {
  it("reads the user id from the session cookie's access token", () => {
    const cookies = header([
      { name: 'theme', value: 'dark' },
      { name: KEY, value: storedSession(USER_ID) },
    ])
    expect(sessionUserId(cookies, SUPABASE_URL)).toBe(USER_ID)
  })

  it('joins a chunked cookie first', () => {
    const chunks = createChunks(KEY, storedSession(USER_ID, 'Şükrü Ağaoğlu '.repeat(300)))
    expect(chunks.length).toBeGreaterThan(1)
    expect(sessionUserId(header(chunks), SUPABASE_URL)).toBe(USER_ID)
  })

  it('reads an unprefixed (JSON) cookie too', () => {
    const json = JSON.stringify({
      access_token: `x.${stringToBase64URL(JSON.stringify({ sub: USER_ID }))}.y`,
    })
    const cookies = `${KEY}=${encodeURIComponent(json)}`
    expect(sessionUserId(cookies, SUPABASE_URL)).toBe(USER_ID)
  })

  it('finds no one without a session cookie, or without sign-in configured', () => {
    expect(sessionUserId('', SUPABASE_URL)).toBeNull()
    expect(sessionUserId(`${KEY}-code-verifier=abc`, SUPABASE_URL)).toBeNull()
    const signedIn = header([{ name: KEY, value: storedSession(USER_ID) }])
    expect(sessionUserId(signedIn, undefined)).toBeNull()
  })

  it("finds no one in another project's cookie", () => {
    const other = header([{ name: 'sb-other-auth-token', value: storedSession(USER_ID) }])
    expect(sessionUserId(other, SUPABASE_URL)).toBeNull()
  })

  it('finds no one in a cookie it cannot read', () => {
    for (const value of [
      'base64-%%%',
      'base64-' + stringToBase64URL('not json'),
      'base64-' + stringToBase64URL(JSON.stringify({ access_token: 'no-payload' })),
      'base64-' + stringToBase64URL(JSON.stringify({ access_token: 42 })),
      storedSession(''),
      storedSession(7),
    ]) {
      expect(sessionUserId(header([{ name: KEY, value }]), SUPABASE_URL)).toBeNull()
    }
  })
})

describe('hasSessionCookie', () => {
  it('sees the session cookie of any project, chunked or not, and nothing else', () => {
    expect(hasSessionCookie([{ name: 'theme' }, { name: KEY }])).toBe(true)
    expect(hasSessionCookie([{ name: 'sb-127-auth-token.0' }])).toBe(true)
    expect(hasSessionCookie([{ name: `${KEY}-code-verifier` }, { name: 'theme' }, {}])).toBe(false)
    expect(hasSessionCookie([])).toBe(false)
  })
})
