import { beforeAll, describe, expect, it } from 'vitest'
import {
  addPortfolio,
  as,
  asOwner,
  signUp,
  type PortfolioRow,
  type TestUser,
} from './portfolio-users'

const POLICY = { code: '42501', message: expect.stringMatching(/row-level security/) }
const DENIED = { code: '42501', message: expect.stringMatching(/permission denied/) }

const store = (user: TestUser, portfolioId: string, owner = user.id, params = '2026-01-01') =>
  as(
    user,
    (sql) => sql`
      insert into public.stored_analyses (portfolio_id, user_id, kind, params, stamp, body)
      values (${portfolioId}, ${owner}, 'report', ${params}, '1.1.1/x',
        ${sql.json({ totals: { value: '1' } })})
    `,
  )

const storedPortfolios = (user: TestUser) =>
  as(user, async (sql) => {
    const rows = await sql<{ portfolio_id: string }[]>`
      select portfolio_id from public.stored_analyses order by portfolio_id
    `
    return rows.map((row) => row.portfolio_id)
  })

const stamps = (user: TestUser) =>
  as(user, async (sql) => {
    const rows = await sql<{ portfolio_id: string; stamp: string }[]>`
      select portfolio_id, stamp from public.analysis_stamps()
    `
    return new Map(rows.map((row) => [row.portfolio_id, row.stamp]))
  })

describe('stored analyses belong to the portfolio’s owner alone', () => {
  let alice: TestUser
  let bob: TestUser
  let alices: PortfolioRow
  let bobs: PortfolioRow

  beforeAll(async () => {
    ;[alice, bob] = await Promise.all([signUp(), signUp()])
    ;[alices, bobs] = await Promise.all([addPortfolio(alice), addPortfolio(bob)])
    await store(alice, alices.id)
    await store(bob, bobs.id)
  })

  it('each owner reads only their own, and stores only for their own portfolio', async () => {
    expect(await storedPortfolios(alice)).toEqual([alices.id])
    expect(await storedPortfolios(bob)).toEqual([bobs.id])
    // In Alice's name, or for her portfolio in Bob's: refused.
    await expect(store(bob, alices.id, alice.id, '2026-01-02')).rejects.toMatchObject(POLICY)
    await expect(store(bob, alices.id, bob.id, '2026-01-02')).rejects.toMatchObject({
      code: '23503',
    })
    const changed = await as(
      bob,
      (sql) => sql`update public.stored_analyses set stamp = 'x' where portfolio_id = ${alices.id}
        returning portfolio_id`,
    )
    expect(changed).toHaveLength(0)
  })

  it('versions are not readable, nor raised by a user; stamps cover the caller’s portfolios', async () => {
    await expect(
      as(alice, (sql) => sql`select * from public.analysis_versions`),
    ).rejects.toMatchObject(DENIED)
    await expect(
      as(alice, (sql) => sql`select public.raise_analysis_versions(true, '{}', '{}')`),
    ).rejects.toMatchObject(DENIED)
    expect([...(await stamps(alice)).keys()]).toEqual([alices.id])
    await expect(
      as(null, (sql) => sql`select * from public.analysis_stamps()`),
    ).rejects.toMatchObject(DENIED)
  })

  it('a write raises the stamp of what it changed, and of nothing else', async () => {
    const before = { alice: await stamps(alice), bob: await stamps(bob) }
    await as(
      alice,
      (sql) =>
        sql`update public.portfolios set cost_basis_method = 'AVERAGE' where id = ${alices.id}`,
    )
    const after = { alice: await stamps(alice), bob: await stamps(bob) }
    expect(after.alice.get(alices.id)).not.toBe(before.alice.get(alices.id))
    expect(after.bob.get(bobs.id)).toBe(before.bob.get(bobs.id))
    // Shared market data (a reference rate) raises everyone's.
    await asOwner(
      (sql) => sql`
        insert into public.fx_rates (source, base, quote, rate_date, rate)
        values ('ECB', 'EUR', 'ISK', '1999-01-05', 1) on conflict do nothing
      `,
    )
    expect((await stamps(bob)).get(bobs.id)).not.toBe(after.bob.get(bobs.id))
  })

  it('go with the portfolio when it is deleted', async () => {
    await as(alice, (sql) => sql`delete from public.portfolios where id = ${alices.id}`)
    expect(await storedPortfolios(alice)).toEqual([])
    expect(await storedPortfolios(bob)).toEqual([bobs.id])
  })
})
