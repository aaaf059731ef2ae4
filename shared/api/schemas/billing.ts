import { z } from 'zod'
import { BILLING_PERIODS } from '../../pricing/plans'
import { decimalString, timestamp } from './common'

const billingPeriod = z.enum(BILLING_PERIODS)

/** Paddle's subscription statuses (developer.paddle.com, "Subscription"). */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'paused',
  'canceled',
] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

/** A payment of Pro (Paddle's transaction): the invoice the profile lists. */
export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  billedAt: timestamp,
  total: decimalString,
  currency: z.string(),
  /** Money given back: asked for, or paid back in part or in full. */
  refund: z.enum(['requested', 'partial', 'full']).nullable(),
})
export type Invoice = z.infer<typeof invoiceSchema>

/** The subscription the profile shows: the newest one. */
export const subscriptionSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  period: billingPeriod.nullable(),
  currency: z.string(),
  /** The next payment, while it renews. */
  renewsAt: timestamp.nullable(),
  /** When it ends: a cancellation scheduled for the end of the period. */
  endsAt: timestamp.nullable(),
  /** After a failed payment: Pro stays until then while Paddle retries. */
  graceUntil: timestamp.nullable(),
  canceledAt: timestamp.nullable(),
})
export type Subscription = z.infer<typeof subscriptionSchema>

/** The caller's plan, how they pay for it, and whether Pro can be bought here. */
export const billingSchema = z.object({
  plan: z.enum(['free', 'pro']),
  /** Until when the plan holds without a further payment; null: no end known. */
  validUntil: timestamp.nullable(),
  /** Whether this installation sells Pro (Paddle is set up). */
  checkoutAvailable: z.boolean(),
  subscription: subscriptionSchema.nullable(),
  invoices: z.array(invoiceSchema),
})
export type Billing = z.infer<typeof billingSchema>

/**
 * Opening the checkout: the billing period, and the buyer's consent that Pro starts at once,
 * within the 14 days of the right of withdrawal.
 */
export const checkoutRequestSchema = z
  .object({
    period: billingPeriod,
    startNow: z.literal(true, { error: 'consent_required' }),
  })
  .strict()

/** What a page needs to load Paddle.js: public by design (the token is Paddle's client-side one). */
export const paddleClientSchema = z.object({
  scriptUrl: z.url(),
  token: z.string(),
  environment: z.enum(['sandbox', 'production']),
})
export type PaddleClient = z.infer<typeof paddleClientSchema>

/** What the page needs to open Paddle's checkout for the transaction. */
export const checkoutSchema = z.object({
  transactionId: z.string(),
  paddle: paddleClientSchema,
})
export type Checkout = z.infer<typeof checkoutSchema>

export const periodChangeSchema = z.object({ period: billingPeriod }).strict()

/** A short-lived link at Paddle: the customer portal, or an invoice's PDF. */
export const billingLinkSchema = z.object({ url: z.url() })
