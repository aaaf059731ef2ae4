import { Secret, TOTP } from 'otpauth'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  addPortfolio,
  as,
  asOwner,
  claimsOf,
  signUp,
  type PortfolioRow,
  type TestUser,
} from './portfolio-users'

const POLICY = { code: '42501', message: expect.stringMatching(/row-level security/) }
const DENIED = { code: '42501', message: expect.stringMatching(/permission denied/) }

const record = (
  user: TestUser,
  portfolioId: string,
  year = 2025,
  amount = '500',
  owner = user.id,
) =>
  as(
    user,
    (sql) => sql`
      insert into public.tax_years (portfolio_id, user_id, year, freistellungsauftrag)
      values (${portfolioId}, ${owner}, ${year}, ${amount})
    `,
  )

const years = (user: TestUser) =>
  as(user, async (sql) => {
    const rows = await sql<{ portfolio_id: string; year: number; amount: string }[]>`
      select portfolio_id, year, freistellungsauftrag::text as amount
      from public.tax_years order by portfolio_id, year
    `
    return rows.map((row) => `${row.portfolio_id}:${row.year}:${row.amount}`)
  })

const stampOf = async (user: TestUser, portfolioId: string) =>
  as(user, async (sql) => {
    const [row] = await sql<{ stamp: string }[]>`
      select stamp from public.analysis_stamps() where portfolio_id = ${portfolioId}
    `
    return row?.stamp
  })

describe('tax years belong to the portfolio’s owner alone', () => {
  let alice: TestUser
  let bob: TestUser
  let alices: PortfolioRow
  let bobs: PortfolioRow

  beforeAll(async () => {
    ;[alice, bob] = await Promise.all([signUp(), signUp()])
    ;[alices, bobs] = await Promise.all([addPortfolio(alice), addPortfolio(bob)])
    await record(alice, alices.id)
    await record(bob, bobs.id)
  })

  it('each owner reads only their own, and records only for their own portfolio', async () => {
    expect(await years(alice)).toEqual([`${alices.id}:2025:500.00`])
    expect(await years(bob)).toEqual([`${bobs.id}:2025:500.00`])
    // In Alice's name, or for her portfolio in Bob's: refused.
    await expect(record(bob, alices.id, 2026, '1', alice.id)).rejects.toMatchObject(POLICY)
    await expect(record(bob, alices.id, 2026)).rejects.toMatchObject({ code: '23503' })
    const changed = await as(
      bob,
      (sql) => sql`
        update public.tax_years set freistellungsauftrag = 0 where portfolio_id = ${alices.id}
        returning year
      `,
    )
    expect(changed).toHaveLength(0)
    const deleted = await as(
      bob,
      (sql) => sql`delete from public.tax_years where portfolio_id = ${alices.id} returning year`,
    )
    expect(deleted).toHaveLength(0)
    expect(await years(alice)).toEqual([`${alices.id}:2025:500.00`])
  })

  it('is not for anon, and its owner and keys cannot be moved', async () => {
    await expect(as(null, (sql) => sql`select * from public.tax_years`)).rejects.toMatchObject(
      DENIED,
    )
    await expect(
      as(
        alice,
        (sql) => sql`update public.tax_years set year = 2024 where portfolio_id = ${alices.id}`,
      ),
    ).rejects.toMatchObject(DENIED)
    await expect(
      as(alice, (sql) => sql`update public.tax_years set user_id = ${bob.id}`),
    ).rejects.toMatchObject(DENIED)
  })

  it('keeps amounts to the cent and years from 2009 to 2100', async () => {
    for (const [year, amount] of [
      [2008, '1'],
      [2101, '1'],
      [2025, '-1'],
    ] as const) {
      await expect(record(alice, alices.id, year, amount)).rejects.toMatchObject({
        code: '23514',
      })
    }
    await record(alice, alices.id, 2009, '800.555')
    expect(await years(alice)).toContain(`${alices.id}:2009:800.56`)
  })

  it('raises the portfolio’s stamp when a year changes, and not when it is written unchanged', async () => {
    const before = await stampOf(alice, alices.id)
    const bobsBefore = await stampOf(bob, bobs.id)
    await record(alice, alices.id, 2024)
    const inserted = await stampOf(alice, alices.id)
    expect(inserted).not.toBe(before)
    const update = (amount: string) =>
      as(
        alice,
        (sql) => sql`
          update public.tax_years set freistellungsauftrag = ${amount}
          where portfolio_id = ${alices.id} and year = 2024
        `,
      )
    await update('500')
    expect(await stampOf(alice, alices.id)).toBe(inserted)
    await update('400')
    const updated = await stampOf(alice, alices.id)
    expect(updated).not.toBe(inserted)
    await as(
      alice,
      (sql) => sql`delete from public.tax_years where portfolio_id = ${alices.id} and year = 2024`,
    )
    expect(await stampOf(alice, alices.id)).not.toBe(updated)
    expect(await stampOf(bob, bobs.id)).toBe(bobsBefore)
  })

  it('go with the portfolio when it is deleted', async () => {
    await as(alice, (sql) => sql`delete from public.portfolios where id = ${alices.id}`)
    expect(await years(alice)).toEqual([])
    expect(await years(bob)).toEqual([`${bobs.id}:2025:500.00`])
    const [left] = await asOwner(
      (sql) => sql<{ count: number }[]>`
        select count(*)::int from public.tax_years where portfolio_id = ${alices.id}
      `,
    )
    expect(left?.count).toBe(0)
  })
})

describe('tax years of a user with a verified second factor are served only at aal2', () => {
  it('neither read nor written at aal1', async () => {
    const user = await signUp()
    const aal1 = user.claims
    const portfolio = await addPortfolio(user)
    await record(user, portfolio.id)
    const { data: factor, error } = await user.supabase.auth.mfa.enroll({ factorType: 'totp' })
    if (error || !factor) throw error ?? new Error('no factor')
    const code = new TOTP({ secret: Secret.fromBase32(factor.totp.secret) }).generate()
    const verified = await user.supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code })
    if (verified.error) throw verified.error
    const aal2 = await claimsOf(user.supabase)

    expect(await years({ ...user, claims: aal1 })).toEqual([])
    await expect(record({ ...user, claims: aal1 }, portfolio.id, 2026)).rejects.toMatchObject(
      POLICY,
    )
    expect(await years({ ...user, claims: aal2 })).toEqual([`${portfolio.id}:2025:500.00`])
  })
})
