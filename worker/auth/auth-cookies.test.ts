import { describe, expect, it } from 'vitest'
import { authStorageKey, isAuthCookie, isLoopbackHost, isSessionCookie } from './auth-cookies'

describe('auth cookies', () => {
  it('derives the storage key from the first label of the backend host, as @supabase/ssr does', () => {
    expect(authStorageKey('http://127.0.0.1:54321')).toBe('sb-127-auth-token')
    expect(authStorageKey('https://abcdefgh.supabase.co')).toBe('sb-abcdefgh-auth-token')
  })

  it('tells session cookies and their chunks from the verifier and from other projects', () => {
    const key = 'sb-127-auth-token'
    expect(isSessionCookie(key, key)).toBe(true)
    expect(isSessionCookie(`${key}.0`, key)).toBe(true)
    expect(isSessionCookie(`${key}.12`, key)).toBe(true)
    expect(isSessionCookie(`${key}.x`, key)).toBe(false)
    expect(isSessionCookie(`${key}-code-verifier`, key)).toBe(false)
    expect(isAuthCookie(`${key}-code-verifier`, key)).toBe(true)
    expect(isAuthCookie('sb-other-auth-token', key)).toBe(false)
  })

  it('knows loopback hosts', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true)
    expect(isLoopbackHost('localhost')).toBe(true)
    expect(isLoopbackHost('[::1]')).toBe(true)
    expect(isLoopbackHost('kiymet.app')).toBe(false)
    expect(isLoopbackHost('127.0.0.1.evil.example')).toBe(false)
  })
})
