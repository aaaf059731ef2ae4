import { z } from 'zod'

/**
 * The parts of Paddle Billing's webhook events that set a plan, read from the envelope
 * `{ event_id, event_type, occurred_at, notification_id, data }` whose `data` is the entity as it
 * was then (developer.paddle.com, "Webhooks" and the API reference's entities). Everything else
 * in the payload is kept in the events log, not read.
 */

const timestamp = z.iso.datetime({ offset: true })
const nullableTimestamp = timestamp.nullable().optional().default(null)
const currencyCode = z.string().regex(/^[A-Z]{3}$/)
/** Amounts come as strings of minor units (cents, kuruş). */
const minorUnits = z.string().regex(/^\d{1,15}$/)
const customData = z.record(z.string(), z.unknown()).nullable().optional().default(null)
const billingCycle = z.object({ interval: z.string(), frequency: z.number().int() })
const period = z.object({ starts_at: timestamp, ends_at: timestamp })

const envelope = z.object({
  event_id: z.string().regex(/^evt_[a-z0-9]{26}$/),
  event_type: z.string().min(1).max(100),
  occurred_at: timestamp,
})

export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'paused',
  'canceled',
] as const

const subscription = z.object({
  id: z.string().regex(/^sub_[a-z0-9]{26}$/),
  status: z.enum(SUBSCRIPTION_STATUSES),
  customer_id: z.string().regex(/^ctm_[a-z0-9]{26}$/),
  currency_code: currencyCode,
  custom_data: customData,
  billing_cycle: billingCycle.nullable().optional().default(null),
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
  id: z.string().regex(/^txn_[a-z0-9]{26}$/),
  status: z.string(),
  customer_id: z
    .string()
    .regex(/^ctm_[a-z0-9]{26}$/)
    .nullable(),
  subscription_id: z
    .string()
    .regex(/^sub_[a-z0-9]{26}$/)
    .nullable()
    .optional()
    .default(null),
  custom_data: customData,
  currency_code: currencyCode,
  invoice_number: z.string().max(100).nullable().optional().default(null),
  billed_at: nullableTimestamp,
  billing_period: period.nullable().optional().default(null),
  details: z.object({ totals: z.object({ grand_total: minorUnits }) }),
  updated_at: timestamp,
})

/** The adjustments that take money back from us: a refund, or a chargeback by the card's bank. */
export const REFUND_ACTIONS = ['refund', 'chargeback'] as const

const adjustment = z.object({
  id: z.string().regex(/^adj_[a-z0-9]{26}$/),
  action: z.string(),
  type: z.enum(['full', 'partial']).optional().default('partial'),
  status: z.enum(['pending_approval', 'approved', 'rejected', 'reversed']),
  transaction_id: z.string().regex(/^txn_[a-z0-9]{26}$/),
  currency_code: currencyCode,
  totals: z.object({ total: minorUnits }),
})

export type BillingPeriodName = 'monthly' | 'yearly'

export interface SubscriptionSnapshot {
  id: string
  status: (typeof SUBSCRIPTION_STATUSES)[number]
  customerId: string
  userId: string | null
  currency: string
  period: BillingPeriodName | null
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
  userId: string | null
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
  status: 'pending_approval' | 'approved' | 'rejected' | 'reversed'
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

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** Our user's id, which the checkout put into the transaction's custom data (copied onward). */
function userIdOf(data: Record<string, unknown> | null): string | null {
  const value = data?.kiymet_user_id
  return typeof value === 'string' && USER_ID.test(value) ? value : null
}

function periodName(
  cycle: { interval: string; frequency: number } | null,
): BillingPeriodName | null {
  if (cycle?.frequency !== 1) return null
  if (cycle.interval === 'month') return 'monthly'
  if (cycle.interval === 'year') return 'yearly'
  return null
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

/** Reads a verified webhook body; throws {@link BillingEventError} when it is not one. */
export function readBillingEvent(body: unknown): BillingEvent {
  const head = parse(envelope, body, 'event')
  const data = (body as { data?: unknown }).data
  const base: EventHead = { id: head.event_id, type: head.event_type, occurredAt: head.occurred_at }
  if (SUBSCRIPTION_EVENTS.has(head.event_type)) {
    const entity = parse(subscription, data, head.event_type)
    const current = entity.current_billing_period
    return {
      ...base,
      kind: 'subscription',
      subscription: {
        id: entity.id,
        status: entity.status,
        customerId: entity.customer_id,
        userId: userIdOf(entity.custom_data),
        currency: entity.currency_code,
        period: periodName(entity.billing_cycle),
        currentPeriodStart: current?.starts_at ?? null,
        currentPeriodEnd: current?.ends_at ?? null,
        nextBilledAt: entity.next_billed_at,
        cancelAt:
          entity.scheduled_change?.action === 'cancel'
            ? entity.scheduled_change.effective_at
            : null,
        canceledAt: entity.canceled_at,
        updatedAt: entity.updated_at,
      },
    }
  }
  if (head.event_type === 'transaction.completed') {
    const entity = parse(transaction, data, head.event_type)
    return {
      ...base,
      kind: 'payment',
      payment: {
        id: entity.id,
        customerId: entity.customer_id,
        subscriptionId: entity.subscription_id,
        userId: userIdOf(entity.custom_data),
        invoiceNumber: entity.invoice_number,
        billedAt: entity.billed_at ?? entity.updated_at,
        periodStart: entity.billing_period?.starts_at ?? null,
        periodEnd: entity.billing_period?.ends_at ?? null,
        total: majorUnits(entity.details.totals.grand_total, entity.currency_code),
        currency: entity.currency_code,
      },
    }
  }
  if (head.event_type === 'adjustment.created' || head.event_type === 'adjustment.updated') {
    const entity = parse(adjustment, data, head.event_type)
    const action = REFUND_ACTIONS.find((name) => name === entity.action)
    // Credits, reversals and warnings take nothing back from a payment.
    if (!action) return { ...base, kind: 'other' }
    return {
      ...base,
      kind: 'refund',
      refund: {
        id: entity.id,
        transactionId: entity.transaction_id,
        action,
        kind: entity.type,
        status: entity.status,
        total: majorUnits(entity.totals.total, entity.currency_code),
        currency: entity.currency_code,
      },
    }
  }
  return { ...base, kind: 'other' }
}
