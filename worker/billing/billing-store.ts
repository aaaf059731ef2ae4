import type postgres from 'postgres'
import { withOwnerTransaction } from '../db/run-as-owner'
import type { DatabaseEnv } from '../db/run-as-user'
import type { BillingEvent, CompletedPayment, Refund, SubscriptionSnapshot } from './paddle-events'
import { planGrant, type GrantingSubscription, type ReturnedPayment } from './plan-grant'

/** What became of a webhook event; `duplicate` when it was here before (nothing is done again). */
export type EventOutcome = 'applied' | 'stale' | 'ignored' | 'unmatched' | 'duplicate'

type Sql = postgres.TransactionSql

/** Our user, if it still exists: an id from custom data may name a deleted account. */
async function existingUser(sql: Sql, userId: string | null): Promise<string | null> {
  if (userId === null) return null
  const [row] = await sql<{ id: string }[]>`select id from auth.users where id = ${userId}`
  return row?.id ?? null
}

async function userOfCustomer(sql: Sql, customerId: string | null): Promise<string | null> {
  if (customerId === null) return null
  const [row] = await sql<{ user_id: string }[]>`
    select user_id from public.billing_customers where customer_id = ${customerId}
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

/** One writer per user at a time: two events of one user's never interleave their plan. */
async function lockUser(sql: Sql, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`billing:${userId}`}, 0))`
}

/** Writes the plan the user's subscriptions grant now into `user_plans`. */
async function writePlan(sql: Sql, userId: string, now: Date): Promise<void> {
  const subscriptions = await sql<GrantingSubscription[]>`
    select id, status, current_period_end::text as "currentPeriodEnd", cancel_at::text as "cancelAt",
      past_due_since::text as "pastDueSince"
    from public.billing_subscriptions where user_id = ${userId}
  `
  const returned = await sql<ReturnedPayment[]>`
    select invoice.subscription_id as "subscriptionId", invoice.period_end::text as "periodEnd"
    from public.billing_invoices invoice
    where invoice.user_id = ${userId} and exists (
      select 1 from public.billing_refunds refund
      where refund.transaction_id = invoice.id and refund.status = 'approved'
        and (refund.kind = 'full' or refund.action = 'chargeback')
    )
  `
  const grant = planGrant(subscriptions, returned, now)
  await sql`
    insert into public.user_plans (user_id, plan, valid_until)
    values (${userId}, ${grant.plan}, ${grant.validUntil})
    on conflict (user_id) do update set plan = excluded.plan, valid_until = excluded.valid_until
  `
}

async function applySubscription(
  sql: Sql,
  event: BillingEvent,
  subscription: SubscriptionSnapshot,
  now: Date,
): Promise<EventOutcome> {
  const userId =
    (await existingUser(sql, subscription.userId)) ??
    (await userOfCustomer(sql, subscription.customerId)) ??
    (await userOfSubscription(sql, subscription.id))
  if (userId === null) return 'unmatched'
  await lockUser(sql, userId)
  await sql`
    insert into public.billing_customers (user_id, customer_id)
    values (${userId}, ${subscription.customerId})
    on conflict do nothing
  `
  const pastDueSince = subscription.status === 'past_due' ? event.occurredAt : null
  // Paddle's times are sent as text (`::text::timestamptz`): postgres.js would send a parameter
  // it knows is a timestamp through `Date`, losing the microseconds that order the events of one
  // moment. A snapshot older than the stored one (by Paddle's time, then the entity's) changes nothing.
  const written = await sql`
    insert into public.billing_subscriptions as stored (id, user_id, customer_id, status, period,
      currency, current_period_start, current_period_end, next_billed_at, cancel_at,
      past_due_since, canceled_at, event_at, snapshot_at)
    values (${subscription.id}, ${userId}, ${subscription.customerId}, ${subscription.status},
      ${subscription.period}, ${subscription.currency}, ${subscription.currentPeriodStart},
      ${subscription.currentPeriodEnd}, ${subscription.nextBilledAt}, ${subscription.cancelAt},
      ${pastDueSince}, ${subscription.canceledAt}, ${event.occurredAt}::text::timestamptz,
      ${subscription.updatedAt}::text::timestamptz)
    on conflict (id) do update set
      status = excluded.status,
      period = coalesce(excluded.period, stored.period),
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
  if (written.length === 0) return 'stale'
  await writePlan(sql, userId, now)
  return 'applied'
}

async function applyPayment(sql: Sql, event: BillingEvent, payment: CompletedPayment, now: Date) {
  const userId =
    (await existingUser(sql, payment.userId)) ??
    (await userOfCustomer(sql, payment.customerId)) ??
    (await userOfSubscription(sql, payment.subscriptionId))
  if (userId === null) return 'unmatched'
  await lockUser(sql, userId)
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
  if (written.length === 0) return 'stale'
  // A refund that came first now finds its payment.
  await writePlan(sql, userId, now)
  return 'applied'
}

async function applyRefund(sql: Sql, event: BillingEvent, refund: Refund, now: Date) {
  const written = await sql`
    insert into public.billing_refunds as stored (id, transaction_id, action, kind, status, total,
      currency, event_at)
    values (${refund.id}, ${refund.transactionId}, ${refund.action}, ${refund.kind},
      ${refund.status}, ${refund.total}, ${refund.currency}, ${event.occurredAt}::text::timestamptz)
    on conflict (id) do update set
      status = excluded.status,
      kind = excluded.kind,
      total = excluded.total,
      event_at = excluded.event_at
    where stored.event_at < excluded.event_at
    returning id
  `
  if (written.length === 0) return 'stale'
  const [invoice] = await sql<{ user_id: string }[]>`
    select user_id from public.billing_invoices where id = ${refund.transactionId}
  `
  if (invoice) {
    await lockUser(sql, invoice.user_id)
    await writePlan(sql, invoice.user_id, now)
  }
  return 'applied'
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
  now: Date,
): Promise<EventOutcome> {
  return withOwnerTransaction(env, async (sql) => {
    const recorded = await sql`
      insert into public.billing_events (id, type, occurred_at, outcome, payload)
      values (${event.id}, ${event.type}, ${event.occurredAt}::text::timestamptz, 'ignored', ${sql.json(payload as postgres.JSONValue)})
      on conflict (id) do nothing
      returning id
    `
    if (recorded.length === 0) return 'duplicate'
    const outcome: EventOutcome =
      event.kind === 'subscription'
        ? await applySubscription(sql, event, event.subscription, now)
        : event.kind === 'payment'
          ? await applyPayment(sql, event, event.payment, now)
          : event.kind === 'refund'
            ? await applyRefund(sql, event, event.refund, now)
            : 'ignored'
    if (outcome !== 'ignored') {
      await sql`update public.billing_events set outcome = ${outcome} where id = ${event.id}`
    }
    return outcome
  })
}
