import {
  badRequest,
  invalidField,
  subscriptionCanceledActionInvalid,
  subscriptionUpdateWhenCanceled,
} from './api-errors'
import { periodElapsed, type BillingState } from './billing-state'
import { findPrice, unitAmount } from './catalog'
import { capturePayment, completeTransaction, declinePayment, openTransaction } from './charges'
import { catalogPrice, subscriptionJson, transactionJson } from './entities'
import { addInterval } from './paddle-clock'
import type { Period, SubscriptionRecord, TransactionRecord } from './records'

/**
 * A subscription's life after checkout, each step emitting what Paddle's scenarios list for it
 * (developer.paddle.com/webhooks/scenarios and /simulator): renewals, failed renewals and their
 * recovery or end, cancellation now or at the period's end, and plan changes.
 */

const updated = (state: BillingState, subscription: SubscriptionRecord) =>
  state.emit('subscription.updated', subscriptionJson(state, subscription, 'event'))

function touch(state: BillingState, subscription: SubscriptionRecord): string {
  subscription.updatedAt = state.clock.stamp()
  return subscription.updatedAt
}

function requireActive(subscription: SubscriptionRecord): Period {
  if (subscription.status === 'canceled') throw subscriptionCanceledActionInvalid()
  if (subscription.status === 'past_due') {
    throw badRequest('The subscription is past due: recover it or let dunning end it first.')
  }
  if (!subscription.period) throw new Error('An active subscription has a period')
  return subscription.period
}

/** The next period, starting where the current one ends. */
function nextPeriod(subscription: SubscriptionRecord, current: Period): Period {
  const interval = catalogPrice(subscription.priceId).interval
  return { starts_at: current.ends_at, ends_at: addInterval(current.ends_at, interval) }
}

function startPeriod(state: BillingState, subscription: SubscriptionRecord, period: Period) {
  subscription.period = period
  subscription.previouslyBilledAt = period.starts_at
  touch(state, subscription)
}

/** The subscription's charge for `period`: `transaction.created`, `transaction.billed`. */
function billPeriod(
  state: BillingState,
  subscription: SubscriptionRecord,
  origin: TransactionRecord['origin'],
  period: Period,
  proration?: { credit: number },
) {
  return openTransaction(state, {
    status: 'billed',
    origin,
    customerId: subscription.customerId,
    addressId: subscription.addressId,
    countryCode: subscription.countryCode,
    currency: subscription.currency,
    customData: subscription.customData,
    subscriptionId: subscription.id,
    priceId: subscription.priceId,
    quantity: subscription.quantity,
    billingPeriod: period,
    credit: proration?.credit ?? 0,
    proratedPeriod: proration ? period : null,
  })
}

/** A renewal that succeeds: the new period, then its transaction from created to completed. */
export function renew(state: BillingState, subscription: SubscriptionRecord) {
  const period = nextPeriod(subscription, requireActive(subscription))
  startPeriod(state, subscription, period)
  updated(state, subscription)
  const txn = billPeriod(state, subscription, 'subscription_recurring', period)
  capturePayment(state, txn)
  completeTransaction(state, txn)
  return txn
}

/**
 * A renewal whose payment fails: the new period starts, the charge fails and is past due, and
 * so is the subscription (Paddle's dunning now retries it).
 */
export function failRenewal(state: BillingState, subscription: SubscriptionRecord) {
  const period = nextPeriod(subscription, requireActive(subscription))
  startPeriod(state, subscription, period)
  updated(state, subscription)
  const txn = billPeriod(state, subscription, 'subscription_recurring', period)
  declinePayment(state, txn)
  txn.status = 'past_due'
  txn.updatedAt = state.clock.stamp()
  state.emit('transaction.past_due', transactionJson(state, txn))
  subscription.status = 'past_due'
  touch(state, subscription)
  state.emit('subscription.past_due', subscriptionJson(state, subscription, 'event'))
  return txn
}

function pastDueTransaction(state: BillingState, subscription: SubscriptionRecord) {
  if (subscription.status !== 'past_due') throw badRequest('The subscription is not past due.')
  const txn = [...state.transactions.values()]
    .reverse()
    .find((t) => t.subscriptionId === subscription.id && t.status === 'past_due')
  if (!txn) throw new Error(`Past due subscription ${subscription.id} has no past due charge`)
  return txn
}

/** A dunning retry succeeds: the charge is paid and completed, the subscription active again. */
export function recover(state: BillingState, subscription: SubscriptionRecord) {
  const txn = pastDueTransaction(state, subscription)
  capturePayment(state, txn)
  completeTransaction(state, txn)
  subscription.status = 'active'
  touch(state, subscription)
  updated(state, subscription)
  return txn
}

function endSubscription(state: BillingState, subscription: SubscriptionRecord) {
  subscription.status = 'canceled'
  subscription.canceledAt = touch(state, subscription)
  subscription.period = null
  subscription.scheduledChange = null
}

