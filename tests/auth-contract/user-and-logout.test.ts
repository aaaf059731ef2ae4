import { describe, expect, it } from 'vitest'
import { client, latestMail, hasOutbox, PASSWORD, signedInClient, uniqueEmail } from './target'

describe('getUser and updateUser', () => {
  it('getUser returns the user of the token', async () => {
    const { supabase, user } = await signedInClient('get-user')
    const { data, error } = await supabase.auth.getUser()
    expect(error).toBeNull()
    expect(data.user?.id).toBe(user.id)
    expect(data.user?.identities?.[0]?.provider).toBe('email')
    expect(data.user?.app_metadata).toMatchObject({ provider: 'email', providers: ['email'] })
  })

  it('getUser with a token that is not a JWT is bad_jwt', async () => {
    const { data, error } = await client().supabase.auth.getUser('not-a-jwt')
    expect(data.user).toBeNull()
    expect(error?.status).toBe(403)
    expect(error?.code).toBe('bad_jwt')
  })

  it('updates metadata and emits USER_UPDATED', async () => {
    const { supabase } = await signedInClient('metadata')
    const events: string[] = []
    supabase.auth.onAuthStateChange((event) => void events.push(event))
    const { data, error } = await supabase.auth.updateUser({
      data: { theme: 'dark', plan: 'free' },
    })
    expect(error).toBeNull()
    expect(data.user?.user_metadata).toMatchObject({ theme: 'dark', plan: 'free' })
    const removed = await supabase.auth.updateUser({ data: { plan: null } })
    expect(removed.data.user?.user_metadata.plan).toBeUndefined()
    expect(removed.data.user?.user_metadata.theme).toBe('dark')
    expect(events).toContain('USER_UPDATED')
  })

  it('changes the password; the old one stops working', async () => {
    const { supabase, user } = await signedInClient('password-change')
    const { error } = await supabase.auth.updateUser({ password: 'a-brand-new-password' })
    expect(error).toBeNull()
    const old = await client().supabase.auth.signInWithPassword(user)
    expect(old.error?.code).toBe('invalid_credentials')
    const fresh = await client().supabase.auth.signInWithPassword({
      email: user.email,
      password: 'a-brand-new-password',
    })
    expect(fresh.error).toBeNull()
  })

  it('refuses the same password and a weak one', async () => {
    const { supabase } = await signedInClient('same-password')
    const same = await supabase.auth.updateUser({ password: PASSWORD })
    expect(same.error?.code).toBe('same_password')
    const weak = await supabase.auth.updateUser({ password: '123' })
    expect(weak.error?.code).toBe('weak_password')
  })

  it.runIf(hasOutbox)('changes the email only after the new address confirms', async () => {
    const { supabase, user } = await signedInClient('email-change')
    const next = uniqueEmail('new-address')
    const { data, error } = await supabase.auth.updateUser({ email: next })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(user.email)
    expect(data.user?.new_email).toBe(next)
    const mail = await latestMail(next)
    expect(mail.kind).toBe('email_change')
    const verified = await client().supabase.auth.verifyOtp({
      email: next,
      token: mail.code,
      type: 'email_change',
    })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.email).toBe(next)
    const signIn = await client().supabase.auth.signInWithPassword({
      email: next,
      password: PASSWORD,
    })
    expect(signIn.error).toBeNull()
  })

  it.runIf(hasOutbox)(
    'reauthenticate mails a code that works once as the nonce of a password change',
    async () => {
      const { supabase, user } = await signedInClient('reauth')
      const { error } = await supabase.auth.reauthenticate()
      expect(error).toBeNull()
      const mail = await latestMail(user.email)
      expect(mail.kind).toBe('reauthentication')
      const changed = await supabase.auth.updateUser({
        password: 'changed-with-nonce',
        nonce: mail.code,
      })
      expect(changed.error).toBeNull()
      const again = await supabase.auth.updateUser({
        password: 'changed-again-nonce',
        nonce: mail.code,
      })
      expect(again.error?.code).toBe('reauthentication_not_valid')
    },
  )
})

describe('signOut scopes', () => {
  const threeSessions = async () => {
    const first = await signedInClient('scopes')
    const second = client()
    const third = client()
    await second.supabase.auth.signInWithPassword(first.user)
    await third.supabase.auth.signInWithPassword(first.user)
    return [first.supabase, second.supabase, third.supabase] as const
  }
  const alive = async (supabase: Awaited<ReturnType<typeof threeSessions>>[number]) => {
    const { data } = await supabase.auth.getSession()
    if (!data.session) return false
    const { error } = await client().supabase.auth.getUser(data.session.access_token)
    return !error
  }

  it('local ends only this session; the others survive', async () => {
    const [a, b, c] = await threeSessions()
    const { data } = await a.auth.getSession()
    const token = data.session?.access_token ?? ''
    expect(await a.auth.signOut({ scope: 'local' })).toEqual({ error: null })
    expect((await a.auth.getSession()).data.session).toBeNull()
    const { error } = await client().supabase.auth.getUser(token)
    expect(error?.name).toBe('AuthSessionMissingError')
    expect(await alive(b)).toBe(true)
    expect(await alive(c)).toBe(true)
  })

  it('others ends every other session and keeps this one', async () => {
    const [a, b, c] = await threeSessions()
    expect(await a.auth.signOut({ scope: 'others' })).toEqual({ error: null })
    expect(await alive(a)).toBe(true)
    expect(await alive(b)).toBe(false)
    expect(await alive(c)).toBe(false)
  })

  it('global ends every session of the user, refresh tokens included', async () => {
    const [a, b, c] = await threeSessions()
    const refresh = (await b.auth.getSession()).data.session?.refresh_token ?? ''
    const events: string[] = []
    a.auth.onAuthStateChange((event) => void events.push(event))
    expect(await a.auth.signOut({ scope: 'global' })).toEqual({ error: null })
    expect(events).toContain('SIGNED_OUT')
    expect(await alive(b)).toBe(false)
    expect(await alive(c)).toBe(false)
    const refreshed = await client().supabase.auth.refreshSession({ refresh_token: refresh })
    expect(refreshed.error?.code).toBe('refresh_token_not_found')
  })

  it('signing out a session that is already gone still clears the client', async () => {
    const [a, b] = await threeSessions()
    await b.auth.signOut({ scope: 'global' })
    expect(await a.auth.signOut()).toEqual({ error: null })
    expect((await a.auth.getSession()).data.session).toBeNull()
  })
})
