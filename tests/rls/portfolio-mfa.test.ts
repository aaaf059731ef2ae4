import { Secret, TOTP } from 'otpauth'
import type postgres from 'postgres'
import { beforeAll, describe, expect, it } from 'vitest'
import type { UserClaims } from '../../worker/db/run-as-user'
import {
  addInstrument,
  addPortfolio,
  as,
  asOwner,
  catalogInstrument,
  claimsOf,
  signUp,
  type TestUser,
} from './portfolio-users'

type Counts = Record<'portfolios' | 'transactions' | 'instruments' | 'prices' | 'plans', number>

/** How many of their own rows, per table, a session reads. */
const ownRows = (claims: UserClaims) =>
  as({ claims }, async (sql) => {
    const [row] = await sql<Counts[]>`
      select
        (select count(*)::int from public.portfolios) as portfolios,
        (select count(*)::int from public.transactions) as transactions,
        (select count(*)::int from public.instruments where owner_id is not null) as instruments,
        (select count(*)::int from public.prices where owner_id is not null) as prices,
        (select count(*)::int from public.user_plans) as plans
    `
    return row
  })

const catalogSize = (claims: UserClaims) =>
  as({ claims }, async (sql) => {
    const [row] = await sql<
      { count: number }[]
    >`select count(*)::int from public.instruments where owner_id is null`
    return row?.count
  })

describe('portfolio data of a user with a verified second factor is served only at aal2', () => {
  let user: TestUser
  let aal1: UserClaims
  let aal2: UserClaims
  let portfolioId: string
  let fund: string

  beforeAll(async () => {
    user = await signUp()
    aal1 = user.claims
    portfolioId = (await addPortfolio(user)).id
    fund = await addInstrument(user, 'MFAFUND')
    await as(user, async (sql) => {
      await sql`
        insert into public.transactions
          (portfolio_id, instrument_id, type, trade_date, currency, quantity, unit_price)
        values (${portfolioId}, ${fund}, 'BUY', '2025-01-02', 'EUR', 1, 10)
      `
      await sql`insert into public.prices (instrument_id, price_date, close) values (${fund}, '2025-01-02', 10)`
    })
    await asOwner(
      (sql) => sql`insert into public.user_plans (user_id, plan) values (${user.id}, 'pro')`,
    )
    const { data: factor, error } = await user.supabase.auth.mfa.enroll({ factorType: 'totp' })
    if (error || !factor) throw error ?? new Error('no factor')
    const code = new TOTP({ secret: Secret.fromBase32(factor.totp.secret) }).generate()
    const verified = await user.supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code })
    if (verified.error) throw verified.error
    aal2 = await claimsOf(user.supabase)
  })

  it('at aal2 every table serves their rows', async () => {
    expect(aal2.aal).toBe('aal2')
    expect(await ownRows(aal2)).toEqual({
      portfolios: 1,
      transactions: 1,
      instruments: 1,
      prices: 1,
      plans: 1,
    })
    await as(
      { claims: aal2 },
      (sql) => sql`update public.portfolios set name = 'Safe' where id = ${portfolioId}`,
    )
  })

  it('at aal1 (the password alone) no table serves or takes their rows; the catalog stays', async () => {
    expect(aal1.aal).toBe('aal1')
    expect(await ownRows(aal1)).toEqual({
      portfolios: 0,
      transactions: 0,
      instruments: 0,
      prices: 0,
      plans: 0,
    })
    // The shared catalog stays readable at aal1 (other files add to it while this one runs, so
    // the two readings are not compared with each other).
    expect(await catalogSize(aal1)).toBeGreaterThan(50)
    expect(await catalogSize(aal2)).toBeGreaterThan(50)
    const thyao = await catalogInstrument('THYAO')
    const writes: ((sql: postgres.TransactionSql) => Promise<unknown>)[] = [
      (sql) =>
        sql`insert into public.instruments (code, name, type, currency) values ('X', 'X', 'STOCK', 'EUR')`,
      (sql) =>
        sql`insert into public.prices (instrument_id, price_date, close) values (${thyao}, '2025-01-02', 1)`,
      (sql) => sql`
        insert into public.transactions (portfolio_id, type, trade_date, currency, amount)
        values (${portfolioId}, 'DEPOSIT', '2025-01-02', 'EUR', 1)
      `,
    ]
    for (const write of writes) {
      await expect(as({ claims: aal1 }, write)).rejects.toMatchObject({
        code: '42501',
        message: expect.stringMatching(/row-level security/),
      })
    }
    // A second portfolio is refused too; with a pro plan only the aal2 policy can refuse it.
    await expect(addPortfolio({ ...user, claims: aal1 })).rejects.toMatchObject({ code: '42501' })
    const changed = await as(
      { claims: aal1 },
      (sql) =>
        sql`update public.portfolios set name = 'Stolen' where id = ${portfolioId} returning id`,
    )
    expect(changed).toHaveLength(0)
  })
})
