import { describe, expect, it } from 'vitest'
import {
  client,
  createConfirmedUser,
  hasOutbox,
  signedInClient,
  target,
  uniqueEmail,
} from './target'
import { consentAtStandIn } from './stand-in-provider'

const APP = 'http://127.0.0.1:5173/auth/callback'

describe.runIf(hasOutbox)('OAuth through the local stand-in provider', () => {
  it('signInWithOAuth (PKCE) creates a user with the provider identity', async () => {
    const { supabase } = client({ flowType: 'pkce' })
    const { data, error } = await supabase.auth.signInWithOAuth({
      provider: 'github',
      options: { redirectTo: APP, skipBrowserRedirect: true },
    })
    expect(error).toBeNull()
    const email = uniqueEmail('oauth')
    const landing = await consentAtStandIn(data.url ?? '', email)
    expect(landing.origin + landing.pathname).toBe(APP)
    const exchanged = await supabase.auth.exchangeCodeForSession(
      landing.searchParams.get('code') ?? '',
    )
    expect(exchanged.error).toBeNull()
    const user = exchanged.data.user
    expect(user?.email).toBe(email)
    expect(user?.app_metadata).toMatchObject({ provider: 'github', providers: ['github'] })
    expect(user?.identities?.map((i) => i.provider)).toEqual(['github'])
    expect(user?.user_metadata.full_name).toBe('Ayşe Yılmaz')
  })

  it('a provider that is not enabled is refused', async () => {
    const response = await fetch(`${target.supabaseUrl}/auth/v1/authorize?provider=twitter`, {
      redirect: 'manual',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      error_code: 'validation_failed',
      msg: 'Unsupported provider: provider is not enabled',
    })
  })

  it('linkIdentity adds a provider; unlinkIdentity removes it but never the last one', async () => {
    const { supabase, user } = await signedInClient('link', { flowType: 'pkce' })
    const { data, error } = await supabase.auth.linkIdentity({
      provider: 'google',
      options: { redirectTo: APP, skipBrowserRedirect: true },
    })
    expect(error).toBeNull()
    const landing = await consentAtStandIn(data.url ?? '', user.email)
    const linked = await supabase.auth.exchangeCodeForSession(
      landing.searchParams.get('code') ?? '',
    )
    expect(linked.error).toBeNull()
    const { data: identities } = await supabase.auth.getUserIdentities()
    expect(identities?.identities.map((i) => i.provider).sort()).toEqual(['email', 'google'])
    const google = identities?.identities.find((i) => i.provider === 'google')
    const email = identities?.identities.find((i) => i.provider === 'email')
    expect((await supabase.auth.unlinkIdentity(google!)).error).toBeNull()
    await supabase.auth.refreshSession()
    const last = await supabase.auth.unlinkIdentity(email!)
    expect(last.error?.status).toBe(422)
    expect(last.error?.code).toBe('single_identity_not_deletable')
  })

  it('linking an identity the user already has redirects with "Identity is already linked"', async () => {
    const { supabase, user } = await signedInClient('relink', { flowType: 'pkce' })
    const first = await supabase.auth.linkIdentity({
      provider: 'github',
      options: { redirectTo: APP, skipBrowserRedirect: true },
    })
    const landing = await consentAtStandIn(first.data.url ?? '', user.email)
    await supabase.auth.exchangeCodeForSession(landing.searchParams.get('code') ?? '')
    const again = await supabase.auth.linkIdentity({
      provider: 'github',
      options: { redirectTo: APP, skipBrowserRedirect: true },
    })
    const refused = await consentAtStandIn(again.data.url ?? '', user.email)
    expect(refused.searchParams.get('error_code')).toBe('identity_already_exists')
    expect(refused.searchParams.get('error_description')).toBe('Identity is already linked')
  })

  it('linking an identity that belongs to another user redirects with the error', async () => {
    const owner = await createConfirmedUser('owner')
    const ownerClient = client({ flowType: 'pkce' })
    const start = await ownerClient.supabase.auth.signInWithOAuth({
      provider: 'github',
      options: { redirectTo: APP, skipBrowserRedirect: true },
    })
    await consentAtStandIn(start.data.url ?? '', owner.email)
    const { supabase } = await signedInClient('intruder', { flowType: 'pkce' })
    const { data } = await supabase.auth.linkIdentity({
      provider: 'github',
      options: { redirectTo: APP, skipBrowserRedirect: true },
    })
    const landing = await consentAtStandIn(data.url ?? '', owner.email)
    expect(landing.searchParams.get('error_code')).toBe('identity_already_exists')
    expect(landing.searchParams.get('error_description')).toBe(
      'Identity is already linked to another user',
    )
  })
})

describe('id_token and SSO when not configured', () => {
  it('signInWithIdToken answers as a project without the provider', async () => {
    const { data, error } = await client().supabase.auth.signInWithIdToken({
      provider: 'google',
      token: 'header.payload.signature',
    })
    expect(data.session).toBeNull()
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('provider_disabled')
  })

  it('signInWithSSO answers that SAML is disabled', async () => {
    const { data, error } = await client().supabase.auth.signInWithSSO({ domain: 'example.com' })
    expect(data).toBeNull()
    expect(error?.status).toBe(404)
    expect(error?.code).toBe('saml_provider_disabled')
  })

  it('settings lists the enabled providers', async () => {
    const response = await fetch(`${target.supabaseUrl}/auth/v1/settings`, {
      headers: { apikey: target.anonKey },
    })
    const settings = (await response.json()) as { external: Record<string, boolean> }
    expect(settings.external.email).toBe(true)
  })
})
