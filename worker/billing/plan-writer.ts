import type postgres from 'postgres'
import type { BillingPeriod } from '../../shared/pricing/plans'
import { withOwnerTransaction } from '../db/run-as-owner'
import type { DatabaseEnv } from '../db/run-as-user'
import type { BillingEvent, CompletedPayment, Refund, SubscriptionSnapshot } from './paddle-events'
import { planGrant, type GrantingSubscription, type ReturnedPayment } from './plan-grant'

/** What became of a webhook event; `duplicate` when it was here before (nothing is done again). */
export type EventOutcome = 'applied' | 'stale' | 'ignored' | 'unmatched' | 'duplicate'

type Sql = postgres.TransactionSql

/** Pro's prices at Paddle, by billing period (the worker's settings). */
export type ProPrices = Record<BillingPeriod, string>

/*
 * Whose an event is comes only from what the worker recorded itself: the checkout's transaction
 * (billing_checkouts), a subscription already stored, the customer the checkout created. The
 * custom data Paddle copies along is never trusted: Paddle.js may change it in the browser.
 *
 * Paddle's times are sent as text (`::text::timestamptz`): postgres.js would send a parameter it
 * knows is a timestamp through `Date`, losing the microseconds that order the events of one moment.
 */

async function userOfCheckout(sql: Sql, transactionId: string | null): Promise<string | null> {
  if (transactionId === null) return null
  const [row] = await sql<{ user_id: string }[]>`
    select user_id from public.billing_checkouts where transaction_id = ${transactionId}
  `
  return row?.user_id ?? null
}

async function userOfSubscription(sql: Sql, subscriptionId: string | null): Promise<string | null> {
  if (subscriptionId === null) return null
  const [row] = await sql<{ user_id: string }[]>`
    select user_id from public.billing_subscriptions where id = ${subscriptionId}
  `
  return row?.user_id ?? null
}

async function userOfCustomer(sql: Sql, customerId: string | null): Promise<string | null> {
  if (customerId === null) return null
  const [row] = await sql<{ user_id: string }[]>`
    select user_id from public.billing_customers where customer_id = ${customerId}
  `
  return row?.user_id ?? null
}

