import { describe, expect, it } from 'vitest'
import {
  adminClient,
  client,
  hasOutbox,
  latestMail,
  PASSWORD,
  target,
  uniqueEmail,
  type Mail,
} from './target'

// The local auth server's site URL (AUTH_SITE_URL's default), where email links land.
const SITE = 'http://127.0.0.1:5173'
const NEXT = `${SITE}/en/portfolio?tab=holdings`

/** The `/auth/confirm` link of a mail, as the app's worker route reads it. */
function confirmLink(mail: Mail) {
  const url = new URL(mail.link ?? '')
  expect(url.origin + url.pathname).toBe(`${SITE}/auth/confirm`)
  return {
    tokenHash: url.searchParams.get('token_hash') ?? '',
    type: url.searchParams.get('type'),
    next: url.searchParams.get('next'),
  }
}

const langOf = (mail: Mail) => /<html lang="(\w+)">/.exec(mail.html)?.[1]

async function confirmedUser(tag: string, userMetadata: Record<string, unknown>) {
  const email = uniqueEmail(tag)
  const { data, error } = await adminClient().auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: userMetadata,
  })
  if (error || !data.user) throw error ?? new Error('no user')
  return { email, id: data.user.id }
}

describe.runIf(hasOutbox)('auth emails in the user language, linking to /auth/confirm', () => {
  it('confirmation (English): the token hash of its link confirms the sign-up', async () => {
    const email = uniqueEmail('mail-signup')
    await client().supabase.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { locale: 'en' }, emailRedirectTo: NEXT },
    })
    const mail = await latestMail(email)
    expect(mail.subject).toBe('Confirm your email address for Kıymet')
    expect(langOf(mail)).toBe('en')
    expect(mail.html).toContain(`Please confirm ${email} to finish creating your account.`)
    const link = confirmLink(mail)
    expect(link).toMatchObject({ type: 'signup', next: NEXT })
    const { data, error } = await client().supabase.auth.verifyOtp({
      token_hash: link.tokenHash,
      type: 'signup',
    })
    expect(error).toBeNull()
    expect(data.user?.email_confirmed_at).toBeTruthy()
  })

  it('magic link (German): shows the code too; the token hash signs in', async () => {
    const user = await confirmedUser('mail-magic', { locale: 'de' })
    await client().supabase.auth.signInWithOtp({
      email: user.email,
      options: { emailRedirectTo: NEXT },
    })
    const mail = await latestMail(user.email)
    expect(mail.subject).toBe('Ihr Anmeldelink für Kıymet')
    expect(langOf(mail)).toBe('de')
    expect(mail.html).toContain(`>${mail.code}</p>`)
    const link = confirmLink(mail)
    expect(link).toMatchObject({ type: 'magiclink', next: NEXT })
    const { data, error } = await client().supabase.auth.verifyOtp({
      token_hash: link.tokenHash,
      type: 'magiclink',
    })
    expect(error).toBeNull()
    expect(data.session?.user.id).toBe(user.id)
  })

  it('recovery (Turkish when no locale is set, PKCE): the token hash verifies', async () => {
    const user = await confirmedUser('mail-recovery', {})
    await client({ flowType: 'pkce' }).supabase.auth.resetPasswordForEmail(user.email, {
      redirectTo: NEXT,
    })
    const mail = await latestMail(user.email)
    expect(mail.subject).toBe('Kıymet şifrenizi sıfırlayın')
    expect(langOf(mail)).toBe('tr')
    const link = confirmLink(mail)
    expect(link).toMatchObject({ type: 'recovery', next: NEXT })
    expect(link.tokenHash).toMatch(/^pkce_/)
    const { data, error } = await client().supabase.auth.verifyOtp({
      token_hash: link.tokenHash,
      type: 'recovery',
    })
    expect(error).toBeNull()
    expect(data.session?.user.id).toBe(user.id)
  })

  it('a locale other than tr, en or de gets Turkish', async () => {
    const user = await confirmedUser('mail-fr', { locale: 'fr' })
    await client().supabase.auth.resetPasswordForEmail(user.email)
    const mail = await latestMail(user.email)
    expect(langOf(mail)).toBe('tr')
    expect(confirmLink(mail).next).toBe(SITE)
  })

  it('invite (English): the token hash accepts the invitation', async () => {
    const email = uniqueEmail('mail-invite')
    await adminClient().auth.admin.inviteUserByEmail(email, {
      data: { locale: 'en' },
      redirectTo: NEXT,
    })
    const mail = await latestMail(email)
    expect(mail.subject).toBe('You have been invited to Kıymet')
    expect(langOf(mail)).toBe('en')
    const link = confirmLink(mail)
    expect(link).toMatchObject({ type: 'invite', next: NEXT })
    const { data, error } = await client().supabase.auth.verifyOtp({
      token_hash: link.tokenHash,
      type: 'invite',
    })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
  })

  it('email change (German): sent to the new address, its token hash moves the user', async () => {
    const user = await confirmedUser('mail-change', { locale: 'de' })
    const { supabase } = client()
    await supabase.auth.signInWithPassword({ email: user.email, password: PASSWORD })
    const newEmail = uniqueEmail('mail-changed')
    await supabase.auth.updateUser({ email: newEmail }, { emailRedirectTo: NEXT })
    const mail = await latestMail(newEmail)
    expect(mail.subject).toBe('Bestätigen Sie Ihre neue E-Mail-Adresse für Kıymet')
    expect(mail.html).toContain(`von ${user.email} zu ${newEmail}`)
    const link = confirmLink(mail)
    expect(link).toMatchObject({ type: 'email_change', next: NEXT })
    const { data, error } = await client().supabase.auth.verifyOtp({
      token_hash: link.tokenHash,
      type: 'email_change',
    })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(newEmail)
  })

  it('reauthentication (English): the code only, which confirms a password change', async () => {
    const user = await confirmedUser('mail-reauth', { locale: 'en' })
    const { supabase } = client()
    await supabase.auth.signInWithPassword({ email: user.email, password: PASSWORD })
    await supabase.auth.reauthenticate()
    const mail = await latestMail(user.email)
    expect(mail.subject).toBe(`${mail.code} is your Kıymet verification code`)
    expect(mail.link).toBeUndefined()
    expect(mail.html).toContain(`>${mail.code}</p>`)
    const { error } = await supabase.auth.updateUser({
      password: 'a-new-password-1',
      nonce: mail.code,
    })
    expect(error).toBeNull()
  })

  it('the outbox page shows the rendered mail', async () => {
    const user = await confirmedUser('mail-page', { locale: 'en' })
    await client().supabase.auth.resetPasswordForEmail(user.email)
    const page = await (
      await fetch(`${target.outboxUrl}/?to=${encodeURIComponent(user.email)}`)
    ).text()
    expect(page).toContain('<h2>Reset your Kıymet password</h2>')
    expect(page).toContain('srcdoc="&lt;base target=&quot;_blank&quot;&gt;&lt;!doctype html&gt;')
  })
})
