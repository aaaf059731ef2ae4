import type { CountryCode, CurrencyCode } from './catalog'

/**
 * What the stand-in keeps of each Paddle entity: the facts only. entities.ts renders them as
 * Paddle's JSON (totals, prices, products) whenever an answer or an event needs a snapshot.
 */

export type JsonObject = Record<string, unknown>

export interface Period {
  starts_at: string
  ends_at: string
}

export interface CustomerRecord {
  id: string
  email: string
  name: string | null
  locale: string
  customData: JsonObject | null
  createdAt: string
  updatedAt: string
}

/** The address a checkout collects: only the country, as Paddle Checkout asks for. */
export interface AddressRecord {
  id: string
  customerId: string
  countryCode: CountryCode
  createdAt: string
}

export type TransactionStatus =
  'draft' | 'ready' | 'billed' | 'paid' | 'completed' | 'canceled' | 'past_due'

export type TransactionOrigin = 'api' | 'subscription_recurring' | 'subscription_update'

export interface PaymentRecord {
  amount: number
  status: 'captured' | 'error'
  errorCode: string | null
  createdAt: string
  capturedAt: string | null
  attemptId: string
}

export interface TransactionRecord {
  id: string
  status: TransactionStatus
  origin: TransactionOrigin
  customerId: string | null
  addressId: string | null
  /** Known once a checkout collected the address; null prices in the currency without tax. */
  countryCode: CountryCode | null
  currency: CurrencyCode
  customData: JsonObject | null
  subscriptionId: string | null
  priceId: string
  quantity: number
  /** `txnitm_…`, the line item's id (refunds name it). */
  itemId: string
  /** Unused time of the previous plan credited to a prorated change, in minor units. */
  credit: number
  /** The billing period a subscription change billed with proration. */
  proratedPeriod: Period | null
  billingPeriod: Period | null
  invoiceId: string | null
  invoiceNumber: string | null
  payments: PaymentRecord[]
  createdAt: string
  updatedAt: string
  billedAt: string | null
}

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled'

export interface SubscriptionRecord {
  id: string
  status: SubscriptionStatus
  customerId: string
  addressId: string
  countryCode: CountryCode
  currency: CurrencyCode
  customData: JsonObject | null
  priceId: string
  quantity: number
  itemCreatedAt: string
  itemUpdatedAt: string
  /** null once canceled. */
  period: Period | null
  previouslyBilledAt: string | null
  scheduledChange: { action: 'cancel'; effective_at: string; resume_at: null } | null
  /** The checkout transaction that created it. */
  transactionId: string
  startedAt: string
  firstBilledAt: string
  canceledAt: string | null
  createdAt: string
  updatedAt: string
}

export type AdjustmentStatus = 'pending_approval' | 'approved' | 'rejected'

export interface AdjustmentRecord {
  id: string
  itemAdjustmentId: string
  transactionId: string
  subscriptionId: string | null
  customerId: string
  type: 'full' | 'partial'
  /** Refunded, in minor units, VAT included. */
  amount: number
  reason: string
  status: AdjustmentStatus
  currency: CurrencyCode
  createdAt: string
  updatedAt: string
}
