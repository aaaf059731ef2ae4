import { describe, expect, it } from 'vitest'
import { client, createConfirmedUser, latestMail, PASSWORD, target } from './target'

// "Secure password change": only the local server can be told to treat every session as old.
describe.runIf(target.reauthUrl)('a password change that needs reauthentication', () => {
  it('asks for the emailed code, then accepts it as the nonce, once', async () => {
    const { email } = await createConfirmedUser('reauth')
    const { supabase } = client({ url: target.reauthUrl })
    await supabase.auth.signInWithPassword({ email, password: PASSWORD })

    const refused = await supabase.auth.updateUser({ password: 'a-new-password-1' })
    expect(refused.error?.code).toBe('reauthentication_needed')

    expect((await supabase.auth.reauthenticate()).error).toBeNull()
    const mail = await latestMail(email)
    expect(mail.kind).toBe('reauthentication')
    const changed = await supabase.auth.updateUser({
      password: 'a-new-password-1',
      nonce: mail.code,
    })
    expect(changed.error).toBeNull()
    const replayed = await supabase.auth.updateUser({
      password: 'another-password-2',
      nonce: mail.code,
    })
    expect(replayed.error?.code).toBe('reauthentication_not_valid')

    await supabase.auth.signOut()
    const signIn = await supabase.auth.signInWithPassword({ email, password: 'a-new-password-1' })
    expect(signIn.error).toBeNull()
  })

  it('lets other changes through without a code', async () => {
    const { email } = await createConfirmedUser('reauth-data')
    const { supabase } = client({ url: target.reauthUrl })
    await supabase.auth.signInWithPassword({ email, password: PASSWORD })
    const { error } = await supabase.auth.updateUser({ data: { display_name: 'X' } })
    expect(error).toBeNull()
  })
})
