import { Secret, TOTP } from 'otpauth'
import type postgres from 'postgres'
import { beforeAll, describe, expect, it } from 'vitest'
import { as, claimsOf, signUp, type TestUser } from './portfolio-users'

const POLICY = { code: '42501', message: expect.stringMatching(/row-level security/) }

const save = (user: { claims: TestUser['claims'] }, name: string) =>
  as(user, async (sql) => {
    const [row] = await sql<{ id: string }[]>`
      insert into public.import_mappings (name, mapping, options)
      values (${name}, ${sql.json({ date: 'Datum' })}, ${sql.json({ separator: ';' })})
      returning id
    `
    return String(row?.id)
  })

const names = (user: { claims: TestUser['claims'] }) =>
  as(user, async (sql) => {
    const rows = await sql<{ name: string }[]>`
      select name from public.import_mappings order by name
    `
    return rows.map((row) => row.name)
  })

describe('saved import mappings belong to their owner alone', () => {
  let alice: TestUser
  let bob: TestUser
  let aliceMapping: string

  beforeAll(async () => {
    ;[alice, bob] = await Promise.all([signUp(), signUp()])
    aliceMapping = await save(alice, 'Broker A')
    await save(bob, 'Broker B')
  })

  it('each owner reads only their own', async () => {
    expect(await names(alice)).toEqual(['Broker A'])
    expect(await names(bob)).toEqual(['Broker B'])
  })

  it('another user can neither change nor delete them, nor add one in their name', async () => {
    const changed = await as(
      bob,
      (sql) => sql`
        update public.import_mappings set options = '{}'::jsonb where id = ${aliceMapping}
        returning id
      `,
    )
    expect(changed).toHaveLength(0)
    const deleted = await as(
      bob,
      (sql) => sql`delete from public.import_mappings where id = ${aliceMapping} returning id`,
    )
    expect(deleted).toHaveLength(0)
    await expect(
      as(
        bob,
        (sql) => sql`
          insert into public.import_mappings (user_id, name, mapping, options)
          values (${alice.id}, 'Planted', '{}', '{}')
        `,
      ),
    ).rejects.toMatchObject(POLICY)
    expect(await names(alice)).toEqual(['Broker A'])
  })

  it('anon has no access at all', async () => {
    await expect(
      as(null, (sql) => sql`select id from public.import_mappings`),
    ).rejects.toMatchObject({ code: '42501' })
  })

  it('a name is used once per user, and a user keeps at most 50', async () => {
    await expect(save(alice, 'Broker A')).rejects.toMatchObject({ code: '23505' })
    await as(
      alice,
      (sql) => sql`
        insert into public.import_mappings (name, mapping, options)
        select 'Layout ' || n, '{}', '{}' from generate_series(1, 49) as n
      `,
    )
    await expect(save(alice, 'One too many')).rejects.toMatchObject({
      code: 'P0001',
      message: 'import_mapping_limit',
    })
    expect(await names(alice)).toHaveLength(50)
  })

  it('the owner cannot move a mapping to another user', async () => {
    await expect(
      as(
        alice,
        (sql) =>
          sql`update public.import_mappings set user_id = ${bob.id} where id = ${aliceMapping}`,
      ),
    ).rejects.toMatchObject({ code: '42501' })
  })

  it('once a second factor is verified, only an aal2 session reads or writes them', async () => {
    const carol = await signUp()
    await save(carol, 'Before MFA')
    const { data: factor, error } = await carol.supabase.auth.mfa.enroll({ factorType: 'totp' })
    if (error || !factor) throw error ?? new Error('no factor')
    const code = new TOTP({ secret: Secret.fromBase32(factor.totp.secret) }).generate()
    const verified = await carol.supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code })
    if (verified.error) throw verified.error
    const aal2 = { claims: await claimsOf(carol.supabase) }
    expect(aal2.claims.aal).toBe('aal2')
    expect(await names(aal2)).toEqual(['Before MFA'])
    expect(await names(carol)).toEqual([])
    await expect(save(carol, 'At aal1')).rejects.toMatchObject(POLICY)
    const write: (sql: postgres.TransactionSql) => Promise<unknown> = (sql) =>
      sql`delete from public.import_mappings returning id`
    expect(await as(carol, write)).toHaveLength(0)
    expect(await names(aal2)).toEqual(['Before MFA'])
  })
})
