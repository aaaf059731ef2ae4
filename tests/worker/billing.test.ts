import { describe, expect, inject, it } from 'vitest'
import type { Billing, Checkout } from '../../shared/api/schemas'
import { LOCAL_PADDLE, localPaddleVars } from '../../dev/payments/local-paddle'
import { withOwnerTransaction } from '../../worker/db/run-as-owner'
import { signPaddleBody } from '../../worker/billing/paddle-signature'
import { enrollTotp, type FuzzUser } from './api-fuzz/fuzz-users'
import {
  asBrowserWithEnv,
  backend,
  createUser,
  jsonOf,
  requestWithEnv,
  signIn,
  uniqueEmail,
} from './auth-backend'

// Pro bought and kept through the Paddle stand-in (dev/payments), which speaks Paddle's API and
// event formats. It delivers no webhooks here: each test fetches the events an action emitted,
// signed at that moment as Paddle signs each delivery, and posts them to the worker itself, so
// it can send one twice, late, out of order or badly signed.

const payments = inject('paymentsUrl')
const paddle = localPaddleVars(payments)
const database = { HYPERDRIVE: { connectionString: backend.databaseUrl } }

interface StandInEvent {
  event_id: string
  event_type: string
  body: string
}

interface Buyer {
  id: string
  cookie: string
}

const seen = new Set<string>()

/** The events the stand-in emitted since the last call, oldest first. */
async function newEvents(): Promise<StandInEvent[]> {
  const events = (await (await fetch(`${payments}/__stand-in/events`)).json()) as StandInEvent[]
  const fresh = events.filter((event) => !seen.has(event.event_id))
  for (const event of fresh) seen.add(event.event_id)
  return fresh
}

function postWebhook(
  body: string,
  signature: string | null,
  env: Record<string, unknown> = paddle,
) {
  return requestWithEnv(env, '/webhooks/paddle', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(signature === null ? {} : { 'Paddle-Signature': signature }),
    },
    body,
  })
}

/** Delivers an event as Paddle would now: signed anew. Answers the handler's outcome. */
async function deliver(event: StandInEvent): Promise<string> {
  const signed = (await (
    await fetch(`${payments}/__stand-in/events/${event.event_id}/signed`)
  ).json()) as { body: string; signature: string }
  const answer = await jsonOf<{ outcome: string }>(
    await postWebhook(signed.body, signed.signature),
    200,
  )
  return answer.outcome
}

async function deliverAll(events: StandInEvent[]): Promise<string[]> {
  const outcomes: string[] = []
  for (const event of events) outcomes.push(await deliver(event))
  return outcomes
}

