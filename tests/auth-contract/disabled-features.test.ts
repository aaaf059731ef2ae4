import { describe, expect, it } from 'vitest'
import { adminClient, client, signedInClient, target } from './target'

const API = `${target.supabaseUrl}/auth/v1`
const VERSIONED = { 'X-Supabase-Api-Version': '2024-01-01' }

/** A raw request with the project's anon key (or `token` as the bearer) and the 2024 error format. */
async function call(method: string, path: string, token = target.anonKey) {
  const response = await fetch(`${API}${path}`, {
    method,
    headers: { ...VERSIONED, apikey: target.anonKey, Authorization: `Bearer ${token}` },
    ...(method === 'GET' ? {} : { body: '{}' }),
  })
  const contentType = response.headers.get('content-type') ?? ''
  return { status: response.status, contentType, body: (await response.json()) as unknown }
}

describe('features a hosted project has disabled answer as it does', () => {
  it('passkey endpoints: 404 passkey_disabled before any sign-in is checked', async () => {
    for (const [method, path] of [
      ['POST', '/passkeys/authentication/options'],
      ['POST', '/passkeys/authentication/verify'],
      ['POST', '/passkeys/registration/options'],
      ['GET', '/passkeys'],
      ['DELETE', '/passkeys/8c2f3a5e-6a3b-4c51-9d0e-2f1b7a6c4d10'],
    ] as const) {
      const result = await call(method, path)
      expect(result, `${method} ${path}`).toMatchObject({
        status: 404,
        contentType: expect.stringContaining('application/json'),
        body: { code: 'passkey_disabled', message: 'Passkeys are disabled' },
      })
    }
    const { supabase } = await signedInClient('passkeys')
    const listed = await supabase.auth.passkey.list()
    expect(listed.error?.status).toBe(404)
    expect(listed.error?.code).toBe('passkey_disabled')
  })

  it('admin passkey endpoints find no passkeys', async () => {
    const { user } = await signedInClient('admin-passkeys')
    const listed = await adminClient().auth.admin.passkey.listPasskeys({ userId: user.id })
    expect(listed).toEqual({ data: [], error: null })
    const deleted = await adminClient().auth.admin.passkey.deletePasskey({
      userId: user.id,
      passkeyId: '8c2f3a5e-6a3b-4c51-9d0e-2f1b7a6c4d10',
    })
    expect(deleted.error?.status).toBe(404)
    expect(deleted.error?.message).toBe('Passkey not found')
  })

  it('WebAuthn and phone factors cannot be enrolled', async () => {
    const { supabase } = await signedInClient('webauthn')
    const webauthn = await supabase.auth.mfa.enroll({ factorType: 'webauthn' } as never)
    expect(webauthn.error?.status).toBe(422)
    expect(webauthn.error?.code).toBe('mfa_webauthn_enroll_not_enabled')
    expect(webauthn.error?.message).toBe('MFA enroll is disabled for WebAuthn')
    const phone = await supabase.auth.mfa.enroll({ factorType: 'phone', phone: '+905551112233' })
    expect(phone.error?.status).toBe(422)
    expect(phone.error?.code).toBe('mfa_phone_enroll_not_enabled')
  })

  it('the web3 grant is web3_provider_disabled', async () => {
    const { data, error } = await client().supabase.auth.signInWithWeb3({
      chain: 'ethereum',
      message: 'example.com wants you to sign in with your Ethereum account',
      signature: '0x00',
    })
    expect(data.session).toBeNull()
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('web3_provider_disabled')
    expect(error?.message).toBe('Web3 provider is disabled')
  })

  it('OAuth server endpoints: 404 feature_disabled, admin ones only for the service role', async () => {
    const listed = await adminClient().auth.admin.oauth.listClients()
    expect(listed.error?.status).toBe(404)
    expect(listed.error?.code).toBe('feature_disabled')
    expect(listed.error?.message).toBe('OAuth server is disabled')
    const created = await adminClient().auth.admin.oauth.createClient({
      client_name: 'Example',
      redirect_uris: ['https://example.com/callback'],
    })
    expect(created.error?.code).toBe('feature_disabled')
    expect((await call('GET', '/admin/oauth/clients')).body).toMatchObject({ code: 'not_admin' })
    for (const [method, path] of [
      ['GET', '/oauth/authorize?client_id=x'],
      ['POST', '/oauth/token'],
      ['POST', '/oauth/clients/register'],
      ['GET', '/.well-known/oauth-authorization-server'],
    ] as const) {
      expect(await call(method, path), `${method} ${path}`).toMatchObject({
        status: 404,
        body: { code: 'feature_disabled', message: 'OAuth server is disabled' },
      })
    }
    const providers = await adminClient().auth.admin.customProviders.listProviders()
    expect(providers.error?.code).toBe('feature_disabled')
    expect(providers.error?.message).toBe('Custom OAuth providers are disabled')
    const { session } = await signedInClient('grants')
    expect(await call('GET', '/user/oauth/grants', session.access_token)).toMatchObject({
      status: 404,
      body: { code: 'feature_disabled' },
    })
  })

  it.runIf(target.manualLinkingOffUrl)(
    'with manual linking off, linking and unlinking are manual_linking_disabled',
    async () => {
      const { supabase } = await signedInClient('unlink-off', { url: target.manualLinkingOffUrl })
      const { data } = await supabase.auth.getUserIdentities()
      const identity = data?.identities[0]
      if (!identity) throw new Error('no identity')
      const unlinked = await supabase.auth.unlinkIdentity(identity)
      expect(unlinked.error?.status).toBe(404)
      expect(unlinked.error?.code).toBe('manual_linking_disabled')
      expect(unlinked.error?.message).toBe('Manual linking is disabled')
      const linked = await supabase.auth.linkIdentity({
        provider: 'github',
        options: { skipBrowserRedirect: true },
      })
      expect(linked.error?.code).toBe('manual_linking_disabled')
    },
  )
})
