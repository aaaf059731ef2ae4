import type postgres from 'postgres'
import type { Billing, Invoice, Subscription } from '../../../shared/api/schemas'
import { graceEnd } from '../../billing/plan-grant'
import { isoTimestamp } from './sql-values'

type Sql = postgres.TransactionSql

const iso = (value: Date | null) => (value === null ? null : isoTimestamp(value))

interface SubscriptionRow {
  status: Subscription['status']
  period: Subscription['period']
  currency: string
  next_billed_at: Date | null
  cancel_at: Date | null
  past_due_since: Date | null
  canceled_at: Date | null
}

interface InvoiceRow {
  id: string
  invoice_number: string | null
  billed_at: Date
  total: string
  currency: string
  refund: Invoice['refund']
}

function subscriptionOf(row: SubscriptionRow): Subscription {
  const renews = (row.status === 'active' || row.status === 'trialing') && row.cancel_at === null
  return {
    status: row.status,
    period: row.period,
    currency: row.currency,
    renewsAt: renews ? iso(row.next_billed_at) : null,
    endsAt: row.status === 'canceled' ? null : iso(row.cancel_at),
    graceUntil:
      row.status === 'past_due' && row.past_due_since
        ? isoTimestamp(graceEnd(row.past_due_since))
        : null,
    canceledAt: iso(row.canceled_at),
  }
}

/** The caller's plan and billing records, as row-level security lets them read their own. */
export async function readCallerBilling(sql: Sql, checkoutAvailable: boolean): Promise<Billing> {
  const [plan] = await sql<{ plan: Billing['plan']; valid_until: Date | null }[]>`
    select public.current_plan() as plan,
      (select valid_until from public.user_plans where user_id = auth.uid()) as valid_until
  `
  const [subscription] = await sql<SubscriptionRow[]>`
    select status, period, currency, next_billed_at, cancel_at, past_due_since, canceled_at
    from public.billing_subscriptions
    order by status <> 'canceled' desc, event_at desc
    limit 1
  `
  const invoices = await sql<InvoiceRow[]>`
    select invoice.id, invoice.invoice_number, invoice.billed_at, invoice.total::text as total,
      invoice.currency, public.billing_refund_state(invoice.id) as refund
    from public.billing_invoices invoice
    order by invoice.billed_at desc
    limit 100
  `
  const current = plan?.plan ?? 'free'
  return {
    plan: current,
    validUntil: current === 'free' ? null : iso(plan?.valid_until ?? null),
    checkoutAvailable,
    subscription: subscription ? subscriptionOf(subscription) : null,
    invoices: invoices.map((row) => ({
      id: row.id,
      number: row.invoice_number,
      billedAt: isoTimestamp(row.billed_at),
      total: row.total,
      currency: row.currency,
      refund: row.refund,
    })),
  }
}

/** The caller's subscription Paddle still bills (any status but cancelled), the newest. */
export async function runningSubscription(
  sql: Sql,
): Promise<{ id: string; period: Subscription['period'] } | null> {
  const [row] = await sql<{ id: string; period: Subscription['period'] }[]>`
    select id, period from public.billing_subscriptions
    where status <> 'canceled'
    order by event_at desc
    limit 1
  `
  return row ?? null
}

/** Whether the caller's session may act on their billing (row-level security's own test). */
export async function assuranceMet(sql: Sql): Promise<boolean> {
  const [row] = await sql<{ met: boolean }[]>`select public.mfa_assurance_met() as met`
  return row?.met === true
}
