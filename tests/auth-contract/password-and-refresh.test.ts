import { describe, expect, it } from 'vitest'
import {
  client,
  createConfirmedUser,
  latestMail,
  hasOutbox,
  PASSWORD,
  signedInClient,
  target,
  uniqueEmail,
} from './target'

describe('signUp', () => {
  it.runIf(hasOutbox)(
    'with confirmations on returns a bare user and mails a confirmation',
    async () => {
      const { supabase } = client()
      const email = uniqueEmail('signup')
      const { data, error } = await supabase.auth.signUp({
        email,
        password: PASSWORD,
        options: { data: { locale: 'tr' } },
      })
      expect(error).toBeNull()
      expect(data.session).toBeNull()
      expect(data.user?.email).toBe(email)
      expect(data.user?.confirmation_sent_at).toBeTruthy()
      expect(data.user?.user_metadata.locale).toBe('tr')
      expect(data.user?.identities).toHaveLength(1)
      const mail = await latestMail(email)
      expect(mail.kind).toBe('signup')
      expect(mail.code).toMatch(/^\d{6}$/)
    },
  )

  it('signing in before confirming gives email_not_confirmed', async () => {
    const { supabase } = client()
    const email = uniqueEmail('unconfirmed')
    await supabase.auth.signUp({ email, password: PASSWORD })
    const { data, error } = await supabase.auth.signInWithPassword({ email, password: PASSWORD })
    expect(data.session).toBeNull()
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('email_not_confirmed')
    expect(error?.message).toBe('Email not confirmed')
  })

  it('an already registered address answers with a look-alike user without identities', async () => {
    const user = await createConfirmedUser('taken')
    const { data, error } = await client().supabase.auth.signUp({
      email: user.email,
      password: PASSWORD,
    })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user?.identities).toEqual([])
    expect(data.user?.id).not.toBe(user.id)
  })

  it.runIf(target.autoconfirmUrl)(
    'with autoconfirm returns a session; a second sign-up is user_already_exists',
    async () => {
      const { supabase } = client({ url: target.autoconfirmUrl })
      const email = uniqueEmail('auto')
      const first = await supabase.auth.signUp({ email, password: PASSWORD })
      expect(first.error).toBeNull()
      expect(first.data.session?.access_token).toBeTruthy()
      expect(first.data.session?.user.email_confirmed_at).toBeTruthy()
      const second = await client({ url: target.autoconfirmUrl }).supabase.auth.signUp({
        email,
        password: PASSWORD,
      })
      expect(second.error?.status).toBe(422)
      expect(second.error?.code).toBe('user_already_exists')
    },
  )

  it('rejects a weak password with weak_password and its reasons', async () => {
    const { error } = await client().supabase.auth.signUp({
      email: uniqueEmail('weak'),
      password: 'short',
    })
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('weak_password')
    expect(error && 'reasons' in error ? error.reasons : []).toContain('length')
  })

  it('rejects an invalid address', async () => {
    const { error } = await client().supabase.auth.signUp({
      email: 'not-an-email',
      password: PASSWORD,
    })
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('validation_failed')
  })
})

describe('signInWithPassword', () => {
  it('returns a session with user, bearer token and expiry', async () => {
    const user = await createConfirmedUser('password')
    const { data, error } = await client().supabase.auth.signInWithPassword(user)
    expect(error).toBeNull()
    expect(data.session?.token_type).toBe('bearer')
    expect(data.session?.expires_in).toBeGreaterThan(0)
    expect(data.session?.expires_at).toBeGreaterThan(Date.now() / 1000)
    expect(data.user?.id).toBe(user.id)
    expect(data.user?.last_sign_in_at).toBeTruthy()
  })

  it('a wrong password is invalid_credentials with the hosted message', async () => {
    const user = await createConfirmedUser('wrong')
    const { data, error } = await client().supabase.auth.signInWithPassword({
      email: user.email,
      password: 'wrong-password',
    })
    expect(data.session).toBeNull()
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('invalid_credentials')
    expect(error?.message).toBe('Invalid login credentials')
  })

  it('an unknown address is the same invalid_credentials', async () => {
    const { error } = await client().supabase.auth.signInWithPassword({
      email: uniqueEmail('nobody'),
      password: PASSWORD,
    })
    expect(error?.code).toBe('invalid_credentials')
  })

  it('without email or phone the client answers with the message of the specification', async () => {
    const message = 'You must provide either an email or phone number and a password'
    const signIn = await client().supabase.auth.signInWithPassword({ password: PASSWORD } as never)
    expect(signIn.error?.message).toBe(message)
    const signUp = await client().supabase.auth.signUp({ password: PASSWORD } as never)
    expect(signUp.error?.message).toBe(message)
  })

  it('setting a session needs both tokens', async () => {
    const { error } = await client().supabase.auth.setSession({
      access_token: '',
      refresh_token: '',
    })
    expect(error?.name).toBe('AuthSessionMissingError')
  })
})

describe('refreshSession', () => {
  it('rotates the refresh token and keeps the session', async () => {
    const { supabase, session } = await signedInClient('refresh')
    const { data, error } = await supabase.auth.refreshSession({
      refresh_token: session.refresh_token,
    })
    expect(error).toBeNull()
    expect(data.session?.refresh_token).not.toBe(session.refresh_token)
    const claims = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())
    expect(claims(data.session?.access_token ?? '').session_id).toBe(
      claims(session.access_token).session_id,
    )
  })

  it('a reused refresh token is refresh_token_already_used and ends the session', async () => {
    const { supabase, session } = await signedInClient('reuse')
    const rotated = await supabase.auth.refreshSession({ refresh_token: session.refresh_token })
    expect(rotated.error).toBeNull()
    await new Promise((resolve) => setTimeout(resolve, target.refreshReuseSeconds * 1000))
    const replay = await client().supabase.auth.refreshSession({
      refresh_token: session.refresh_token,
    })
    expect(replay.error?.code).toBe('refresh_token_already_used')
    const successor = await client().supabase.auth.refreshSession({
      refresh_token: rotated.data.session?.refresh_token ?? '',
    })
    expect(successor.error?.code).toBe('refresh_token_not_found')
  })

  it('an unknown refresh token is refresh_token_not_found', async () => {
    const { error } = await client().supabase.auth.refreshSession({
      refresh_token: 'no-such-token',
    })
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('refresh_token_not_found')
  })

  it.runIf(target.expiredUrl)('an expired session is session_expired', async () => {
    const user = await createConfirmedUser('expired-session')
    const { supabase } = client({ url: target.expiredUrl })
    const { data } = await supabase.auth.signInWithPassword(user)
    const { error } = await supabase.auth.refreshSession({
      refresh_token: data.session?.refresh_token ?? '',
    })
    expect(error?.code).toBe('session_expired')
  })
})
