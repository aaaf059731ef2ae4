import { z } from 'zod'
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../shared/api/schemas'

/**
 * The parts of Paddle Billing's webhook events that set a plan, read from the envelope
 * `{ event_id, event_type, occurred_at, notification_id, data }` whose `data` is the entity as it
 * was then (developer.paddle.com, "Webhooks" and the API reference's entities). Everything else
 * in the payload is kept in the events log, not read. The custom data the checkout sends is not
 * read either: Paddle.js can change it in the browser, so whose an event is comes from what the
 * worker recorded (worker/billing/plan-writer.ts).
 */

const timestamp = z.iso.datetime({ offset: true })
const nullableTimestamp = timestamp.nullable().optional().default(null)
const currencyCode = z.string().regex(/^[A-Z]{3}$/)
/** Amounts come as strings of minor units (cents, kuruş). */
const minorUnits = z.string().regex(/^\d{1,15}$/)
const period = z.object({ starts_at: timestamp, ends_at: timestamp })
const paddleId = (prefix: string) => z.string().regex(new RegExp(`^${prefix}_[a-z0-9]{26}$`))
const optionalId = (prefix: string) => paddleId(prefix).nullable().optional().default(null)

const envelope = z.object({
  event_id: paddleId('evt'),
  event_type: z.string().min(1).max(100),
  occurred_at: timestamp,
})

const subscription = z.object({
  id: paddleId('sub'),
  status: z.enum(SUBSCRIPTION_STATUSES),
  customer_id: paddleId('ctm'),
  // The checkout's transaction, on `subscription.created`.
  transaction_id: optionalId('txn'),
  currency_code: currencyCode,
  items: z.array(z.object({ price: z.object({ id: z.string().max(100) }) })).max(100),
  current_billing_period: period.nullable().optional().default(null),
  next_billed_at: nullableTimestamp,
  canceled_at: nullableTimestamp,
  scheduled_change: z
    .object({ action: z.string(), effective_at: timestamp })
    .nullable()
    .optional()
    .default(null),
  updated_at: timestamp,
})

const transaction = z.object({
  id: paddleId('txn'),
  customer_id: optionalId('ctm'),
  subscription_id: optionalId('sub'),
  currency_code: currencyCode,
  invoice_number: z.string().max(100).nullable().optional().default(null),
  billed_at: nullableTimestamp,
  billing_period: period.nullable().optional().default(null),
  details: z.object({ totals: z.object({ grand_total: minorUnits }) }),
  updated_at: timestamp,
})

/** The adjustments that take money back from us: a refund, or a chargeback by the card's bank. */
const REFUND_ACTIONS = ['refund', 'chargeback'] as const
const REFUND_STATUSES = ['pending_approval', 'approved', 'rejected', 'reversed'] as const

const adjustment = z.object({
  id: paddleId('adj'),
  action: z.string(),
  type: z.enum(['full', 'partial']).optional().default('partial'),
  status: z.enum(REFUND_STATUSES),
  transaction_id: paddleId('txn'),
  currency_code: currencyCode,
  totals: z.object({ total: minorUnits }),
})

export interface SubscriptionSnapshot {
  id: string
  status: SubscriptionStatus
  customerId: string
  /** The transaction of the checkout that created it, when the event says. */
  transactionId: string | null
  currency: string
  /** Paddle's ids of the prices it bills: Pro's grant Pro, any other nothing. */
  priceIds: string[]
  currentPeriodStart: string | null
  currentPeriodEnd: string | null
  nextBilledAt: string | null
  cancelAt: string | null
  canceledAt: string | null
  updatedAt: string
}

export interface CompletedPayment {
  id: string
  customerId: string | null
  subscriptionId: string | null
  invoiceNumber: string | null
  billedAt: string
  periodStart: string | null
  periodEnd: string | null
  /** A decimal string in the currency's major unit. */
  total: string
  currency: string
}

export interface Refund {
  id: string
  transactionId: string
  action: (typeof REFUND_ACTIONS)[number]
  kind: 'full' | 'partial'
  status: (typeof REFUND_STATUSES)[number]
  total: string
  currency: string
}

interface EventHead {
  id: string
  type: string
  occurredAt: string
}

/** A webhook event as the plan writer sees it; `other` for the types it does not use. */
export type BillingEvent = EventHead &
  (
    | { kind: 'subscription'; subscription: SubscriptionSnapshot }
    | { kind: 'payment'; payment: CompletedPayment }
    | { kind: 'refund'; refund: Refund }
    | { kind: 'other' }
  )