/**
 * Dunning gives up (the account cancels rather than pauses): the charge is canceled, then the
 * subscription.
 */
export function exhaustDunning(state: BillingState, subscription: SubscriptionRecord) {
  const txn = pastDueTransaction(state, subscription)
  txn.status = 'canceled'
  txn.updatedAt = state.clock.stamp()
  state.emit('transaction.canceled', transactionJson(state, txn))
  endSubscription(state, subscription)
  state.emit('subscription.canceled', subscriptionJson(state, subscription, 'event'))
}

/** Cancels now: `subscription.updated`, `subscription.canceled`. */
export function cancelNow(state: BillingState, subscription: SubscriptionRecord) {
  if (subscription.status === 'canceled') throw subscriptionCanceledActionInvalid()
  endSubscription(state, subscription)
  updated(state, subscription)
  state.emit('subscription.canceled', subscriptionJson(state, subscription, 'event'))
}

/**
 * Cancels at the period's end: a scheduled change (`subscription.updated`); the subscription
 * stays as it is until then. Asking again changes nothing and emits nothing.
 */
export function scheduleCancel(state: BillingState, subscription: SubscriptionRecord) {
  if (subscription.status === 'canceled') throw subscriptionCanceledActionInvalid()
  if (subscription.scheduledChange?.action === 'cancel') return
  if (!subscription.period) throw new Error('A live subscription has a period')
  subscription.scheduledChange = {
    action: 'cancel',
    effective_at: subscription.period.ends_at,
    resume_at: null,
  }
  touch(state, subscription)
  updated(state, subscription)
}

/** Drops a scheduled cancel (`scheduled_change: null`): `subscription.updated`. */
export function keepSubscription(state: BillingState, subscription: SubscriptionRecord) {
  if (subscription.status === 'canceled') throw subscriptionUpdateWhenCanceled()
  if (!subscription.scheduledChange) return
  subscription.scheduledChange = null
  touch(state, subscription)
  updated(state, subscription)
}

/** The current period ends: a scheduled cancel takes effect, anything else renews. */
export function reachPeriodEnd(state: BillingState, subscription: SubscriptionRecord) {
  if (subscription.scheduledChange?.action === 'cancel') {
    requireActive(subscription)
    cancelNow(state, subscription)
    return null
  }
  return renew(state, subscription)
}

export const PRORATION_MODES = [
  'prorated_immediately',
  'prorated_next_billing_period',
  'full_immediately',
  'full_next_billing_period',
  'do_not_bill',
] as const
export type ProrationMode = (typeof PRORATION_MODES)[number]

/**
 * Switches the subscription to another price. `*_immediately` bills now for a new period that
 * starts now (prorated: less the unused part of the current one, as a credit); the other modes
 * only change the items, and the next renewal bills the new price. (Paddle's
 * `prorated_next_billing_period` would also add the prorated difference to that renewal; the
 * stand-in does not.)
 */
export function changePrice(
  state: BillingState,
  subscription: SubscriptionRecord,
  priceId: string,
  mode: ProrationMode,
) {
  if (subscription.status === 'canceled') throw subscriptionUpdateWhenCanceled()
  const price = findPrice(priceId)
  if (!price) {
    throw invalidField([{ field: 'items[0].price_id', message: `price ${priceId} not found` }])
  }
  const current = subscription.period
  if (!current) throw new Error('A live subscription has a period')
  const previous = catalogPrice(subscription.priceId)
  const paidForPeriod = unitAmount(previous, subscription.currency) * subscription.quantity
  subscription.priceId = price.id
  subscription.itemUpdatedAt = state.clock.stamp()
  if (mode !== 'prorated_immediately' && mode !== 'full_immediately') {
    touch(state, subscription)
    updated(state, subscription)
    return null
  }
  const unused = 1 - periodElapsed(current, state.nowMicros())
  const credit = mode === 'prorated_immediately' ? Math.round(paidForPeriod * unused) : 0
  const start = state.clock.stamp()
  const period = { starts_at: start, ends_at: addInterval(start, price.interval) }
  startPeriod(state, subscription, period)
  if (subscription.scheduledChange) subscription.scheduledChange.effective_at = period.ends_at
  updated(state, subscription)
  const txn = billPeriod(state, subscription, 'subscription_update', period, { credit })
  capturePayment(state, txn)
  completeTransaction(state, txn)
  return txn
}

/**
 * The customer enters a new card in the portal. Nothing to tell while all is well; a past-due
 * subscription is charged again at once, as Paddle does, and recovers.
 */
export function updatePaymentMethod(state: BillingState, subscription: SubscriptionRecord) {
  if (subscription.status === 'canceled') throw subscriptionCanceledActionInvalid()
  if (subscription.status === 'past_due') recover(state, subscription)
}