async function standIn(path: string, body: unknown = {}): Promise<Response> {
  const response = await fetch(`${payments}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(response.ok, `${path}: ${response.status} ${await response.clone().text()}`).toBe(true)
  return response
}

const api = (buyer: Buyer, method: string, path: string, body?: unknown) =>
  asBrowserWithEnv(paddle, buyer, method, path, body)

const billingOf = async (buyer: Buyer) =>
  jsonOf<Billing>(await api(buyer, 'GET', '/api/billing'), 200)

async function newBuyer(tag: string): Promise<Buyer> {
  const email = uniqueEmail(tag)
  const id = await createUser(email)
  return { id, cookie: await signIn(email) }
}

/** A buyer who paid for Pro in the stand-in's checkout, every event delivered. */
async function proBuyer(tag: string, period: 'monthly' | 'yearly' = 'monthly', country = 'DE') {
  const buyer = await newBuyer(tag)
  await newEvents()
  const checkout = await jsonOf<Checkout>(
    await api(buyer, 'POST', '/api/billing/checkout', { period, startNow: true }),
    201,
  )
  await standIn(`/checkout/${checkout.transactionId}/pay`, { country_code: country })
  const events = await newEvents()
  expect(await deliverAll(events)).not.toContain('unmatched')
  const created = events.find((event) => event.event_type === 'subscription.created')!
  const subscriptionId = (JSON.parse(created.body) as { data: { id: string } }).data.id
  return { ...buyer, checkout, subscriptionId, events }
}

let forged = 0

/**
 * An event as Paddle would send it, made from one the stand-in sent: another id, a later time,
 * `data` changed by `edit`, signed now.
 */
async function forgedFrom(
  event: StandInEvent,
  edit: (data: Record<string, unknown>) => Record<string, unknown>,
): Promise<string> {
  const envelope = JSON.parse(event.body) as { data: Record<string, unknown> }
  forged += 1
  const body = JSON.stringify({
    ...envelope,
    event_id: `evt_${String(Date.now())}${String(forged).padStart(13, '0')}`,
    occurred_at: new Date(Date.now() + forged).toISOString(),
    data: edit(envelope.data),
  })
  const signature = await signPaddleBody(
    body,
    LOCAL_PADDLE.webhookSecret,
    Math.floor(Date.now() / 1000),
  )
  return (await jsonOf<{ outcome: string }>(await postWebhook(body, signature), 200)).outcome
}

const eventsLogged = () =>
  withOwnerTransaction(database, async (sql) => {
    const [row] = await sql<{ count: number }[]>`select count(*)::int from public.billing_events`
    return row!.count
  })

describe('buying Pro', () => {
  it('checkout, payment and webhooks make the plan Pro, with its invoice; the limits lift at once', async () => {
    const buyer = await newBuyer('buyer')
    const before = await billingOf(buyer)
    expect(before).toMatchObject({ plan: 'free', checkoutAvailable: true, subscription: null })

    const consent = await api(buyer, 'POST', '/api/billing/checkout', {
      period: 'yearly',
      startNow: false,
    })
    expect((await jsonOf<{ error: { fields: unknown[] } }>(consent, 422)).error.fields).toEqual([
      {
        path: 'startNow',
        code: 'consent_required',
        message: 'Please agree that Pro starts right away.',
      },
    ])

    const checkout = await jsonOf<Checkout>(
      await api(buyer, 'POST', '/api/billing/checkout', { period: 'yearly', startNow: true }),
      201,
    )
    // Only what Paddle.js needs reaches the browser: the public client token, never the key.
    expect(checkout.paddle).toEqual({
      scriptUrl: `${payments}/paddle.js`,
      token: LOCAL_PADDLE.clientToken,
      environment: 'sandbox',
    })
    expect(JSON.stringify(checkout)).not.toContain(LOCAL_PADDLE.apiKey)
    const [recorded] = await withOwnerTransaction(
      database,
      (sql) => sql<{ user_id: string; period: string }[]>`
        select user_id, period from public.billing_checkouts
        where transaction_id = ${checkout.transactionId} and consented_at is not null
      `,
    )
    expect(recorded).toEqual({ user_id: buyer.id, period: 'yearly' })

    await newEvents()
    await standIn(`/checkout/${checkout.transactionId}/pay`, { country_code: 'TR' })
    const events = await newEvents()
    expect(events.map((event) => event.event_type)).toEqual(
      expect.arrayContaining(['subscription.created', 'transaction.completed']),
    )
    expect(await deliverAll(events)).not.toContain('unmatched')

    const after = await billingOf(buyer)
    expect(after).toMatchObject({
      plan: 'pro',
      subscription: { status: 'active', period: 'yearly', currency: 'TRY', endsAt: null },
      invoices: [{ total: '1490.00', currency: 'TRY', refund: null }],
    })
    expect(after.subscription!.renewsAt).not.toBeNull()

    // Pro's limits hold in Postgres from now on: a fourth portfolio, past Free's three.
    for (let n = 1; n <= 4; n++) {
      const created = await api(buyer, 'POST', '/api/portfolios', {
        name: `Depot ${n}`,
        baseCurrency: 'EUR',
        costBasisMethod: 'AVERAGE',
        recordsCash: false,
      })
      expect(created.status, await created.clone().text()).toBe(201)
    }
  })

  it('refuses a second checkout while Pro runs', async () => {
    const buyer = await proBuyer('twice')
    const again = await api(buyer, 'POST', '/api/billing/checkout', {
      period: 'monthly',
      startNow: true,
    })
    expect((await jsonOf<{ error: { code: string } }>(again, 409)).error.code).toBe('already_pro')
  })
})

describe("Paddle's webhooks", () => {
  it('reads no body larger than an event, nor a header with more signatures than Paddle sends', async () => {
    const now = Math.floor(Date.now() / 1000)
    const huge = `{"pad":"${'x'.repeat(300 * 1024)}"}`
    const tooLarge = await postWebhook(
      huge,
      await signPaddleBody(huge, LOCAL_PADDLE.webhookSecret, now),
    )
    expect((await jsonOf<{ error: { code: string } }>(tooLarge, 413)).error.code).toBe(
      'payload_too_large',
    )
    const body = '{}'
    const one = (await signPaddleBody(body, LOCAL_PADDLE.webhookSecret, now)).split(';')[1]!
    const many = await postWebhook(body, `ts=${now};${Array(5).fill(one).join(';')}`)
    expect((await jsonOf<{ error: { code: string } }>(many, 401)).error.code).toBe(
      'webhook_signature_invalid',
    )
  })

  it('refuses a missing, wrong or stale signature and changes nothing', async () => {
    const buyer = await newBuyer('forger')
    const body = JSON.stringify({
      event_id: 'evt_01jq7k1ymetf0rgedevent0000',
      event_type: 'subscription.created',
      occurred_at: new Date().toISOString(),
      data: {},
    })
    const now = Math.floor(Date.now() / 1000)
    const logged = await eventsLogged()
    const refusals = [
      await postWebhook(body, null),
      await postWebhook(body, `ts=${now};h1=${'0'.repeat(64)}`),
      await postWebhook(body, await signPaddleBody(body, 'pdl_ntf_someone_else', now)),
      // Recorded by an attacker a minute ago and sent again: a replay.
      await postWebhook(body, await signPaddleBody(body, LOCAL_PADDLE.webhookSecret, now - 60)),
    ]
    for (const refused of refusals) {
      const answer = await jsonOf<{ error: { code: string } }>(refused, 401)
      expect(answer.error.code).toBe('webhook_signature_invalid')
    }
    expect(await eventsLogged()).toBe(logged)
    expect((await billingOf(buyer)).plan).toBe('free')
  })

  it('applies an event once, however often it comes', async () => {
    const buyer = await proBuyer('duplicate')
    await standIn(`/__stand-in/subscriptions/${buyer.subscriptionId}/advance`)
    const renewal = await newEvents()
    const first = await deliverAll(renewal)
    // The renewal's subscription.updated and transaction.completed; the other transaction.* are
    // recorded and passed over.
    expect(first.filter((outcome) => outcome === 'applied')).toHaveLength(2)
    expect(first.filter((outcome) => outcome !== 'applied')).toEqual(
      first.filter((outcome) => outcome === 'ignored'),
    )
    expect(await deliverAll(renewal)).toEqual(renewal.map(() => 'duplicate'))
    expect((await billingOf(buyer)).invoices).toHaveLength(2)
  })

  it('cancellation at the period’s end: Pro until then, Free after; a late event undoes nothing', async () => {
    const buyer = await proBuyer('cancel')
    await standIn(`/__stand-in/subscriptions/${buyer.subscriptionId}/cancel`, {})
    const scheduled = await newEvents()
    await standIn(`/__stand-in/subscriptions/${buyer.subscriptionId}/advance`)
    const ended = await newEvents()
    // The end first, the schedule after it: the older snapshot is stale.
    expect(await deliverAll(ended)).not.toContain('stale')
    expect(await deliverAll(scheduled)).toEqual(scheduled.map(() => 'stale'))
    const billing = await billingOf(buyer)
    expect(billing).toMatchObject({ plan: 'free', subscription: { status: 'canceled' } })
    expect(billing.invoices).toHaveLength(1)
  })

  it('a cancellation scheduled keeps Pro to the end date, which the profile shows', async () => {
    const buyer = await proBuyer('scheduled')
    await standIn(`/__stand-in/subscriptions/${buyer.subscriptionId}/cancel`, {})
    await deliverAll(await newEvents())
    const billing = await billingOf(buyer)
    expect(billing).toMatchObject({
      plan: 'pro',
      subscription: { status: 'active', renewsAt: null },
    })
    expect(billing.subscription!.endsAt).toBe(billing.validUntil)
  })

  it('a failed payment keeps Pro for 14 days of grace; a recovery renews, dunning’s end cancels', async () => {
    const buyer = await proBuyer('dunning')
    await standIn(`/__stand-in/subscriptions/${buyer.subscriptionId}/fail-payment`)
    await deliverAll(await newEvents())
    const pastDue = await billingOf(buyer)
    expect(pastDue).toMatchObject({ plan: 'pro', subscription: { status: 'past_due' } })
    const grace = Date.parse(pastDue.subscription!.graceUntil!) - Date.now()
    expect(grace).toBeGreaterThan(13.9 * 86_400_000)
    expect(grace).toBeLessThanOrEqual(14 * 86_400_000)
    expect(pastDue.validUntil).toBe(pastDue.subscription!.graceUntil)

    await standIn(`/__stand-in/subscriptions/${buyer.subscriptionId}/recover`)
    await deliverAll(await newEvents())
    expect(await billingOf(buyer)).toMatchObject({
      plan: 'pro',
      subscription: { status: 'active' },
    })

    await standIn(`/__stand-in/subscriptions/${buyer.subscriptionId}/fail-payment`)
    await standIn(`/__stand-in/subscriptions/${buyer.subscriptionId}/dunning-exhausted`)
    await deliverAll(await newEvents())
    expect(await billingOf(buyer)).toMatchObject({
      plan: 'free',
      subscription: { status: 'canceled' },
    })
  })

  it('a full refund, once approved, ends Pro at once; asked for, it changes nothing yet', async () => {
    const buyer = await proBuyer('refund')
    const [invoice] = (await billingOf(buyer)).invoices
    const refund = await (
      await standIn(`/__stand-in/transactions/${invoice!.id}/refund`, { type: 'full' })
    ).json()
    await deliverAll(await newEvents())
    expect(await billingOf(buyer)).toMatchObject({
      plan: 'pro',
      invoices: [{ refund: 'requested' }],
    })
    const adjustment = (refund as { data: { id: string } }).data
    await standIn(`/__stand-in/adjustments/${adjustment.id}/approve`)
    await deliverAll(await newEvents())
    expect(await billingOf(buyer)).toMatchObject({ plan: 'free', invoices: [{ refund: 'full' }] })
    // Paddle still bills the subscription until it is cancelled: no second one meanwhile.
    const again = await api(buyer, 'POST', '/api/billing/checkout', {
      period: 'monthly',
      startNow: true,
    })
    expect((await jsonOf<{ error: { code: string } }>(again, 409)).error.code).toBe('already_pro')
  })

  it('switching to yearly billing reaches Paddle and comes back by webhook', async () => {
    const buyer = await proBuyer('switch')
    const same = await api(buyer, 'POST', '/api/billing/period', { period: 'monthly' })
    expect((await jsonOf<{ error: { code: string } }>(same, 409)).error.code).toBe('conflict')
    await jsonOf(await api(buyer, 'POST', '/api/billing/period', { period: 'yearly' }), 202)
    await deliverAll(await newEvents())
    const billing = await billingOf(buyer)
    expect(billing).toMatchObject({ plan: 'pro', subscription: { period: 'yearly' } })
    expect(Date.parse(billing.validUntil!) - Date.now()).toBeGreaterThan(360 * 86_400_000)
  })

  it('an event of nobody of ours is stored and answered 200, so Paddle stops sending it', async () => {
    const stranger = await proBuyer('stranger')
    await standIn(`/__stand-in/subscriptions/${stranger.subscriptionId}/advance`)
    const events = await newEvents()
    await withOwnerTransaction(
      database,
      (sql) => sql`delete from auth.users where id = ${stranger.id}`,
    )
    const outcomes = await deliverAll(events)
    expect(outcomes.filter((outcome) => outcome !== 'ignored')).toEqual(['unmatched', 'unmatched'])
  })
})

describe('whose an event is, and what it grants', () => {
  it('trusts only what the worker recorded, never the custom data the browser could change', async () => {
    const buyer = await proBuyer('owner')
    const other = await newBuyer('claimant')
    const created = buyer.events.find((event) => event.event_type === 'subscription.created')!
    // A second subscription, unknown here, whose custom data names another user.
    const outcome = await forgedFrom(created, (data) => ({
      ...data,
      id: `sub_${'9'.repeat(26)}`,
      customer_id: `ctm_${'9'.repeat(26)}`,
      transaction_id: `txn_${'9'.repeat(26)}`,
      custom_data: { kiymet_user_id: other.id },
    }))
    expect(outcome).toBe('unmatched')
    expect((await billingOf(other)).plan).toBe('free')
  })

  it('grants nothing for a subscription to a price that is not Pro’s', async () => {
    const buyer = await proBuyer('cheap')
    const created = buyer.events.find((event) => event.event_type === 'subscription.created')!
    const outcome = await forgedFrom(created, (data) => ({
      ...data,
      items: [{ status: 'active', quantity: 1, price: { id: `pri_${'1'.repeat(26)}` } }],
      updated_at: new Date(Date.now() + 60_000).toISOString(),
    }))
    expect(outcome).toBe('applied')
    expect((await billingOf(buyer)).plan).toBe('free')
  })

  it('a refund that arrives before its payment still ends Pro when the payment comes', async () => {
    const buyer = await newBuyer('early-refund')
    await newEvents()
    const checkout = await jsonOf<Checkout>(
      await api(buyer, 'POST', '/api/billing/checkout', { period: 'monthly', startNow: true }),
      201,
    )
    await standIn(`/checkout/${checkout.transactionId}/pay`, { country_code: 'DE' })
    const paid = await newEvents()
    const refund = (await (
      await standIn(`/__stand-in/transactions/${checkout.transactionId}/refund`, { type: 'full' })
    ).json()) as { data: { id: string } }
    await standIn(`/__stand-in/adjustments/${refund.data.id}/approve`)
    const refunded = await newEvents()
    // The refund's events first, then the purchase's.
    await deliverAll(refunded)
    await deliverAll(paid)
    expect(await billingOf(buyer)).toMatchObject({ plan: 'free', invoices: [{ refund: 'full' }] })
  })

  it('counts the grace period from the first failed payment, not from a retry', async () => {
    const buyer = await proBuyer('retries')
    await standIn(`/__stand-in/subscriptions/${buyer.subscriptionId}/fail-payment`)
    const failed = await newEvents()
    await deliverAll(failed)
    const first = (await billingOf(buyer)).subscription!.graceUntil
    const pastDue = failed.find((event) => event.event_type === 'subscription.past_due')!
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(
      await forgedFrom(pastDue, (data) => ({ ...data, updated_at: new Date().toISOString() })),
    ).toBe('applied')
    expect((await billingOf(buyer)).subscription!.graceUntil).toBe(first)
  })
})

describe('the profile’s links to Paddle', () => {
  it('opens the customer portal and an invoice’s PDF, and nobody else’s invoice', async () => {
    const buyer = await proBuyer('portal')
    const portal = await jsonOf<{ url: string }>(
      await api(buyer, 'POST', '/api/billing/portal'),
      200,
    )
    expect(portal.url.startsWith(payments)).toBe(true)
    const [invoice] = (await billingOf(buyer)).invoices
    const pdf = await jsonOf<{ url: string }>(
      await api(buyer, 'GET', `/api/billing/invoices/${invoice!.id}`),
      200,
    )
    expect((await fetch(pdf.url)).headers.get('Content-Type')).toContain('application/pdf')

    const other = await newBuyer('snoop')
    const snooped = await api(other, 'GET', `/api/billing/invoices/${invoice!.id}`)
    expect((await jsonOf<{ error: { code: string } }>(snooped, 404)).error.code).toBe(
      'invoice_not_found',
    )
    const noPortal = await api(other, 'POST', '/api/billing/portal')
    expect((await jsonOf<{ error: { code: string } }>(noPortal, 404)).error.code).toBe(
      'no_subscription',
    )
  })

  it('gives a session without its second factor no link into Paddle', async () => {
    const email = uniqueEmail('two-factor-buyer')
    const userId = await createUser(email)
    const { aal1 } = await enrollTotp({ name: 'buyer', userId, email } as FuzzUser)
    const portal = await requestWithEnv(paddle, '/api/billing/portal', {
      method: 'POST',
      headers: { Authorization: `Bearer ${aal1.token}` },
    })
    expect((await jsonOf<{ error: { code: string } }>(portal, 403)).error.code).toBe(
      'second_factor_required',
    )
  })
})

describe('deleting the account', () => {
  it('cancels a running subscription at Paddle at once, so a deleted account is not charged', async () => {
    const buyer = await proBuyer('leaver')
    const deleted = await api(buyer, 'POST', '/api/account/delete')
    expect(deleted.status, await deleted.clone().text()).toBe(200)
    const subscriptions = (await (await fetch(`${payments}/__stand-in/subscriptions`)).json()) as {
      id: string
      status: string
    }[]
    expect(subscriptions.find((entry) => entry.id === buyer.subscriptionId)?.status).toBe(
      'canceled',
    )
  })
})

describe('an installation that does not sell Pro', () => {
  const unset = Object.fromEntries(Object.keys(paddle).map((name) => [name, undefined]))

  it('offers no checkout and has no webhook path', async () => {
    const buyer = await newBuyer('nowhere')
    const billing = await jsonOf<Billing>(
      await asBrowserWithEnv(unset, buyer, 'GET', '/api/billing'),
      200,
    )
    expect(billing.checkoutAvailable).toBe(false)
    const checkout = await asBrowserWithEnv(unset, buyer, 'POST', '/api/billing/checkout', {
      period: 'monthly',
      startNow: true,
    })
    expect((await jsonOf<{ error: { code: string } }>(checkout, 404)).error.code).toBe(
      'checkout_unavailable',
    )
    expect((await postWebhook('{}', null, unset)).status).toBe(404)
  })
})
