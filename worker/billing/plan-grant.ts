import type { SubscriptionStatus } from '../../shared/api/schemas'
import type { BillingPeriod } from '../../shared/pricing/plans'

/**
 * Which plan a user's subscriptions grant, and until when: the one rule the webhook handler
 * writes into `user_plans` (docs/payments.md, "From events to a plan").
 */

/** Pro stays after a failed payment while Paddle retries it (the terms say so). */
export const GRACE_DAYS = 14
/** A renewal's events may come a little after the period ended; Pro does not lapse meanwhile. */
export const RENEWAL_SLACK_DAYS = 3

const DAY_MS = 86_400_000

export interface GrantingSubscription {
  id: string
  status: SubscriptionStatus
  /** Pro's billing period; null for a subscription to any other price, which grants nothing. */
  period: BillingPeriod | null
  currentPeriodEnd: string | null
  /** A cancellation scheduled for the end of the period. */
  cancelAt: string | null
  /** When the payment first failed. */
  pastDueSince: string | null
}

/** A payment taken back in full (an approved full refund, or a chargeback). */
export interface ReturnedPayment {
  subscriptionId: string | null
  /** The end of the period it paid for; null for a payment of no period, which ends nothing. */
  periodEnd: string | null
}

export type PlanGrant = { plan: 'pro'; validUntil: string } | { plan: 'free'; validUntil: null }

/** The end of the grace period after a payment first failed at `pastDueSince`. */
export function graceEnd(pastDueSince: Date): Date {
  return new Date(pastDueSince.getTime() + GRACE_DAYS * DAY_MS)
}

/** Until when one subscription grants Pro (ms), or null when it grants nothing. */
function grantOf(
  subscription: GrantingSubscription,
  returned: readonly ReturnedPayment[],
  now: number,
): number | null {
  if (subscription.period === null) return null
  // Money given back for the period we are in ends it at once.
  const refunded = returned.some(
    (payment) =>
      payment.subscriptionId === subscription.id &&
      payment.periodEnd !== null &&
      Date.parse(payment.periodEnd) > now,
  )
  if (refunded) return null
  const cancelAt = subscription.cancelAt === null ? Infinity : Date.parse(subscription.cancelAt)
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      if (subscription.currentPeriodEnd === null) return null
      return Math.min(
        cancelAt,
        Date.parse(subscription.currentPeriodEnd) + RENEWAL_SLACK_DAYS * DAY_MS,
      )
    case 'past_due':
      if (subscription.pastDueSince === null) return null
      return Math.min(cancelAt, graceEnd(new Date(subscription.pastDueSince)).getTime())
    case 'paused':
    case 'canceled':
      return null
  }
}

/**
 * The plan a user's subscriptions grant at `now`: Pro until the latest end any of them grants,
 * or free.
 *
 * @example planGrant([{ id, status: 'active', period: 'monthly', currentPeriodEnd: '2027-01-01T00:00:00Z', cancelAt: null, pastDueSince: null }], [], now)
 * // { plan: 'pro', validUntil: '2027-01-04T00:00:00.000Z' }
 */
export function planGrant(
  subscriptions: readonly GrantingSubscription[],
  returned: readonly ReturnedPayment[],
  now: Date,
): PlanGrant {
  const at = now.getTime()
  const until = Math.max(
    -Infinity,
    ...subscriptions.map((subscription) => grantOf(subscription, returned, at) ?? -Infinity),
  )
  return until > at
    ? { plan: 'pro', validUntil: new Date(until).toISOString() }
    : { plan: 'free', validUntil: null }
}
