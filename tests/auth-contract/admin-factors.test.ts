import { randomUUID } from 'node:crypto'
import { decodeJwt } from 'jose'
import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { adminClient, client, signedInClient, target } from './target'

const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate()
const admin = () => adminClient().auth.admin.mfa

/** A signed-in user with an unverified TOTP factor. */
async function userWithFactor(tag: string) {
  const signedIn = await signedInClient(tag)
  const { data, error } = await signedIn.supabase.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: 'Phone',
  })
  if (error || !data) throw error ?? new Error('no factor')
  return { ...signedIn, factor: data }
}

/** `DELETE /admin/users/{userId}/factors/{factorId}` sent as is (the client checks ids first). */
async function deleteRaw(userId: string, factorId: string, key = target.serviceRoleKey) {
  const response = await fetch(
    `${target.supabaseUrl}/auth/v1/admin/users/${userId}/factors/${factorId}`,
    {
      method: 'DELETE',
      headers: {
        apikey: key,
        Authorization: `Bearer ${key}`,
        'X-Supabase-Api-Version': '2024-01-01',
      },
    },
  )
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('admin mfa.deleteFactor', () => {
  it('deletes a factor and answers with it', async () => {
    const { user, factor } = await userWithFactor('admin-delete-factor')
    const { status, body } = await deleteRaw(user.id, factor.id)
    expect(status).toBe(200)
    expect(body).toEqual(
      expect.objectContaining({
        id: factor.id,
        friendly_name: 'Phone',
        factor_type: 'totp',
        status: 'unverified',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      }),
    )
    const listed = await admin().listFactors({ userId: user.id })
    expect(listed.data?.factors).toEqual([])
    const again = await deleteRaw(user.id, factor.id)
    expect(again).toEqual({
      status: 404,
      body: { code: 'mfa_factor_not_found', message: 'Factor not found' },
    })
  })

  it('works through supabase-js', async () => {
    const { user, factor } = await userWithFactor('admin-delete-client')
    const { error } = await admin().deleteFactor({ userId: user.id, id: factor.id })
    expect(error).toBeNull()
    const listed = await admin().listFactors({ userId: user.id })
    expect(listed.data?.factors).toEqual([])
  })

  it("takes a verified factor's sessions back to aal1", async () => {
    const { supabase, user, factor } = await userWithFactor('admin-delete-verified')
    const verified = await supabase.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: codeFor(factor.totp.secret),
    })
    expect(verified.error).toBeNull()
    const { error } = await admin().deleteFactor({ userId: user.id, id: factor.id })
    expect(error).toBeNull()
    const refreshed = await supabase.auth.refreshSession()
    const claims = decodeJwt(refreshed.data.session?.access_token ?? '')
    expect(claims.aal).toBe('aal1')
    expect((claims.amr as Array<{ method: string }>).map((entry) => entry.method)).toEqual([
      'password',
    ])
  })

  it("answers an unknown user, an unknown factor or another user's factor with 404", async () => {
    const { user, factor } = await userWithFactor('admin-delete-owner')
    const other = await signedInClient('admin-delete-other')
    const unknownUser = await admin().deleteFactor({ userId: randomUUID(), id: factor.id })
    expect(unknownUser.error?.status).toBe(404)
    expect(unknownUser.error?.code).toBe('user_not_found')
    const unknownFactor = await admin().deleteFactor({ userId: user.id, id: randomUUID() })
    expect(unknownFactor.error?.status).toBe(404)
    expect(unknownFactor.error?.code).toBe('mfa_factor_not_found')
    expect(unknownFactor.error?.message).toBe('Factor not found')
    const notTheirs = await admin().deleteFactor({ userId: other.user.id, id: factor.id })
    expect(notTheirs.error?.status).toBe(404)
    expect(notTheirs.error?.code).toBe('mfa_factor_not_found')
    const listed = await admin().listFactors({ userId: user.id })
    expect(listed.data?.factors.map((kept) => kept.id)).toEqual([factor.id])
  })

  it('answers malformed ids with 404 validation_failed', async () => {
    const { user, factor } = await userWithFactor('admin-delete-malformed')
    expect(await deleteRaw('not-a-uuid', factor.id)).toEqual({
      status: 404,
      body: { code: 'validation_failed', message: 'user_id must be an UUID' },
    })
    expect(await deleteRaw(user.id, 'not-a-uuid')).toEqual({
      status: 404,
      body: { code: 'validation_failed', message: 'factor_id must be an UUID' },
    })
  })

  it('refuses callers without the service role', async () => {
    const { user, factor } = await userWithFactor('admin-delete-anon')
    const anon = await client().supabase.auth.admin.mfa.deleteFactor({
      userId: user.id,
      id: factor.id,
    })
    expect(anon.error?.status).toBe(403)
    expect(anon.error?.code).toBe('not_admin')
    const listed = await admin().listFactors({ userId: user.id })
    expect(listed.data?.factors.map((kept) => kept.id)).toEqual([factor.id])
  })
})
