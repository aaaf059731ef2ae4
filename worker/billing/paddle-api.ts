import { z } from 'zod'
import type { PaddleSettings } from './paddle-settings'

/**
 * The few calls of Paddle Billing's API the worker makes (developer.paddle.com, "API
 * reference"), with a base URL of our choosing so the local stand-in answers them in development
 * and tests. Answers are `{ data, meta }`; refusals `{ error: { type, code, detail } }`.
 */

/** Paddle did not answer, or refused: the caller hears `payment_provider_unavailable`. */
export class PaddleApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`Paddle answered ${status} ${code}`)
    this.name = 'PaddleApiError'
  }
}

const TIMEOUT_MS = 8_000

const errorBody = z.object({ error: z.object({ code: z.string() }) })
const customer = z.object({ id: z.string().regex(/^ctm_[a-z0-9]{26}$/) })
const transaction = z.object({ id: z.string().regex(/^txn_[a-z0-9]{26}$/) })
const portalSession = z.object({
  urls: z.object({
    general: z.object({ overview: z.url() }),
    subscriptions: z.array(
      z.object({
        id: z.string(),
        cancel_subscription: z.url(),
        update_subscription_payment_method: z.url(),
      }),
    ),
  }),
})
const invoice = z.object({ url: z.url() })

async function call<T>(
  settings: PaddleSettings,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  schema: z.ZodType<T>,
  body?: unknown,
): Promise<T> {
  let response: Response
  try {
    response = await fetch(`${settings.apiUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${settings.apiKey}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch {
    throw new PaddleApiError(0, 'unreachable')
  }
  const json: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const refusal = errorBody.safeParse(json)
    throw new PaddleApiError(response.status, refusal.success ? refusal.data.error.code : 'unknown')
  }
  const answer = z.object({ data: schema }).safeParse(json)
  if (!answer.success) throw new PaddleApiError(response.status, 'unreadable_answer')
  return answer.data.data
}

/** The Paddle customer with this email, created when there is none yet. */
export async function customerFor(settings: PaddleSettings, email: string): Promise<string> {
  const find = () =>
    call(settings, 'GET', `/customers?email=${encodeURIComponent(email)}`, z.array(customer))
  const [found] = await find()
  if (found) return found.id
  try {
    return (await call(settings, 'POST', '/customers', customer, { email })).id
  } catch (error) {
    // Created meanwhile (a second tab): take that one.
    if (!(error instanceof PaddleApiError && error.code === 'customer_already_exists')) throw error
    const [created] = await find()
    if (!created) throw error
    return created.id
  }
}

/**
 * A transaction for one Pro price, which Paddle.js then opens as the checkout. Our user's id
 * rides along as custom data for whoever reads Paddle's dashboard; the webhooks never trust it
 * (Paddle.js can change it), they know the transaction's id from billing_checkouts.
 */
export async function openTransaction(
  settings: PaddleSettings,
  order: { customerId: string; priceId: string; userId: string },
): Promise<string> {
  const created = await call(settings, 'POST', '/transactions', transaction, {
    items: [{ price_id: order.priceId, quantity: 1 }],
    customer_id: order.customerId,
    custom_data: { kiymet_user_id: order.userId },
    collection_mode: 'automatic',
  })
  return created.id
}

/** A fresh, signed-in link to the customer's portal (card, cancellation, invoices). */
export async function portalUrl(
  settings: PaddleSettings,
  customerId: string,
  subscriptionIds: readonly string[],
): Promise<string> {
  const session = await call(
    settings,
    'POST',
    `/customers/${encodeURIComponent(customerId)}/portal-sessions`,
    portalSession,
    { subscription_ids: subscriptionIds },
  )
  return session.urls.general.overview
}

/** A short-lived link to the invoice PDF of a completed payment. */
export async function invoiceUrl(settings: PaddleSettings, transactionId: string): Promise<string> {
  const pdf = await call(
    settings,
    'GET',
    `/transactions/${encodeURIComponent(transactionId)}/invoice`,
    invoice,
  )
  return pdf.url
}

/**
 * Bills the subscription at another Pro price from now on: the rest of the current period is
 * credited and the new one charged at once (Paddle's `prorated_immediately`), so the change
 * takes effect today, as the terms say.
 */
export async function changePrice(
  settings: PaddleSettings,
  subscriptionId: string,
  priceId: string,
): Promise<void> {
  await call(
    settings,
    'PATCH',
    `/subscriptions/${encodeURIComponent(subscriptionId)}`,
    z.object({ id: z.string() }),
    {
      items: [{ price_id: priceId, quantity: 1 }],
      proration_billing_mode: 'prorated_immediately',
    },
  )
}

/**
 * Ends the subscription now, not at the period's end (a deleted account must not be charged
 * again). One Paddle already ended is left as it is.
 */
export async function cancelNow(settings: PaddleSettings, subscriptionId: string): Promise<void> {
  try {
    await call(
      settings,
      'POST',
      `/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`,
      z.object({ id: z.string() }),
      { effective_from: 'immediately' },
    )
  } catch (error) {
    if (
      error instanceof PaddleApiError &&
      error.code === 'subscription_is_canceled_action_invalid'
    ) {
      return
    }
    throw error
  }
}
