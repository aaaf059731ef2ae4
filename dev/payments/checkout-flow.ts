import { invalidField, notFound, transactionStatusMustBeReady } from './api-errors'
import type { BillingState } from './billing-state'
import {
  currencyOfCountry,
  findPrice,
  PRODUCT,
  type CountryCode,
  type CurrencyCode,
} from './catalog'
import { capturePayment, completeTransaction, declinePayment, openTransaction } from './charges'
import { createCustomer } from './customers'
import { catalogPrice, subscriptionJson, transactionAmounts } from './entities'
import { addInterval } from './paddle-clock'
import type { CustomerRecord, JsonObject, SubscriptionRecord, TransactionRecord } from './records'
import { major } from './totals'

/**
 * A checkout from start to end: our server creates the transaction (`POST /transactions`), the
 * checkout page collects the country (and the email when the transaction has no customer), and
 * paying it makes the subscription, in the order of Paddle's "subscription created" scenario:
 * `transaction.paid`, `subscription.created`, `subscription.activated`, `transaction.completed`.
 */

export interface NewCheckout {
  priceId: string
  quantity: number
  customerId: string | null
  customData: JsonObject | null
  currency: CurrencyCode | null
}

/** `transaction.created` and, with a customer, `transaction.ready` (else it stays `draft`). */
export function createCheckoutTransaction(state: BillingState, input: NewCheckout) {
  if (!findPrice(input.priceId)) {
    throw invalidField([
      { field: 'items[0].price_id', message: `price ${input.priceId} not found` },
    ])
  }
  if (input.customerId && !state.customers.has(input.customerId)) {
    throw notFound('Customer', input.customerId)
  }
  return openTransaction(state, {
    status: input.customerId ? 'ready' : 'draft',
    origin: 'api',
    customerId: input.customerId,
    addressId: null,
    countryCode: null,
    // Before the checkout knows the country, Paddle prices in the price's base currency.
    currency: input.currency ?? 'EUR',
    customData: input.customData,
    subscriptionId: null,
    priceId: input.priceId,
    quantity: input.quantity,
    billingPeriod: null,
  })
}

export interface CheckoutAnswer {
  countryCode: CountryCode
  /** Asked only when the transaction has no customer. */
  email?: string
}

function openCheckout(state: BillingState, transactionId: string): TransactionRecord {
  const txn = state.transactions.get(transactionId)
  if (!txn) throw notFound('Transaction', transactionId)
  if (txn.status !== 'ready' && txn.status !== 'draft') throw transactionStatusMustBeReady()
  return txn
}

/** The customer of the checkout: the transaction's, or one for the email typed in. */
function checkoutCustomer(state: BillingState, txn: TransactionRecord, email?: string) {
  if (txn.customerId) {
    const customer = state.customers.get(txn.customerId)
    if (customer) return customer
  }
  if (!email?.includes('@')) {
    throw invalidField([{ field: 'customer.email', message: 'must be a valid email address' }])
  }
  return state.findCustomerByEmail(email) ?? createCustomer(state, { email })
}

/** The country the customer chose: an address, and the transaction repriced in its currency. */
function applyAnswer(state: BillingState, txn: TransactionRecord, answer: CheckoutAnswer) {
  const customer = checkoutCustomer(state, txn, answer.email)
  const address = {
    id: state.clock.id('add'),
    customerId: customer.id,
    countryCode: answer.countryCode,
    createdAt: state.clock.stamp(),
  }
  state.addresses.set(address.id, address)
  txn.customerId = customer.id
  txn.addressId = address.id
  txn.countryCode = answer.countryCode
  txn.currency = currencyOfCountry(answer.countryCode)
  txn.status = 'ready'
  return customer
}

/** The card is accepted: the payment, the subscription, the completed transaction. */
export function payCheckout(state: BillingState, transactionId: string, answer: CheckoutAnswer) {
  const txn = openCheckout(state, transactionId)
  applyAnswer(state, txn, answer)
  capturePayment(state, txn)
  const subscription = startSubscription(state, txn)
  txn.subscriptionId = subscription.id
  txn.billingPeriod = subscription.period
  completeTransaction(state, txn)
  return { transaction: txn, subscription }
}

