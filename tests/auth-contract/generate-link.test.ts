import { describe, expect, it } from 'vitest'
import {
  adminClient,
  client,
  createConfirmedUser,
  fragmentOf,
  hasOutbox,
  PASSWORD,
  redirectOf,
  target,
  uniqueEmail,
} from './target'

const APP = 'http://127.0.0.1:5173/auth/callback'
const admin = () => adminClient().auth.admin

describe('admin generateLink', () => {
  it('signup: creates the unconfirmed user; the hashed token confirms it', async () => {
    const email = uniqueEmail('gl-signup')
    const { data, error } = await admin().generateLink({
      type: 'signup',
      email,
      password: PASSWORD,
      options: { data: { locale: 'de' }, redirectTo: APP },
    })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.email_confirmed_at).toBeUndefined()
    expect(data.user?.user_metadata.locale).toBe('de')
    expect(data.properties).toMatchObject({
      verification_type: 'signup',
      redirect_to: APP,
      email_otp: expect.stringMatching(/^\d{6}$/),
    })
    const link = new URL(data.properties?.action_link ?? '')
    expect(link.origin + link.pathname).toBe(`${target.supabaseUrl}/auth/v1/verify`)
    expect(link.searchParams.get('type')).toBe('signup')
    const verified = await client().supabase.auth.verifyOtp({
      token_hash: data.properties?.hashed_token ?? '',
      type: 'signup',
    })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.email_confirmed_at).toBeTruthy()
    const signIn = await client().supabase.auth.signInWithPassword({ email, password: PASSWORD })
    expect(signIn.error).toBeNull()
  })

  it('signup without a password, or for a confirmed address, is refused', async () => {
    const missing = await admin().generateLink({
      type: 'signup',
      email: uniqueEmail('gl-nopass'),
    } as never)
    expect(missing.error?.status).toBe(422)
    expect(missing.error?.code).toBe('validation_failed')
    const { email } = await createConfirmedUser('gl-taken')
    const taken = await admin().generateLink({ type: 'signup', email, password: PASSWORD })
    expect(taken.error?.status).toBe(422)
    expect(taken.error?.code).toBe('email_exists')
  })

  it('magiclink: its link signs the user in; an unknown address becomes a signup', async () => {
    const user = await createConfirmedUser('gl-magic')
    const { data, error } = await admin().generateLink({
      type: 'magiclink',
      email: user.email,
      options: { redirectTo: APP },
    })
    expect(error).toBeNull()
    expect(data.properties?.verification_type).toBe('magiclink')
    const { location } = await redirectOf(data.properties?.action_link ?? '')
    expect(location.origin + location.pathname).toBe(APP)
    const fragment = fragmentOf(location)
    expect(fragment.type).toBe('magiclink')
    const session = await client().supabase.auth.setSession({
      access_token: fragment.access_token ?? '',
      refresh_token: fragment.refresh_token ?? '',
    })
    expect(session.data.user?.id).toBe(user.id)

    const unknown = uniqueEmail('gl-magic-new')
    const created = await admin().generateLink({ type: 'magiclink', email: unknown })
    expect(created.error).toBeNull()
    expect(created.data.properties?.verification_type).toBe('signup')
    const confirmed = await client().supabase.auth.verifyOtp({
      email: unknown,
      token: created.data.properties?.email_otp ?? '',
      type: 'signup',
    })
    expect(confirmed.error).toBeNull()
  })

  it('recovery: the emailed code signs in; unknown addresses are user_not_found', async () => {
    const user = await createConfirmedUser('gl-recovery')
    const { data, error } = await admin().generateLink({ type: 'recovery', email: user.email })
    expect(error).toBeNull()
    expect(data.properties?.redirect_to).toBe('http://127.0.0.1:5173')
    const verified = await client().supabase.auth.verifyOtp({
      email: user.email,
      token: data.properties?.email_otp ?? '',
      type: 'recovery',
    })
    expect(verified.data.user?.id).toBe(user.id)
    const unknown = await admin().generateLink({ type: 'recovery', email: uniqueEmail('gl-ghost') })
    expect(unknown.error?.status).toBe(404)
    expect(unknown.error?.code).toBe('user_not_found')
  })

  it('invite: creates the invited user with its data; the hashed token accepts it', async () => {
    const email = uniqueEmail('gl-invite')
    const { data, error } = await admin().generateLink({
      type: 'invite',
      email,
      options: { data: { locale: 'en' } },
    })
    expect(error).toBeNull()
    expect(data.user?.invited_at).toBeTruthy()
    expect(data.user?.user_metadata.locale).toBe('en')
    const verified = await client().supabase.auth.verifyOtp({
      token_hash: data.properties?.hashed_token ?? '',
      type: 'invite',
    })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.email).toBe(email)
  })

  it('email_change_new: its link moves the user to the new address', async () => {
    const user = await createConfirmedUser('gl-change')
    const newEmail = uniqueEmail('gl-changed')
    const { data, error } = await admin().generateLink({
      type: 'email_change_new',
      email: user.email,
      newEmail,
      options: { redirectTo: APP },
    })
    expect(error).toBeNull()
    expect(data.user?.new_email).toBe(newEmail)
    expect(data.properties?.verification_type).toBe('email_change_new')
    const { location } = await redirectOf(data.properties?.action_link ?? '')
    expect(fragmentOf(location).type).toBe('email_change')
    const changed = await admin().getUserById(user.id)
    expect(changed.data.user?.email).toBe(newEmail)
  })

  // Local only: the local server confirms an email change by the new address alone, as a hosted
  // project with secure email change off; hosted projects have it on by default.
  it.runIf(hasOutbox)(
    'email_change_current answers as a project without secure email change',
    async () => {
      const user = await createConfirmedUser('gl-current')
      const { error } = await admin().generateLink({
        type: 'email_change_current',
        email: user.email,
        newEmail: uniqueEmail('gl-current-new'),
      })
      expect(error?.status).toBe(400)
      expect(error?.code).toBe('validation_failed')
      expect(error?.message).toBe('Enable secure email change to generate link for current email')
    },
  )

  it('an unknown type is validation_failed; callers need the service role', async () => {
    const user = await createConfirmedUser('gl-type')
    const wrong = await admin().generateLink({ type: 'nonsense', email: user.email } as never)
    expect(wrong.error?.status).toBe(400)
    expect(wrong.error?.code).toBe('validation_failed')
    const anon = await client().supabase.auth.admin.generateLink({
      type: 'magiclink',
      email: user.email,
    })
    expect(anon.error?.code).toBe('not_admin')
  })
})
