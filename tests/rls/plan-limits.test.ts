import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { PLANS, planById } from '../../shared/pricing/plans'
import { addPortfolio, as, asOwner, signUp, type TestUser } from './portfolio-users'

const PORTFOLIO_LIMIT = { code: 'P0001', message: 'plan_limit_portfolios' }
const TRANSACTION_LIMIT = { code: 'P0001', message: 'plan_limit_transactions' }
const FREE = planById('free').limits
const PRO = planById('pro').limits

/** Adds `count` deposits to a portfolio in one statement. */
const deposit = (user: TestUser, portfolioId: string, count: number) =>
  as(
    user,
    (sql) => sql`
      insert into public.transactions (portfolio_id, type, trade_date, currency, amount)
      select ${portfolioId}, 'DEPOSIT', date '2024-01-01' + day, 'EUR', 10
      from generate_series(1, ${count}::int) as day
    `,
  )

const countTransactions = (user: TestUser, portfolioId: string) =>
  as(user, async (sql) => {
    const [row] = await sql<{ count: number }[]>`
      select count(*)::int from public.transactions where portfolio_id = ${portfolioId}
    `
    return row?.count
  })

const setPlan = (user: TestUser, plan: string) =>
  asOwner(
    (sql) => sql`
      insert into public.user_plans (user_id, plan) values (${user.id}, ${plan})
      on conflict (user_id) do update set plan = excluded.plan
    `,
  )

describe('plan limits from shared/pricing/plans.ts', () => {
  it('public.plan_limits answers each plan’s limits, and nothing for an unknown plan', async () => {
    for (const plan of PLANS) {
      const rows = await as(null, (sql) => sql`select * from public.plan_limits(${plan.id})`)
      expect(rows).toEqual([
        {
          portfolios: plan.limits.portfolios,
          transactions_per_portfolio: plan.limits.transactionsPerPortfolio,
        },
      ])
    }
    expect(await as(null, (sql) => sql`select * from public.plan_limits('gold')`)).toEqual([])
  })

  it('public.current_plan is free without a plan row, else the row’s plan', async () => {
    const user = await signUp()
    const current = () =>
      as(
        user,
        async (sql) => (await sql<{ plan: string }[]>`select public.current_plan() as plan`)[0],
      )
    expect(await current()).toEqual({ plan: 'free' })
    await setPlan(user, 'pro')
    expect(await current()).toEqual({ plan: 'pro' })
  })

  it('only plans of the plans module can be stored', async () => {
    const user = await signUp()
    await expect(setPlan(user, 'gold')).rejects.toMatchObject({
      code: '23514',
      constraint_name: 'user_plans_plan_check',
    })
  })

  it(`free: ${FREE.portfolios} portfolios, ${FREE.transactionsPerPortfolio} transactions in each`, async () => {
    const user = await signUp()
    const { id } = await addPortfolio(user)
    for (let more = 1; more < (FREE.portfolios ?? 0); more++) {
      await addPortfolio(user, { name: `Portfolio ${more + 1}` })
    }
    await expect(addPortfolio(user, { name: 'One too many' })).rejects.toMatchObject(
      PORTFOLIO_LIMIT,
    )

    await deposit(user, id, FREE.transactionsPerPortfolio)
    await expect(deposit(user, id, 1)).rejects.toMatchObject(TRANSACTION_LIMIT)
    expect(await countTransactions(user, id)).toBe(FREE.transactionsPerPortfolio)
  })

  it('an insert that would cross the limit writes none of its rows', async () => {
    const user = await signUp()
    await expect(
      as(
        user,
        (sql) => sql`
          insert into public.portfolios (name, base_currency, cost_basis_method, records_cash)
          select 'Portfolio ' || n, 'EUR', 'FIFO', true
          from generate_series(1, ${(FREE.portfolios ?? 0) + 1}::int) as n
        `,
      ),
    ).rejects.toMatchObject(PORTFOLIO_LIMIT)
    const { id } = await addPortfolio(user)
    await expect(deposit(user, id, FREE.transactionsPerPortfolio + 1)).rejects.toMatchObject(
      TRANSACTION_LIMIT,
    )
    expect(await countTransactions(user, id)).toBe(0)
  })

  it(`pro: ${PRO.portfolios} portfolios, more transactions each`, async () => {
    const user = await signUp()
    await setPlan(user, 'pro')
    const { id } = await addPortfolio(user)
    await as(
      user,
      (sql) => sql`
        insert into public.portfolios (name, base_currency, cost_basis_method, records_cash)
        select 'Portfolio ' || n, 'EUR', 'AVERAGE', true
        from generate_series(2, ${Number(PRO.portfolios)}::int) as n
      `,
    )
    await expect(addPortfolio(user, { name: 'One too many' })).rejects.toMatchObject(
      PORTFOLIO_LIMIT,
    )
    await deposit(user, id, FREE.transactionsPerPortfolio + 1)
    expect(await countTransactions(user, id)).toBe(FREE.transactionsPerPortfolio + 1)
  })

  it('two concurrent inserts cannot both slip under the limit', async () => {
    const user = await signUp()
    // All but the plan's last portfolio; then two race for it.
    for (let made = 1; made < (FREE.portfolios ?? 0); made++) {
      await addPortfolio(user, { name: `Portfolio ${made}` })
    }
    // The first holds its transaction open after inserting; the second starts meanwhile.
    const slow = as(user, async (sql) => {
      await sql`
        insert into public.portfolios (name, base_currency, cost_basis_method, records_cash)
        values ('Slow', 'EUR', 'FIFO', true)
      `
      await sql`select pg_sleep(0.4)`
    })
    await sleep(150)
    const fast = addPortfolio(user, { name: 'Fast' })
    const results = await Promise.allSettled([slow, fast])
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected'])
    expect(results[1]).toMatchObject({ reason: PORTFOLIO_LIMIT })

    const [portfolio] = await as(
      user,
      (sql) => sql<{ id: string }[]>`select id from public.portfolios`,
    )
    const id = String(portfolio?.id)
    const half = FREE.transactionsPerPortfolio / 2 + 1
    const slowDeposits = as(user, async (sql) => {
      await sql`
        insert into public.transactions (portfolio_id, type, trade_date, currency, amount)
        select ${id}, 'DEPOSIT', date '2024-01-01' + day, 'EUR', 10
        from generate_series(1, ${half}::int) as day
      `
      await sql`select pg_sleep(0.4)`
    })
    await sleep(150)
    const fastDeposits = deposit(user, id, half)
    const deposits = await Promise.allSettled([slowDeposits, fastDeposits])
    expect(deposits.map((result) => result.status)).toEqual(['fulfilled', 'rejected'])
    expect(deposits[1]).toMatchObject({ reason: TRANSACTION_LIMIT })
    expect(await countTransactions(user, id)).toBe(half)
  })
})
