import {
  countryInfo,
  findPrice,
  priceJson,
  productJson,
  unitAmount,
  type CatalogPrice,
} from './catalog'
import type {
  AdjustmentRecord,
  CustomerRecord,
  PaymentRecord,
  SubscriptionRecord,
  TransactionRecord,
} from './records'
import { money, paddleFee, share, taxInclusive, type Totals } from './totals'

/**
 * Paddle's JSON for each entity, rendered from the records: the shapes of the API reference and
 * of Paddle's SDK types and notification fixtures (customer, transaction with `details.totals`
 * and `line_items`, subscription with `items[].price`/`product`, adjustment with `totals`).
 */

export interface EntityContext {
  baseUrl: string
  /** Adjustments of a transaction, to work out what was refunded. */
  adjustmentsOf(transactionId: string): AdjustmentRecord[]
  /** Fresh, authenticated portal links for a subscription (`management_urls`). */
  managementUrls(subscription: SubscriptionRecord): {
    update_payment_method: string
    cancel: string
  }
}

export function customerJson(customer: CustomerRecord) {
  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    marketing_consent: false,
    status: 'active',
    custom_data: customer.customData,
    locale: customer.locale,
    created_at: customer.createdAt,
    updated_at: customer.updatedAt,
    import_meta: null,
  }
}

export function catalogPrice(priceId: string): CatalogPrice {
  const price = findPrice(priceId)
  if (!price) throw new Error(`Unknown price ${priceId}`)
  return price
}

/** The tax rate Paddle applies: the country's, or none before a checkout knows the country. */
export function taxRateOf(record: { countryCode: TransactionRecord['countryCode'] }): string {
  return record.countryCode ? countryInfo(record.countryCode).taxRate : '0'
}

/** What the transaction charges: the line's totals, the credit applied and the amount due. */
export function transactionAmounts(txn: TransactionRecord) {
  const taxRate = taxRateOf(txn)
  const unit = unitAmount(catalogPrice(txn.priceId), txn.currency)
  const unitTotals = taxInclusive(unit, taxRate)
  const line = taxInclusive(unit * txn.quantity, taxRate)
  const credit = Math.min(txn.credit, line.total)
  const grand = taxInclusive(line.total - credit, taxRate)
  return { taxRate, unitTotals, line, credit, creditToBalance: txn.credit - credit, grand }
}

const lineTotalsJson = (totals: Totals) => ({
  subtotal: money(totals.subtotal),
  discount: '0',
  tax: money(totals.tax),
  total: money(totals.total),
})

function paymentJson(payment: PaymentRecord) {
  const declined = payment.status === 'error'
  return {
    payment_attempt_id: payment.attemptId,
    stored_payment_method_id: null,
    payment_method_id: null,
    amount: money(payment.amount),
    status: payment.status,
    error_code: payment.errorCode,
    method_details: {
      type: 'card',
      card: {
        type: 'visa',
        // Paddle's declining test card ends in 0002.
        last4: declined ? '0002' : '4242',
        expiry_month: 12,
        expiry_year: 2034,
        cardholder_name: 'Local Tester',
      },
      underlying_details: null,
    },
    created_at: payment.createdAt,
    captured_at: payment.capturedAt,
  }
}

/** Approved refunds of a transaction, summed. */
function refunded(ctx: EntityContext, txn: TransactionRecord, grand: Totals): Totals {
  const amount = ctx
    .adjustmentsOf(txn.id)
    .filter((adjustment) => adjustment.status === 'approved')
    .reduce((sum, adjustment) => sum + adjustment.amount, 0)
  return share(grand, amount)
}

