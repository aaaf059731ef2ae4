import type postgres from 'postgres'
import { describe, expect, it } from 'vitest'
import { as, asOwner, signUp, type TestUser } from './portfolio-users'

// Pro's records (docs/payments.md): Paddle's webhooks write them through the owner connection;
// a user reads their own subscriptions, invoices and refunds and writes none of them.

type Sql = postgres.TransactionSql

const NOT_ALLOWED = { code: '42501' }
let counter = 0
const id = (prefix: string) => `${prefix}_${String(++counter).padStart(26, '0')}`

async function subscribe(user: TestUser): Promise<{ subscription: string; invoice: string }> {
  const subscription = id('sub')
  const invoice = id('txn')
  await asOwner(async (sql) => {
    await sql`
      insert into public.billing_subscriptions (id, user_id, customer_id, status, period, currency,
        current_period_end, event_at, snapshot_at)
      values (${subscription}, ${user.id}, ${id('ctm')}, 'active', 'monthly', 'EUR',
        now() + interval '30 days', now(), now())
    `
    await sql`
      insert into public.billing_invoices (id, user_id, subscription_id, billed_at, total, currency,
        event_at)
      values (${invoice}, ${user.id}, ${subscription}, now(), 4.99, 'EUR', now())
    `
    await sql`
      insert into public.billing_refunds (id, transaction_id, action, kind, status, total, currency,
        event_at)
      values (${id('adj')}, ${invoice}, 'refund', 'partial', 'pending_approval', 1, 'EUR', now())
    `
  })
  return { subscription, invoice }
}

const setPlan = (user: TestUser, validUntil: string | null) =>
  asOwner(
    (sql) => sql`
      insert into public.user_plans (user_id, plan, valid_until)
      values (${user.id}, 'pro', ${validUntil})
      on conflict (user_id) do update set plan = 'pro', valid_until = excluded.valid_until
    `,
  )

const planOf = (user: TestUser) =>
  as(user, async (sql) => {
    const [row] = await sql<{ plan: string }[]>`select public.current_plan() as plan`
    return row?.plan
  })

describe('billing records', () => {
  it('a user reads their own subscription, invoices and refunds, and nobody else’s', async () => {
    const alice = await signUp()
    const bob = await signUp()
    await subscribe(alice)
    await subscribe(bob)
    const seen = (user: TestUser) =>
      as(user, async (sql) => ({
        subscriptions: await sql`select user_id from public.billing_subscriptions`,
        invoices: await sql`select user_id from public.billing_invoices`,
        refunds: await sql`select transaction_id from public.billing_refunds`,
      }))
    const alices = await seen(alice)
    expect(alices.subscriptions).toEqual([{ user_id: alice.id }])
    expect(alices.invoices).toEqual([{ user_id: alice.id }])
    expect(alices.refunds).toHaveLength(1)
  })

  it('no user session writes a plan or a billing record, or reads customers, checkouts, events', async () => {
    const mallory = await signUp()
    const { subscription, invoice } = await subscribe(mallory)
    const writes = [
      (sql: Sql) =>
        sql`insert into public.user_plans (user_id, plan) values (${mallory.id}, 'pro')`,
      (sql: Sql) => sql`update public.user_plans set plan = 'pro'`,
      (sql: Sql) =>
        sql`update public.billing_subscriptions set status = 'active' where id = ${subscription}`,
      (sql: Sql) => sql`delete from public.billing_invoices where id = ${invoice}`,
      (sql: Sql) =>
        sql`insert into public.billing_events (id, type, occurred_at, outcome, payload)
          values (${id('evt')}, 'subscription.created', now(), 'applied', '{}')`,
      (sql: Sql) => sql`select * from public.billing_customers`,
      (sql: Sql) => sql`select * from public.billing_checkouts`,
      (sql: Sql) => sql`select * from public.billing_events`,
    ]
    for (const write of writes) {
      await expect(as(mallory, write)).rejects.toMatchObject(NOT_ALLOWED)
    }
    expect(await planOf(mallory)).toBe('free')
  })

  it('a plan counts until valid_until, and without one for good', async () => {
    const user = await signUp()
    await setPlan(user, new Date(Date.now() + 60_000).toISOString())
    expect(await planOf(user)).toBe('pro')
    await setPlan(user, new Date(Date.now() - 1_000).toISOString())
    expect(await planOf(user)).toBe('free')
    await setPlan(user, null)
    expect(await planOf(user)).toBe('pro')
  })
})