/** The card is declined: `transaction.payment_failed`; the checkout can be paid again. */
export function declineCheckout(
  state: BillingState,
  transactionId: string,
  answer: CheckoutAnswer,
) {
  const txn = openCheckout(state, transactionId)
  applyAnswer(state, txn, answer)
  declinePayment(state, txn)
  return { transaction: txn }
}

function startSubscription(state: BillingState, txn: TransactionRecord): SubscriptionRecord {
  const price = catalogPrice(txn.priceId)
  const start = txn.billedAt ?? state.clock.stamp()
  const at = state.clock.stamp()
  const { customerId, addressId, countryCode } = txn
  if (!customerId || !addressId || !countryCode) throw new Error('A paid checkout has an address')
  const subscription: SubscriptionRecord = {
    id: state.clock.id('sub'),
    status: 'active',
    customerId,
    addressId,
    countryCode,
    currency: txn.currency,
    // Paddle copies the transaction's custom data onto the subscription it creates.
    customData: txn.customData,
    priceId: price.id,
    quantity: txn.quantity,
    itemCreatedAt: at,
    itemUpdatedAt: at,
    period: { starts_at: start, ends_at: addInterval(start, price.interval) },
    previouslyBilledAt: start,
    scheduledChange: null,
    transactionId: txn.id,
    startedAt: start,
    firstBilledAt: start,
    canceledAt: null,
    createdAt: at,
    updatedAt: at,
  }
  state.subscriptions.set(subscription.id, subscription)
  state.emit('subscription.created', subscriptionJson(state, subscription, 'created-event'))
  state.emit('subscription.activated', subscriptionJson(state, subscription, 'event'))
  return subscription
}

export interface CheckoutSettings {
  checkoutId: string
  theme: 'light' | 'dark'
}

/**
 * What Paddle.js tells the page about a checkout (`checkout.loaded`, `checkout.completed`, …):
 * the transaction's items and totals as decimal numbers, in the currency of `countryCode`.
 */
export function checkoutEventData(
  state: BillingState,
  txn: TransactionRecord,
  countryCode: CountryCode,
  settings: CheckoutSettings,
) {
  const priced: TransactionRecord = {
    ...txn,
    countryCode,
    currency: currencyOfCountry(countryCode),
  }
  const { line, grand } = transactionAmounts(priced)
  const price = catalogPrice(txn.priceId)
  const customer: CustomerRecord | undefined = txn.customerId
    ? state.customers.get(txn.customerId)
    : undefined
  const totals = {
    subtotal: major(line.subtotal),
    discount: 0,
    tax: major(line.tax),
    total: major(line.total),
  }
  const settled = txn.status === 'paid' || txn.status === 'completed'
  return {
    id: settings.checkoutId,
    transaction_id: txn.id,
    status: txn.status,
    custom_data: txn.customData,
    currency_code: priced.currency,
    customer: {
      id: customer?.id ?? null,
      email: customer?.email ?? null,
      address: txn.addressId
        ? {
            id: txn.addressId,
            country_code: countryCode,
            postal_code: '',
            region: '',
            city: '',
            first_line: '',
          }
        : null,
      business: null,
    },
    items: [
      {
        price_id: price.id,
        price_name: price.name,
        product: {
          id: PRODUCT.id,
          name: PRODUCT.name,
          description: PRODUCT.description,
          image_url: null,
        },
        quantity: txn.quantity,
        billing_cycle: { interval: price.interval, frequency: 1 },
        trial_period: null,
        totals,
        recurring_totals: totals,
      },
    ],
    totals: { ...totals, credit: 0, balance: settled ? 0 : major(grand.total) },
    recurring_totals: totals,
    payment: {
      method_details: {
        type: 'card',
        card: { type: 'visa', last4: '4242', expiry_month: 12, expiry_year: 2034 },
      },
    },
    settings: { display_mode: 'overlay', theme: settings.theme },
    upsell: null,
  }
}