export function transactionJson(ctx: EntityContext, txn: TransactionRecord) {
  const price = catalogPrice(txn.priceId)
  const { taxRate, unitTotals, line, credit, creditToBalance, grand } = transactionAmounts(txn)
  const settled = txn.status === 'paid' || txn.status === 'completed'
  // Paddle reports its fee and the seller's earnings once the payment is in.
  const fee = settled ? paddleFee(grand.total) : null
  const earnings = fee === null ? null : grand.subtotal - fee
  const back = refunded(ctx, txn, grand)
  const proration = txn.proratedPeriod ? { rate: '1', billing_period: txn.proratedPeriod } : null
  const currency_code = txn.currency
  return {
    id: txn.id,
    status: txn.status,
    customer_id: txn.customerId,
    address_id: txn.addressId,
    business_id: null,
    custom_data: txn.customData,
    origin: txn.origin,
    collection_mode: 'automatic',
    subscription_id: txn.subscriptionId,
    invoice_id: txn.invoiceId,
    invoice_number: txn.invoiceNumber,
    billing_details: null,
    billing_period: txn.billingPeriod,
    currency_code,
    discount_id: null,
    created_at: txn.createdAt,
    updated_at: txn.updatedAt,
    billed_at: txn.billedAt,
    revised_at: null,
    items: [{ price_id: price.id, price: priceJson(price), quantity: txn.quantity, proration }],
    details: {
      tax_rates_used: [{ tax_rate: taxRate, totals: lineTotalsJson(line) }],
      totals: {
        subtotal: money(line.subtotal),
        discount: '0',
        tax: money(line.tax),
        total: money(line.total),
        credit: money(credit),
        credit_to_balance: money(creditToBalance),
        balance: money(settled ? 0 : grand.total),
        grand_total: money(grand.total),
        grand_total_tax: money(grand.tax),
        fee: fee === null ? null : money(fee),
        earnings: earnings === null ? null : money(earnings),
        currency_code,
      },
      adjusted_totals: {
        subtotal: money(grand.subtotal - back.subtotal),
        tax: money(grand.tax - back.tax),
        total: money(grand.total - back.total),
        grand_total: money(grand.total - back.total),
        grand_total_tax: money(grand.tax - back.tax),
        fee: money(fee ?? 0),
        earnings: money(earnings ?? 0),
        currency_code,
        retained_fee: '0',
      },
      // Payouts are in the seller's balance currency at Paddle's rate: nothing to stand in for.
      payout_totals: null,
      adjusted_payout_totals: null,
      line_items: [
        {
          id: txn.itemId,
          price_id: price.id,
          quantity: txn.quantity,
          proration,
          tax_rate: taxRate,
          unit_totals: lineTotalsJson(unitTotals),
          totals: lineTotalsJson(line),
          product: productJson(),
        },
      ],
    },
    // Newest attempt first, as Paddle lists them.
    payments: [...txn.payments].reverse().map(paymentJson),
    checkout: { url: `${ctx.baseUrl}/checkout?_ptxn=${txn.id}` },
  }
}

/** When the subscription bills next: its period's end, unless it is canceled or set to cancel. */
export function nextBilledAt(subscription: SubscriptionRecord): string | null {
  if (subscription.status === 'canceled' || subscription.scheduledChange) return null
  return subscription.period?.ends_at ?? null
}

/**
 * The subscription entity. Events carry it without `management_urls` (as Paddle's notification
 * payloads do); `subscription.created` adds the checkout's `transaction_id`.
 */
export function subscriptionJson(
  ctx: EntityContext,
  subscription: SubscriptionRecord,
  form: 'api' | 'event' | 'created-event' = 'api',
) {
  const price = catalogPrice(subscription.priceId)
  const next = nextBilledAt(subscription)
  const entity = {
    id: subscription.id,
    status: subscription.status,
    customer_id: subscription.customerId,
    address_id: subscription.addressId,
    business_id: null,
    currency_code: subscription.currency,
    created_at: subscription.createdAt,
    updated_at: subscription.updatedAt,
    started_at: subscription.startedAt,
    first_billed_at: subscription.firstBilledAt,
    next_billed_at: next,
    paused_at: null,
    canceled_at: subscription.canceledAt,
    discount: null,
    collection_mode: 'automatic',
    billing_details: null,
    current_billing_period: subscription.period,
    billing_cycle: { interval: price.interval, frequency: 1 },
    scheduled_change: subscription.scheduledChange,
    items: [
      {
        status: 'active',
        quantity: subscription.quantity,
        recurring: true,
        created_at: subscription.itemCreatedAt,
        updated_at: subscription.itemUpdatedAt,
        previously_billed_at: subscription.previouslyBilledAt,
        next_billed_at: next,
        trial_dates: null,
        price: priceJson(price),
        product: productJson(),
      },
    ],
    custom_data: subscription.customData,
    import_meta: null,
  }
  if (form === 'created-event') return { ...entity, transaction_id: subscription.transactionId }
  if (form === 'event') return entity
  return {
    ...entity,
    management_urls: subscription.status === 'canceled' ? null : ctx.managementUrls(subscription),
  }
}

export function adjustmentJson(adjustment: AdjustmentRecord, txn: TransactionRecord) {
  const { grand } = transactionAmounts(txn)
  const part = share(grand, adjustment.amount)
  const fee = Math.round((paddleFee(grand.total) * adjustment.amount) / Math.max(grand.total, 1))
  const currency_code = adjustment.currency
  return {
    id: adjustment.id,
    action: 'refund',
    type: adjustment.type,
    transaction_id: adjustment.transactionId,
    subscription_id: adjustment.subscriptionId,
    customer_id: adjustment.customerId,
    reason: adjustment.reason,
    credit_applied_to_balance: false,
    currency_code,
    status: adjustment.status,
    items: [
      {
        id: adjustment.itemAdjustmentId,
        item_id: txn.itemId,
        type: adjustment.type,
        amount: money(adjustment.amount),
        proration: null,
        totals: {
          subtotal: money(part.subtotal),
          tax: money(part.tax),
          total: money(part.total),
        },
      },
    ],
    totals: {
      subtotal: money(part.subtotal),
      tax: money(part.tax),
      total: money(part.total),
      fee: money(fee),
      earnings: money(part.subtotal - fee),
      currency_code,
      retained_fee: '0',
    },
    payout_totals: null,
    created_at: adjustment.createdAt,
    updated_at: adjustment.updatedAt,
  }
}
