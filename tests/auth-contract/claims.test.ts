import { decodeJwt, decodeProtectedHeader } from 'jose'
import { describe, expect, it, vi } from 'vitest'
import { client, createConfirmedUser, signedInClient, target } from './target'

describe('access tokens and getClaims', () => {
  it('are ES256 JWTs with a kid and the contract claims', async () => {
    const { session, user } = await signedInClient('claims')
    const header = decodeProtectedHeader(session.access_token)
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' })
    expect(header.kid).toBeTruthy()
    const claims = decodeJwt(session.access_token)
    expect(claims).toMatchObject({
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    })
    expect(claims.iss).toBe(`${target.supabaseUrl}/auth/v1`)
    expect(claims.session_id).toEqual(expect.any(String))
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }])
  })

  it('the JWKS publishes the verification key with caching', async () => {
    const response = await fetch(`${target.supabaseUrl}/auth/v1/.well-known/jwks.json`)
    expect(response.headers.get('cache-control')).toBe('public, max-age=600')
    const { keys } = (await response.json()) as { keys: Array<Record<string, unknown>> }
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', key_ops: ['verify'] })
    expect(keys[0]).not.toHaveProperty('d')
  })

  it('getClaims verifies locally against the JWKS without calling /user', async () => {
    const { supabase, session } = await signedInClient('local-claims')
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    try {
      const { data, error } = await supabase.auth.getClaims(session.access_token)
      expect(error).toBeNull()
      expect(data?.claims.sub).toBe(session.user.id)
      const urls = fetchSpy.mock.calls.map(([input]) =>
        String(input instanceof Request ? input.url : input),
      )
      expect(urls.some((url) => url.endsWith('/.well-known/jwks.json'))).toBe(true)
      expect(urls.some((url) => url.endsWith('/auth/v1/user'))).toBe(false)
    } finally {
      fetchSpy.mockRestore()
    }
  })

  it('getClaims rejects a tampered token', async () => {
    const { supabase, session } = await signedInClient('tampered')
    const [header, payload, signature] = session.access_token.split('.')
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'service_role' })).toString(
      'base64url',
    )
    const { data, error } = await supabase.auth.getClaims(`${header}.${forged}.${signature}`)
    expect(data).toBeNull()
    expect(error?.message).toBe('Invalid JWT signature')
  })

  it.runIf(target.expiredUrl)('getClaims rejects an expired token', async () => {
    const user = await createConfirmedUser('expired-jwt')
    const { supabase } = client({ url: target.expiredUrl })
    const { data } = await supabase.auth.signInWithPassword(user)
    const token = data.session?.access_token ?? ''
    await vi.waitFor(
      async () => {
        const result = await supabase.auth.getClaims(token)
        expect(result.error?.message).toMatch(/expired/i)
      },
      { timeout: 5_000, interval: 200 },
    )
  })
})
