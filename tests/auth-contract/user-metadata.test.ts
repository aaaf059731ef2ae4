import { describe, expect, it } from 'vitest'
import { adminClient, client, PASSWORD, uniqueEmail } from './target'

// What a new user's `user_metadata` holds: `/signup` adds the email identity's claims to the
// `data` given (GoTrue copies the identity's data onto an unconfirmed user); users the admin API
// makes, `generate_link` ones included, keep exactly the `data` given.

const admin = () => adminClient().auth.admin

describe('user_metadata of a new user', () => {
  it('generate_link signup keeps exactly the data given', async () => {
    const email = uniqueEmail('gl-metadata')
    const data = { locale: 'de', display_name: 'Deniz' }
    const generated = await admin().generateLink({
      type: 'signup',
      email,
      password: PASSWORD,
      options: { data },
    })
    expect(generated.error).toBeNull()
    expect(generated.data.user?.user_metadata).toEqual(data)
    const stored = await admin().getUserById(generated.data.user?.id ?? '')
    expect(stored.data.user?.user_metadata).toEqual(data)
  })

  it('generate_link signup without data, or a magic link for a new address, gives {}', async () => {
    const signup = await admin().generateLink({
      type: 'signup',
      email: uniqueEmail('gl-no-data'),
      password: PASSWORD,
    })
    expect(signup.error).toBeNull()
    expect(signup.data.user?.user_metadata).toEqual({})
    const magic = await admin().generateLink({
      type: 'magiclink',
      email: uniqueEmail('gl-magic-metadata'),
    })
    expect(magic.error).toBeNull()
    expect(magic.data.user?.user_metadata).toEqual({})
  })

  it('generate_link invite keeps exactly the data given', async () => {
    const data = { locale: 'en' }
    const invited = await admin().generateLink({
      type: 'invite',
      email: uniqueEmail('gl-invite-metadata'),
      options: { data },
    })
    expect(invited.error).toBeNull()
    expect(invited.data.user?.user_metadata).toEqual(data)
  })

  it('signUp adds the email identity’s claims to the data', async () => {
    const email = uniqueEmail('signup-metadata')
    const { data, error } = await client().supabase.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { locale: 'de' } },
    })
    expect(error).toBeNull()
    expect(data.user?.user_metadata).toEqual({
      sub: data.user?.id,
      email,
      email_verified: false,
      phone_verified: false,
      locale: 'de',
    })
  })
})
