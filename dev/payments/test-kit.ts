import { LOCAL_PADDLE } from './local-paddle'
import type { PaddleStandIn } from './paddle-stand-in'

/** Calls and flows the stand-in's tests share (not a test file itself). */

/** Paddle's JSON as the tests read it: deep fields, checked by the assertions themselves. */
export type Json = any

export interface Answer {
  status: number
  body: Json
}

/** A REST call with the local API key (or `key`, or none when null). */
export async function api(
  standIn: PaddleStandIn,
  method: string,
  path: string,
  body?: unknown,
  key: string | null = LOCAL_PADDLE.apiKey,
): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (key !== null) headers.Authorization = `Bearer ${key}`
  const response = await fetch(`${standIn.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}

/** An admin call under `/__stand-in`. */
export async function admin(standIn: PaddleStandIn, method: string, path: string, body?: unknown) {
  const response = await fetch(`${standIn.url}/__stand-in${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Json }
}

export async function eventTypes(standIn: PaddleStandIn): Promise<string[]> {
  return (await admin(standIn, 'GET', '/events')).body.map((event: Json) => event.event_type)
}

/** The events emitted after the first `skip`, parsed. */
export async function eventsSince(standIn: PaddleStandIn, skip: number): Promise<Json[]> {
  const events = (await admin(standIn, 'GET', '/events')).body as Json[]
  return events.slice(skip).map((event) => JSON.parse(event.body))
}

/** A customer, a checkout transaction for `priceId`, paid from `country`. */
export async function subscribe(
  standIn: PaddleStandIn,
  email: string,
  options: { priceId?: string; country?: string; customData?: Json } = {},
) {
  const customer = await api(standIn, 'POST', '/customers', { email })
  const transaction = await api(standIn, 'POST', '/transactions', {
    items: [{ price_id: options.priceId ?? LOCAL_PADDLE.priceProMonthly, quantity: 1 }],
    customer_id: customer.body.data.id,
    custom_data: options.customData ?? { kiymet_user_id: `user-${email}` },
  })
  const paid = await fetch(`${standIn.url}/checkout/${transaction.body.data.id}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ country_code: options.country ?? 'TR' }),
  })
  if (!paid.ok) throw new Error(`Checkout failed: ${await paid.text()}`)
  const subscriptions = await admin(
    standIn,
    'GET',
    `/subscriptions?customer_id=${customer.body.data.id}`,
  )
  return {
    customer: customer.body.data,
    transactionId: transaction.body.data.id as string,
    subscription: subscriptions.body[0] as Json,
    checkoutEvent: (await paid.json()) as Json,
  }
}
