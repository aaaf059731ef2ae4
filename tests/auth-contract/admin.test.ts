import { describe, expect, it } from 'vitest'
import {
  adminClient,
  client,
  hasOutbox,
  latestMail,
  PASSWORD,
  signedInClient,
  target,
  uniqueEmail,
} from './target'

describe('admin API (service role)', () => {
  it('createUser, getUserById, updateUserById and deleteUser', async () => {
    const admin = adminClient().auth.admin
    const email = uniqueEmail('admin')
    const created = await admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { name: 'Deniz' },
      app_metadata: { plan: 'pro' },
    })
    expect(created.error).toBeNull()
    expect(created.data.user).toMatchObject({
      email,
      user_metadata: { name: 'Deniz' },
      app_metadata: { plan: 'pro', provider: 'email' },
    })
    const id = created.data.user?.id ?? ''
    const fetched = await admin.getUserById(id)
    expect(fetched.data.user?.email).toBe(email)
    const updated = await admin.updateUserById(id, { user_metadata: { name: 'Deniz K.' } })
    expect(updated.data.user?.user_metadata.name).toBe('Deniz K.')
    const duplicate = await admin.createUser({ email, password: PASSWORD })
    expect(duplicate.error?.status).toBe(422)
    expect(duplicate.error?.code).toBe('email_exists')
    expect((await admin.deleteUser(id)).error).toBeNull()
    const gone = await admin.getUserById(id)
    expect(gone.error?.status).toBe(404)
    expect(gone.error?.code).toBe('user_not_found')
  })

  it('listUsers pages with X-Total-Count and Link', async () => {
    const admin = adminClient().auth.admin
    await admin.createUser({ email: uniqueEmail('list-a'), password: PASSWORD })
    await admin.createUser({ email: uniqueEmail('list-b'), password: PASSWORD })
    const first = await admin.listUsers({ page: 1, perPage: 1 })
    expect(first.error).toBeNull()
    if (!('total' in first.data)) throw new Error('listUsers returned no pagination')
    expect(first.data.users).toHaveLength(1)
    expect(first.data.total).toBeGreaterThanOrEqual(2)
    expect(first.data).toMatchObject({ nextPage: 2, aud: 'authenticated' })
    // The client reads only the first digit of each page number, so check the header itself.
    const raw = await fetch(`${target.supabaseUrl}/auth/v1/admin/users?page=1&per_page=1`, {
      headers: { apikey: target.serviceRoleKey, Authorization: `Bearer ${target.serviceRoleKey}` },
    })
    const total = Number(raw.headers.get('x-total-count'))
    // Other files of the suite, running alongside, may add users between the reads.
    expect(total).toBeGreaterThanOrEqual(first.data.total)
    expect(raw.headers.get('link')).toBe(
      `</admin/users?page=2&per_page=1>; rel="next", </admin/users?page=${total}&per_page=1>; rel="last"`,
    )
    const second = await admin.listUsers({ page: 2, perPage: 1 })
    expect(second.data.users).toHaveLength(1)
    // Another page, another user, unless users added or deleted meanwhile moved the pages along
    // (the same total does not show that: one may be added while another is deleted). The first
    // page read again shows whether they moved.
    const again = await admin.listUsers({ page: 1, perPage: 1 })
    if (again.data.users[0]?.id === first.data.users[0]?.id) {
      expect(second.data.users[0]?.id).not.toBe(first.data.users[0]?.id)
    }
  })

  it.runIf(hasOutbox)('inviteUserByEmail mails an invite that signs the user in', async () => {
    const email = uniqueEmail('invite')
    const { data, error } = await adminClient().auth.admin.inviteUserByEmail(email, {
      data: { invitedBy: 'test' },
    })
    expect(error).toBeNull()
    expect(data.user?.invited_at).toBeTruthy()
    const mail = await latestMail(email)
    expect(mail.kind).toBe('invite')
    const verified = await client().supabase.auth.verifyOtp({
      email,
      token: mail.code,
      type: 'invite',
    })
    expect(verified.error).toBeNull()
    expect(verified.data.user?.email_confirmed_at).toBeTruthy()
  })

  it('createUser keeps exactly the user_metadata given', async () => {
    const { data } = await adminClient().auth.admin.createUser({
      email: uniqueEmail('exact-meta'),
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { locale: 'en', name: 'Deniz' },
    })
    expect(data.user?.user_metadata).toEqual({ locale: 'en', name: 'Deniz' })
    const bare = await adminClient().auth.admin.createUser({ email: uniqueEmail('no-meta') })
    expect(bare.data.user?.user_metadata).toEqual({})
  })

  it('listUsers with a page or per_page that is not a number is 400 validation_failed', async () => {
    for (const query of ['page=abc', 'per_page=-1', 'page=1.5']) {
      const response = await fetch(`${target.supabaseUrl}/auth/v1/admin/users?${query}`, {
        headers: {
          apikey: target.serviceRoleKey,
          Authorization: `Bearer ${target.serviceRoleKey}`,
          'X-Supabase-Api-Version': '2024-01-01',
        },
      })
      expect(response.status, query).toBe(400)
      const body = (await response.json()) as { code: string; message: string }
      expect(body.code).toBe('validation_failed')
      expect(body.message).toMatch(/^Bad Pagination Parameters: /)
    }
  })

  it("mfa.listFactors lists a user's factors", async () => {
    const { supabase, user } = await signedInClient('admin-factors')
    const none = await adminClient().auth.admin.mfa.listFactors({ userId: user.id })
    expect(none).toEqual({ data: { factors: [] }, error: null })
    const enrolled = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })
    const { data, error } = await adminClient().auth.admin.mfa.listFactors({ userId: user.id })
    expect(error).toBeNull()
    expect(data?.factors).toEqual([
      expect.objectContaining({
        id: enrolled.data?.id,
        friendly_name: 'Phone',
        factor_type: 'totp',
        status: 'unverified',
      }),
    ])
  })

  it('refuses callers without the service role', async () => {
    const anon = client().supabase.auth.admin
    const listed = await anon.listUsers()
    expect(listed.error?.status).toBe(403)
    expect(listed.error?.code).toBe('not_admin')
    const { supabase, user } = await signedInClient('not-admin')
    const { data } = await supabase.auth.getSession()
    const asUser = client().supabase
    await asUser.auth.setSession({
      access_token: data.session?.access_token ?? '',
      refresh_token: data.session?.refresh_token ?? '',
    })
    const deleted = await asUser.auth.admin.deleteUser(user.id)
    expect(deleted.error?.code).toBe('not_admin')
    const invited = await client().supabase.auth.admin.inviteUserByEmail(uniqueEmail('nope'))
    expect(invited.error?.code).toBe('not_admin')
  })
})