/** One writer at a time per key: a user's plan, or one payment and its refunds. */
async function lock(sql: Sql, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`billing:${key}`}, 0))`
}

/** Writes the plan the user's subscriptions grant now into `user_plans`. */
async function writePlan(sql: Sql, userId: string, now: Date): Promise<void> {
  const subscriptions = await sql<GrantingSubscription[]>`
    select id, status, period, current_period_end::text as "currentPeriodEnd",
      cancel_at::text as "cancelAt", past_due_since::text as "pastDueSince"
    from public.billing_subscriptions where user_id = ${userId}
  `
  const returned = await sql<ReturnedPayment[]>`
    select subscription_id as "subscriptionId", period_end::text as "periodEnd"
    from public.billing_invoices
    where user_id = ${userId} and public.billing_refund_state(id) = 'full'
  `
  const grant = planGrant(subscriptions, returned, now)
  await sql`
    insert into public.user_plans (user_id, plan, valid_until)
    values (${userId}, ${grant.plan}, ${grant.validUntil})
    on conflict (user_id) do update set plan = excluded.plan, valid_until = excluded.valid_until
  `
}

/** Pro's billing period of the prices a subscription bills; null when none is Pro's. */
function proPeriod(priceIds: readonly string[], prices: ProPrices): BillingPeriod | null {
  if (priceIds.includes(prices.yearly)) return 'yearly'
  if (priceIds.includes(prices.monthly)) return 'monthly'
  return null
}

async function applySubscription(
  sql: Sql,
  event: BillingEvent,
  subscription: SubscriptionSnapshot,
  prices: ProPrices,
  now: Date,
): Promise<{ outcome: EventOutcome; userId: string | null }> {
  const userId =
    (await userOfSubscription(sql, subscription.id)) ??
    (await userOfCheckout(sql, subscription.transactionId)) ??
    (await userOfCustomer(sql, subscription.customerId))
  if (userId === null) return { outcome: 'unmatched', userId }
  await lock(sql, userId)
  const pastDueSince = subscription.status === 'past_due' ? event.occurredAt : null
  // A snapshot older than the stored one (by Paddle's time, then the entity's) changes nothing.
  const written = await sql`
    insert into public.billing_subscriptions as stored (id, user_id, customer_id, status, period,
      currency, current_period_start, current_period_end, next_billed_at, cancel_at,
      past_due_since, canceled_at, event_at, snapshot_at)
    values (${subscription.id}, ${userId}, ${subscription.customerId}, ${subscription.status},
      ${proPeriod(subscription.priceIds, prices)}, ${subscription.currency},
      ${subscription.currentPeriodStart}, ${subscription.currentPeriodEnd},
      ${subscription.nextBilledAt}, ${subscription.cancelAt}, ${pastDueSince},
      ${subscription.canceledAt}, ${event.occurredAt}::text::timestamptz,
      ${subscription.updatedAt}::text::timestamptz)
    on conflict (id) do update set
      status = excluded.status,
      period = excluded.period,
      currency = excluded.currency,
      current_period_start = excluded.current_period_start,
      current_period_end = excluded.current_period_end,
      next_billed_at = excluded.next_billed_at,
      cancel_at = excluded.cancel_at,
      -- The grace period counts from the first failure, not from each retry's.
      past_due_since = case when excluded.status = 'past_due'
        then coalesce(case when stored.status = 'past_due' then stored.past_due_since end,
          excluded.past_due_since)
        end,
      canceled_at = excluded.canceled_at,
      event_at = excluded.event_at,
      snapshot_at = excluded.snapshot_at
    where (stored.event_at, stored.snapshot_at) < (excluded.event_at, excluded.snapshot_at)
    returning id
  `
  if (written.length === 0) return { outcome: 'stale', userId }
  await writePlan(sql, userId, now)
  return { outcome: 'applied', userId }
}

async function applyPayment(sql: Sql, event: BillingEvent, payment: CompletedPayment, now: Date) {
  // Before the user's lock, as a refund takes it: a payment and its refund, delivered at once,
  // see each other.
  await lock(sql, payment.id)
  const userId =
    (await userOfCheckout(sql, payment.id)) ??
    (await userOfSubscription(sql, payment.subscriptionId)) ??
    (await userOfCustomer(sql, payment.customerId))
  if (userId === null) return { outcome: 'unmatched' as const, userId }
  await lock(sql, userId)
  const written = await sql`
    insert into public.billing_invoices as stored (id, user_id, subscription_id, invoice_number,
      billed_at, period_start, period_end, total, currency, event_at)
    values (${payment.id}, ${userId}, ${payment.subscriptionId}, ${payment.invoiceNumber},
      ${payment.billedAt}, ${payment.periodStart}, ${payment.periodEnd}, ${payment.total},
      ${payment.currency}, ${event.occurredAt}::text::timestamptz)
    on conflict (id) do update set
      subscription_id = excluded.subscription_id,
      invoice_number = excluded.invoice_number,
      billed_at = excluded.billed_at,
      period_start = excluded.period_start,
      period_end = excluded.period_end,
      total = excluded.total,
      currency = excluded.currency,
      event_at = excluded.event_at
    where stored.event_at < excluded.event_at
    returning id
  `
  if (written.length === 0) return { outcome: 'stale' as const, userId }
  // A refund that came first now finds its payment.
  await writePlan(sql, userId, now)
  return { outcome: 'applied' as const, userId }
}

async function applyRefund(sql: Sql, event: BillingEvent, refund: Refund, now: Date) {
  await lock(sql, refund.transactionId)
  const written = await sql`
    insert into public.billing_refunds as stored (id, transaction_id, action, kind, status, total,
      currency, event_at)
    values (${refund.id}, ${refund.transactionId}, ${refund.action}, ${refund.kind},
      ${refund.status}, ${refund.total}, ${refund.currency},
      ${event.occurredAt}::text::timestamptz)
    on conflict (id) do update set
      status = excluded.status,
      kind = excluded.kind,
      total = excluded.total,
      event_at = excluded.event_at
    where stored.event_at < excluded.event_at
    returning id
  `
  const [invoice] = await sql<{ user_id: string }[]>`
    select user_id from public.billing_invoices where id = ${refund.transactionId}
  `
  const userId = invoice?.user_id ?? null
  if (written.length === 0) return { outcome: 'stale' as const, userId }
  // Without its payment yet, the payment's event writes the plan when it comes.
  if (userId !== null) {
    await lock(sql, userId)
    await writePlan(sql, userId, now)
  }
  return { outcome: 'applied' as const, userId }
}

/**
 * Applies one verified webhook event in one transaction, as the database owner: recorded once
 * by its id (a repeat is `duplicate` and changes nothing), a snapshot older than the stored one
 * is `stale`, and the user's plan is written from what their subscriptions grant at `now`.
 */
export function applyBillingEvent(
  env: DatabaseEnv,
  event: BillingEvent,
  payload: unknown,
  prices: ProPrices,
  now: Date,
): Promise<EventOutcome> {
  return withOwnerTransaction(env, async (sql) => {
    const recorded = await sql`
      insert into public.billing_events (id, type, occurred_at, outcome, payload)
      values (${event.id}, ${event.type}, ${event.occurredAt}::text::timestamptz, 'ignored',
        ${sql.json(payload as postgres.JSONValue)})
      on conflict (id) do nothing
      returning id
    `
    if (recorded.length === 0) return 'duplicate'
    const { outcome, userId } =
      event.kind === 'subscription'
        ? await applySubscription(sql, event, event.subscription, prices, now)
        : event.kind === 'payment'
          ? await applyPayment(sql, event, event.payment, now)
          : event.kind === 'refund'
            ? await applyRefund(sql, event, event.refund, now)
            : { outcome: 'ignored' as const, userId: null }
    await sql`
      update public.billing_events set outcome = ${outcome}, user_id = ${userId}
      where id = ${event.id}
    `
    return outcome
  })
}