/** The event types that carry a whole subscription (developer.paddle.com, "Subscription events"). */
const SUBSCRIPTION_EVENTS = new Set([
  'subscription.created',
  'subscription.activated',
  'subscription.updated',
  'subscription.trialing',
  'subscription.past_due',
  'subscription.paused',
  'subscription.resumed',
  'subscription.canceled',
  'subscription.imported',
])

/** A malformed event: its signature was good, so Paddle sent something we cannot read. */
export class BillingEventError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'BillingEventError'
  }
}

/**
 * Minor units as a decimal string, by the currency's ISO 4217 exponent (what Paddle uses).
 * @example majorUnits('14900', 'TRY') // '149.00'
 */
export function majorUnits(minor: string, currency: string): string {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits!
  if (digits === 0) return minor.replace(/^0+(?=\d)/, '')
  const padded = minor.padStart(digits + 1, '0')
  const whole = padded.slice(0, -digits).replace(/^0+(?=\d)/, '')
  return `${whole}.${padded.slice(-digits)}`
}

function parse<T>(schema: z.ZodType<T>, data: unknown, type: string): T {
  const result = schema.safeParse(data)
  if (!result.success) {
    const where = result.error.issues.map((issue) => issue.path.join('.')).join(', ')
    throw new BillingEventError(`Unreadable ${type}: ${where}`)
  }
  return result.data
}

function subscriptionOf(data: unknown, type: string): SubscriptionSnapshot {
  const entity = parse(subscription, data, type)
  return {
    id: entity.id,
    status: entity.status,
    customerId: entity.customer_id,
    transactionId: entity.transaction_id,
    currency: entity.currency_code,
    priceIds: entity.items.map((item) => item.price.id),
    currentPeriodStart: entity.current_billing_period?.starts_at ?? null,
    currentPeriodEnd: entity.current_billing_period?.ends_at ?? null,
    nextBilledAt: entity.next_billed_at,
    cancelAt:
      entity.scheduled_change?.action === 'cancel' ? entity.scheduled_change.effective_at : null,
    canceledAt: entity.canceled_at,
    updatedAt: entity.updated_at,
  }
}

function paymentOf(data: unknown, type: string): CompletedPayment {
  const entity = parse(transaction, data, type)
  return {
    id: entity.id,
    customerId: entity.customer_id,
    subscriptionId: entity.subscription_id,
    invoiceNumber: entity.invoice_number,
    billedAt: entity.billed_at ?? entity.updated_at,
    periodStart: entity.billing_period?.starts_at ?? null,
    periodEnd: entity.billing_period?.ends_at ?? null,
    total: majorUnits(entity.details.totals.grand_total, entity.currency_code),
    currency: entity.currency_code,
  }
}

/** A refund or chargeback; null for adjustments that take nothing back (credits, reversals). */
function refundOf(data: unknown, type: string): Refund | null {
  const entity = parse(adjustment, data, type)
  const action = REFUND_ACTIONS.find((name) => name === entity.action)
  if (!action) return null
  return {
    id: entity.id,
    transactionId: entity.transaction_id,
    action,
    kind: entity.type,
    status: entity.status,
    total: majorUnits(entity.totals.total, entity.currency_code),
    currency: entity.currency_code,
  }
}

/** Reads a verified webhook body; throws {@link BillingEventError} when it is not one. */
export function readBillingEvent(body: unknown): BillingEvent {
  const head = parse(envelope, body, 'event')
  const data = (body as { data?: unknown }).data
  const base: EventHead = { id: head.event_id, type: head.event_type, occurredAt: head.occurred_at }
  if (SUBSCRIPTION_EVENTS.has(head.event_type)) {
    return { ...base, kind: 'subscription', subscription: subscriptionOf(data, head.event_type) }
  }
  if (head.event_type === 'transaction.completed') {
    return { ...base, kind: 'payment', payment: paymentOf(data, head.event_type) }
  }
  if (head.event_type === 'adjustment.created' || head.event_type === 'adjustment.updated') {
    const refund = refundOf(data, head.event_type)
    return refund ? { ...base, kind: 'refund', refund } : { ...base, kind: 'other' }
  }
  return { ...base, kind: 'other' }
}
