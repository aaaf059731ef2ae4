import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  client,
  createConfirmedUser,
  fragmentOf,
  hasOutbox,
  latestMail,
  PASSWORD,
  redirectOf,
  target,
  uniqueEmail,
} from './target'

const APP = 'http://127.0.0.1:5173/auth/callback'

describe.runIf(hasOutbox)('email links and codes', () => {
  it('PKCE sign-up: the link redirects with a code the client exchanges for a session', async () => {
    const { supabase, storage } = client({ flowType: 'pkce' })
    const email = uniqueEmail('pkce')
    const signUp = await supabase.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: APP },
    })
    expect(signUp.error).toBeNull()
    expect(storage.hasVerifier()).toBe(true)
    const mail = await latestMail(email)
    const { status, location } = await redirectOf(mail.confirmationUrl ?? '')
    expect(status).toBe(303)
    expect(location.origin + location.pathname).toBe(APP)
    const code = location.searchParams.get('code') ?? ''
    const beforeExchange = storage.snapshot()
    const { data, error } = await supabase.auth.exchangeCodeForSession(code)
    expect(error).toBeNull()
    expect(data.session?.user.email).toBe(email)
    expect(data.session?.user.email_confirmed_at).toBeTruthy()
    storage.restore(beforeExchange)
    const again = await supabase.auth.exchangeCodeForSession(code)
    expect(again.error?.code).toBe('flow_state_not_found')
  })

  it('PKCE with a wrong verifier is bad_code_verifier', async () => {
    const { supabase, storage } = client({ flowType: 'pkce' })
    const email = uniqueEmail('bad-verifier')
    await supabase.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: APP } })
    const { location } = await redirectOf((await latestMail(email)).confirmationUrl ?? '')
    storage.replaceVerifiers('x'.repeat(64))
    const { data, error } = await supabase.auth.exchangeCodeForSession(
      location.searchParams.get('code') ?? '',
    )
    expect(data.session).toBeNull()
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('bad_code_verifier')
  })

  it('implicit magic link: the link redirects with the session in the fragment', async () => {
    const user = await createConfirmedUser('magic')
    const { error } = await client().supabase.auth.signInWithOtp({
      email: user.email,
      options: { emailRedirectTo: APP },
    })
    expect(error).toBeNull()
    const mail = await latestMail(user.email)
    expect(mail.kind).toBe('magiclink')
    const { location } = await redirectOf(mail.confirmationUrl ?? '')
    const fragment = fragmentOf(location)
    expect(fragment).toMatchObject({ token_type: 'bearer', type: 'magiclink' })
    const session = await client().supabase.auth.setSession({
      access_token: fragment.access_token ?? '',
      refresh_token: fragment.refresh_token ?? '',
    })
    expect(session.data.user?.id).toBe(user.id)
  })

  it('email OTP: the 6-digit code signs in once, then is otp_expired', async () => {
    const user = await createConfirmedUser('otp')
    await client().supabase.auth.signInWithOtp({ email: user.email })
    const { code } = await latestMail(user.email)
    expect(code).toMatch(/^\d{6}$/)
    const { supabase } = client()
    const { data, error } = await supabase.auth.verifyOtp({
      email: user.email,
      token: code,
      type: 'email',
    })
    expect(error).toBeNull()
    expect(data.session?.user.id).toBe(user.id)
    const replay = await client().supabase.auth.verifyOtp({
      email: user.email,
      token: code,
      type: 'email',
    })
    expect(replay.error?.status).toBe(403)
    expect(replay.error?.code).toBe('otp_expired')
    expect(replay.error?.message).toBe('Token has expired or is invalid')
  })

  it('token_hash verification, as a server-side confirm route does', async () => {
    const user = await createConfirmedUser('token-hash')
    await client().supabase.auth.signInWithOtp({ email: user.email })
    const { code } = await latestMail(user.email)
    const tokenHash = createHash('sha224')
      .update(user.email + code)
      .digest('hex')
    const { data, error } = await client().supabase.auth.verifyOtp({
      token_hash: tokenHash,
      type: 'magiclink',
    })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(user.id)
  })

  it('a wrong code is otp_expired', async () => {
    const user = await createConfirmedUser('wrong-otp')
    await client().supabase.auth.signInWithOtp({ email: user.email })
    const { code } = await latestMail(user.email)
    const wrong = code === '000000' ? '111111' : '000000'
    const { error } = await client().supabase.auth.verifyOtp({
      email: user.email,
      token: wrong,
      type: 'email',
    })
    expect(error?.code).toBe('otp_expired')
  })

  it.runIf(target.expiredUrl)(
    'an expired code is otp_expired, and its link redirects with the error',
    async () => {
      const user = await createConfirmedUser('expired-otp')
      await client({ url: target.expiredUrl }).supabase.auth.signInWithOtp({
        email: user.email,
        options: { emailRedirectTo: APP },
      })
      const mail = await latestMail(user.email)
      const { error } = await client({ url: target.expiredUrl }).supabase.auth.verifyOtp({
        email: user.email,
        token: mail.code,
        type: 'email',
      })
      expect(error?.code).toBe('otp_expired')
      await client().supabase.auth.signInWithOtp({
        email: user.email,
        options: { emailRedirectTo: APP },
      })
      const link = (await latestMail(user.email)).confirmationUrl ?? ''
      const expiredLink = link.replace(target.supabaseUrl, target.expiredUrl ?? '')
      const { location } = await redirectOf(expiredLink)
      expect(fragmentOf(location)).toMatchObject({
        error: 'access_denied',
        error_code: 'otp_expired',
      })
    },
  )

  it('signInWithOtp creates the user unless create_user is false', async () => {
    const email = uniqueEmail('otp-new')
    const refused = await client().supabase.auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false },
    })
    expect(refused.error?.code).toBe('otp_disabled')
    const created = await client().supabase.auth.signInWithOtp({ email })
    expect(created.error).toBeNull()
    const mail = await latestMail(email)
    expect(mail.kind).toBe('signup')
    const { data } = await client().supabase.auth.verifyOtp({
      email,
      token: mail.code,
      type: 'email',
    })
    expect(data.user?.email_confirmed_at).toBeTruthy()
  })

  it('signInWithOtp without an address answers with the message of the specification', async () => {
    const { error } = await client().supabase.auth.signInWithOtp({} as never)
    expect(error?.message).toBe('You must provide either an email or phone number.')
  })

  it('resend sends a new signup code that confirms the address', async () => {
    const { supabase } = client()
    const email = uniqueEmail('resend')
    await supabase.auth.signUp({ email, password: PASSWORD })
    const first = await latestMail(email)
    const { error } = await supabase.auth.resend({ type: 'signup', email })
    expect(error).toBeNull()
    const second = await latestMail(email)
    expect(second.code).not.toBe(first.code === second.code ? '' : first.code)
    const verified = await client().supabase.auth.verifyOtp({
      email,
      token: second.code,
      type: 'signup',
    })
    expect(verified.error).toBeNull()
    const signIn = await client().supabase.auth.signInWithPassword({ email, password: PASSWORD })
    expect(signIn.error).toBeNull()
  })

  it('recovery with PKCE emits PASSWORD_RECOVERY and lets the user set a new password', async () => {
    const user = await createConfirmedUser('recover')
    const { supabase } = client({ flowType: 'pkce' })
    const { error } = await supabase.auth.resetPasswordForEmail(user.email, { redirectTo: APP })
    expect(error).toBeNull()
    const mail = await latestMail(user.email)
    expect(mail.kind).toBe('recovery')
    const { location } = await redirectOf(mail.confirmationUrl ?? '')
    const events: string[] = []
    supabase.auth.onAuthStateChange((event) => void events.push(event))
    const exchanged = await supabase.auth.exchangeCodeForSession(
      location.searchParams.get('code') ?? '',
    )
    expect(exchanged.error).toBeNull()
    expect(events).toContain('PASSWORD_RECOVERY')
    expect((await supabase.auth.updateUser({ password: 'recovered-password' })).error).toBeNull()
    const signIn = await client().supabase.auth.signInWithPassword({
      email: user.email,
      password: 'recovered-password',
    })
    expect(signIn.error).toBeNull()
  })

  it('recover for an unknown address answers the same as for a known one', async () => {
    const { data, error } = await client().supabase.auth.resetPasswordForEmail(uniqueEmail('ghost'))
    expect(error).toBeNull()
    expect(data).toEqual({})
  })
})
