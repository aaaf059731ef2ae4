import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { Secret, TOTP } from 'otpauth'
import { beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { withUserTransaction, type UserClaims } from '../../worker/db/run-as-user'

const backend = inject('rlsBackend')
const env = { HYPERDRIVE: { connectionString: backend.databaseUrl } }

async function signedUp(): Promise<SupabaseClient> {
  const supabase = createClient(backend.supabaseUrl, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const { error } = await supabase.auth.signUp({
    email: `mfa-${randomUUID().slice(0, 8)}@example.com`,
    password: 'row-level-security',
  })
  if (error) throw error
  return supabase
}

async function claimsOf(supabase: SupabaseClient): Promise<UserClaims> {
  const { data } = await supabase.auth.getSession()
  const verified = await supabase.auth.getClaims(data.session?.access_token)
  if (!verified.data) throw verified.error ?? new Error('no claims')
  return verified.data.claims as UserClaims
}

const countNotes = (claims: UserClaims) =>
  withUserTransaction(env, claims, async (sql) => {
    const [row] = await sql<
      { count: number }[]
    >`select count(*)::int from public.rls_test_notes where not is_public`
    return row?.count ?? 0
  })

const addNote = (claims: UserClaims) =>
  withUserTransaction(
    env,
    claims,
    (sql) => sql`insert into public.rls_test_notes (body) values ('x')`,
  )

describe('data of a user with a verified second factor is served only at aal2', () => {
  let aal1: UserClaims
  let aal2: UserClaims

  beforeAll(async () => {
    const supabase = await signedUp()
    const before = await claimsOf(supabase)
    await addNote(before)
    const { data: factor, error } = await supabase.auth.mfa.enroll({ factorType: 'totp' })
    if (error || !factor) throw error ?? new Error('no factor')
    const code = new TOTP({ secret: Secret.fromBase32(factor.totp.secret) }).generate()
    const verified = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code })
    if (verified.error) throw verified.error
    aal2 = await claimsOf(supabase)
    aal1 = before
  })

  it('a session at aal2 reads and writes its rows', async () => {
    expect(aal2.aal).toBe('aal2')
    expect(await countNotes(aal2)).toBe(1)
    await addNote(aal2)
    expect(await countNotes(aal2)).toBe(2)
  })

  it('a session at aal1 (the password alone) reads nothing and writes nothing', async () => {
    expect(aal1.aal).toBe('aal1')
    expect(await countNotes(aal1)).toBe(0)
    await expect(addNote(aal1)).rejects.toThrow(/row-level security/)
  })

  it('a user without a verified factor needs no second step', async () => {
    const plain = await claimsOf(await signedUp())
    await addNote(plain)
    expect(await countNotes(plain)).toBe(1)
  })
})
