import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyPaddleSignature } from '../../worker/billing/paddle-signature'
import { LOCAL_PADDLE, localPaddleVars } from './local-paddle'
import { PORTAL_ID } from './billing-state'
import { PADDLE_ID_BODY } from './paddle-clock'
import { startPaddleStandIn, type PaddleStandIn } from './paddle-stand-in'
import { admin, api, eventsSince, eventTypes, subscribe, type Json } from './test-kit'

// A fixed clock: periods and occurred_at follow it; the stand-in keeps each stamp distinct.
const NOW = new Date('2026-03-04T10:00:00Z')

let standIn: PaddleStandIn
beforeAll(async () => {
  standIn = await startPaddleStandIn({ now: () => NOW })
})
afterAll(() => standIn.close())

const idOf = (prefix: string) => new RegExp(`^${prefix}_[0-9a-hjkmnp-tv-z]{26}$`)
const RFC3339_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

describe('the local account', () => {
  it('has Paddle-shaped keys and ids, and gives the worker its settings', () => {
    expect(LOCAL_PADDLE.apiKey).toMatch(
      /^pdl_sdbx_apikey_[0-9a-hjkmnp-tv-z]{26}_[A-Za-z0-9]{22}_[A-Za-z0-9]{3}$/,
    )
    expect(LOCAL_PADDLE.webhookSecret).toMatch(/^pdl_ntf_[0-9a-hjkmnp-tv-z]{26}_[A-Za-z0-9]{32}$/)
    expect(LOCAL_PADDLE.clientToken).toMatch(/^test_[0-9a-f]{27}$/)
    for (const id of [LOCAL_PADDLE.priceProMonthly, LOCAL_PADDLE.priceProYearly]) {
      expect(id.slice(4)).toMatch(PADDLE_ID_BODY)
    }
    expect(LOCAL_PADDLE.productId).toMatch(idOf('pro'))
    expect(PORTAL_ID).toMatch(idOf('cpl'))
    expect(localPaddleVars('http://127.0.0.1:4010')).toEqual({
      PADDLE_API_URL: 'http://127.0.0.1:4010',
      PADDLE_API_KEY: LOCAL_PADDLE.apiKey,
      PADDLE_WEBHOOK_SECRETS: LOCAL_PADDLE.webhookSecret,
      PADDLE_CLIENT_TOKEN: LOCAL_PADDLE.clientToken,
      PADDLE_JS_URL: 'http://127.0.0.1:4010/paddle.js',
      PADDLE_CHECKOUT_ORIGIN: 'http://127.0.0.1:4010',
      PADDLE_ENVIRONMENT: 'sandbox',
      PADDLE_PRICE_PRO_MONTHLY: LOCAL_PADDLE.priceProMonthly,
      PADDLE_PRICE_PRO_YEARLY: LOCAL_PADDLE.priceProYearly,
    })
  })
})

describe('the REST API', () => {
  it('refuses requests without the API key as Paddle does', async () => {
    const missing = await api(standIn, 'GET', '/customers', undefined, null)
    expect(missing.status).toBe(403)
    expect(missing.body.error).toMatchObject({
      type: 'request_error',
      code: 'authentication_missing',
      documentation_url: 'https://developer.paddle.com/errors/shared/authentication_missing',
    })
    expect(missing.body.meta.request_id).toMatch(/^[0-9a-f-]{36}$/)
    const wrong = await api(standIn, 'GET', '/customers', undefined, 'pdl_sdbx_apikey_wrong')
    expect([wrong.status, wrong.body.error.code]).toEqual([403, 'invalid_token'])
    const malformed = await fetch(`${standIn.url}/subscriptions/sub_x`, {
      headers: { Authorization: 'Basic abc' },
    })
    expect(malformed.status).toBe(403)
    expect((await malformed.json()).error.code).toBe('authentication_malformed')
  })

  it('creates customers, finds them by email and refuses a second with the same email', async () => {
    const created = await api(standIn, 'POST', '/customers', {
      email: 'Ayse@Example.com',
      name: 'Ayşe',
      custom_data: { kiymet_user_id: 'u1' },
      locale: 'tr',
    })
    expect(created.status).toBe(201)
    const customer = created.body.data
    expect(customer).toMatchObject({
      email: 'ayse@example.com',
      name: 'Ayşe',
      locale: 'tr',
      status: 'active',
      marketing_consent: false,
      custom_data: { kiymet_user_id: 'u1' },
    })
    expect(customer.id).toMatch(idOf('ctm'))
    expect(customer.created_at).toMatch(RFC3339_MICROS)

    const duplicate = await api(standIn, 'POST', '/customers', { email: 'ayse@example.com' })
    expect(duplicate.status).toBe(409)
    expect(duplicate.body.error).toMatchObject({
      code: 'customer_already_exists',
      detail: `customer email conflicts with customer of id ${customer.id}`,
    })

    const found = await api(standIn, 'GET', '/customers?email=ayse%40example.com')
    expect(found.body.data.map((c: Json) => c.id)).toEqual([customer.id])
    expect(found.body.meta.pagination).toMatchObject({ has_more: false, estimated_total: 1 })
    const none = await api(standIn, 'GET', '/customers?email=ayse%40example.co')
    expect(none.body.data).toEqual([])

    const invalid = await api(standIn, 'POST', '/customers', { email: 'not-an-email' })
    expect(invalid.status).toBe(400)
    expect(invalid.body.error.code).toBe('invalid_field')
    expect(invalid.body.error.errors[0].field).toBe('email')
  })

  it('creates a ready transaction priced in EUR until the checkout knows the country', async () => {
    const customer = (await api(standIn, 'POST', '/customers', { email: 'ready@example.com' })).body
      .data
    const created = await api(standIn, 'POST', '/transactions', {
      items: [{ price_id: LOCAL_PADDLE.priceProYearly, quantity: 1 }],
      customer_id: customer.id,
      custom_data: { kiymet_user_id: 'u2' },
    })
    expect(created.status).toBe(201)
    const txn = created.body.data
    expect(txn).toMatchObject({
      status: 'ready',
      origin: 'api',
      currency_code: 'EUR',
      customer_id: customer.id,
      custom_data: { kiymet_user_id: 'u2' },
      checkout: { url: `${standIn.url}/checkout?_ptxn=${txn.id}` },
    })
    expect(txn.items[0].price).toMatchObject({
      id: LOCAL_PADDLE.priceProYearly,
      billing_cycle: { interval: 'year', frequency: 1 },
      unit_price: { amount: '4990', currency_code: 'EUR' },
      unit_price_overrides: [
        { country_codes: ['TR'], unit_price: { amount: '149000', currency_code: 'TRY' } },
        { country_codes: ['US'], unit_price: { amount: '4990', currency_code: 'USD' } },
      ],
    })
    expect(txn.details.totals).toMatchObject({
      total: '4990',
      grand_total: '4990',
      balance: '4990',
    })
    expect((await api(standIn, 'GET', `/transactions/${txn.id}`)).body.data.id).toBe(txn.id)
    const unknownPrice = await api(standIn, 'POST', '/transactions', {
      items: [{ price_id: 'pri_01aaaaaaaaaaaaaaaaaaaaaaaa', quantity: 1 }],
      customer_id: customer.id,
    })
    expect([unknownPrice.status, unknownPrice.body.error.code]).toEqual([400, 'invalid_field'])
    const missing = await api(standIn, 'GET', '/transactions/txn_01aaaaaaaaaaaaaaaaaaaaaaaa')
    expect(missing.status).toBe(404)
    expect(missing.body.error).toMatchObject({
      code: 'not_found',
      detail: 'Transaction txn_01aaaaaaaaaaaaaaaaaaaaaaaa not found.',
    })
  })
})

describe('a checkout paid', () => {
  let result: Awaited<ReturnType<typeof subscribe>>
  let events: Json[]
  beforeAll(async () => {
    const before = (await eventTypes(standIn)).length
    result = await subscribe(standIn, 'buyer@example.com', {
      customData: { kiymet_user_id: 'user-42' },
      country: 'TR',
    })
    events = await eventsSince(standIn, before)
  })

  it('emits the events of a new subscription in order, each signed with the local secret', async () => {
    expect(events.map((event) => event.event_type)).toEqual([
      'customer.created',
      'transaction.created',
      'transaction.ready',
      'transaction.paid',
      'subscription.created',
      'subscription.activated',
      'transaction.completed',
    ])
    const times = events.map((event) => event.occurred_at)
    expect([...times].sort()).toEqual(times)
    expect(new Set(times).size).toBe(times.length)
    for (const event of events) {
      expect(event.event_id).toMatch(idOf('evt'))
      expect(event.notification_id).toMatch(idOf('ntf'))
      expect(event.occurred_at).toMatch(RFC3339_MICROS)
      const { body, signature } = (await admin(standIn, 'GET', `/events/${event.event_id}/signed`))
        .body
      expect(JSON.parse(body)).toEqual(event)
      expect(await verifyPaddleSignature(body, signature, [LOCAL_PADDLE.webhookSecret])).toBe(true)
      expect(await verifyPaddleSignature(body, signature, ['pdl_ntf_other'])).toBe(false)
    }
  })

  it('copies the transaction’s custom data onto the subscription, priced for Türkiye', () => {
    const created = events.find((event) => event.event_type === 'subscription.created').data
    expect(created).toMatchObject({
      id: result.subscription.id,
      status: 'active',
      customer_id: result.customer.id,
      currency_code: 'TRY',
      custom_data: { kiymet_user_id: 'user-42' },
      transaction_id: result.transactionId,
      billing_cycle: { interval: 'month', frequency: 1 },
      scheduled_change: null,
      canceled_at: null,
      current_billing_period: {
        starts_at: expect.stringMatching(/^2026-03-04T10:00:00\.\d{6}Z$/),
        ends_at: expect.stringMatching(/^2026-04-04T10:00:00\.\d{6}Z$/),
      },
    })
    expect(created.address_id).toMatch(idOf('add'))
    expect(created.next_billed_at).toBe(created.current_billing_period.ends_at)
    expect(created.items[0]).toMatchObject({
      status: 'active',
      quantity: 1,
      recurring: true,
      price: { id: LOCAL_PADDLE.priceProMonthly },
      product: { id: LOCAL_PADDLE.productId, name: 'Kıymet Pro' },
    })
    const completed = events.at(-1).data
    expect(completed).toMatchObject({
      id: result.transactionId,
      status: 'completed',
      subscription_id: result.subscription.id,
      currency_code: 'TRY',
      custom_data: { kiymet_user_id: 'user-42' },
      invoice_number: expect.stringMatching(/^\d+-\d+$/),
      billing_period: created.current_billing_period,
    })
    // 149 TRY with 20 % VAT included.
    expect(completed.details.totals).toMatchObject({
      subtotal: '12417',
      tax: '2483',
      total: '14900',
      grand_total: '14900',
      balance: '0',
      currency_code: 'TRY',
    })
    expect(completed.details.line_items[0].tax_rate).toBe('0.2')
    expect(completed.payments[0]).toMatchObject({ status: 'captured', amount: '14900' })
  })

  it('answers the checkout with Paddle.js’s checkout.completed event', () => {
    expect(result.checkoutEvent.event.name).toBe('checkout.completed')
    expect(result.checkoutEvent.event.data).toMatchObject({
      transaction_id: result.transactionId,
      status: 'completed',
      currency_code: 'TRY',
      customer: { id: result.customer.id, email: 'buyer@example.com' },
      totals: { subtotal: 124.17, tax: 24.83, total: 149 },
      items: [{ price_id: LOCAL_PADDLE.priceProMonthly, billing_cycle: { interval: 'month' } }],
    })
  })

  it('gives an invoice only once the transaction is completed', async () => {
    const customer = (await api(standIn, 'POST', '/customers', { email: 'invoice@example.com' }))
      .body.data
    const ready = (
      await api(standIn, 'POST', '/transactions', {
        items: [{ price_id: LOCAL_PADDLE.priceProMonthly, quantity: 1 }],
        customer_id: customer.id,
      })
    ).body.data
    const early = await api(standIn, 'GET', `/transactions/${ready.id}/invoice`)
    expect(early.status).toBe(400)
    expect(early.body.error.type).toBe('request_error')

    const invoice = await api(standIn, 'GET', `/transactions/${result.transactionId}/invoice`)
    expect(invoice.status).toBe(200)
    expect(Object.keys(invoice.body.data)).toEqual(['url'])
    const pdf = await fetch(invoice.body.data.url)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="invoice-/)
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    const forged = await fetch(invoice.body.data.url.replace(/token=[^&]+/, 'token=forged'))
    expect(forged.status).toBe(403)
  })

  it('lists the subscription’s transactions', async () => {
    const list = await api(
      standIn,
      'GET',
      `/transactions?subscription_id=${result.subscription.id}`,
    )
    expect(list.body.data.map((txn: Json) => txn.id)).toEqual([result.transactionId])
    expect(list.body.meta.pagination.per_page).toBe(30)
  })

  it('declines a card: an error for the page and transaction.payment_failed', async () => {
    const customer = (await api(standIn, 'POST', '/customers', { email: 'decline@example.com' }))
      .body.data
    const txn = (
      await api(standIn, 'POST', '/transactions', {
        items: [{ price_id: LOCAL_PADDLE.priceProMonthly, quantity: 1 }],
        customer_id: customer.id,
      })
    ).body.data
    const before = (await eventTypes(standIn)).length
    const declined = await fetch(`${standIn.url}/checkout/${txn.id}/decline`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ country_code: 'DE' }),
    })
    expect(declined.status).toBe(402)
    expect((await declined.json()).event.name).toBe('checkout.payment.failed')
    const [failed] = await eventsSince(standIn, before)
    expect(failed.event_type).toBe('transaction.payment_failed')
    expect(failed.data).toMatchObject({ status: 'ready', currency_code: 'EUR' })
    expect(failed.data.payments[0]).toMatchObject({ status: 'error', error_code: 'declined' })
    // 4.99 EUR with 19 % VAT included.
    expect(failed.data.details.totals).toMatchObject({ subtotal: '419', tax: '80', total: '499' })
  })
})

describe('a subscription’s life', () => {
  it('renews: subscription.updated with the next period, then the renewal’s transaction', async () => {
    const { subscription } = await subscribe(standIn, 'renew@example.com', { country: 'US' })
    const before = (await eventTypes(standIn)).length
    const advanced = await admin(standIn, 'POST', `/subscriptions/${subscription.id}/advance`)
    expect(advanced.status).toBe(200)
    const events = await eventsSince(standIn, before)
    expect(events.map((event) => event.event_type)).toEqual([
      'subscription.updated',
      'transaction.created',
      'transaction.billed',
      'transaction.paid',
      'transaction.completed',
    ])
    expect(events[0].data.current_billing_period).toEqual({
      starts_at: subscription.current_billing_period.ends_at,
      ends_at: subscription.current_billing_period.ends_at.replace('2026-04-04', '2026-05-04'),
    })
    const renewal = events.at(-1).data
    expect(renewal).toMatchObject({
      origin: 'subscription_recurring',
      subscription_id: subscription.id,
      currency_code: 'USD',
      custom_data: subscription.custom_data,
      billing_period: events[0].data.current_billing_period,
    })
    expect(renewal.details.totals).toMatchObject({ total: '499', tax: '0' })
    const first = await api(standIn, 'GET', `/transactions?subscription_id=${subscription.id}`)
    const numbers = first.body.data.map((txn: Json) => txn.invoice_number)
    expect(new Set(numbers).size).toBe(2)
  })

  it('cancels at the period’s end, keeps on undo, and ends at the period’s end', async () => {
    const { subscription } = await subscribe(standIn, 'cancel@example.com')
    const canceled = await api(standIn, 'POST', `/subscriptions/${subscription.id}/cancel`, {
      effective_from: 'next_billing_period',
    })
    expect(canceled.body.data).toMatchObject({
      status: 'active',
      scheduled_change: {
        action: 'cancel',
        effective_at: subscription.current_billing_period.ends_at,
        resume_at: null,
      },
    })
    const kept = await api(standIn, 'PATCH', `/subscriptions/${subscription.id}`, {
      scheduled_change: null,
    })
    expect(kept.body.data.scheduled_change).toBeNull()
    await api(standIn, 'POST', `/subscriptions/${subscription.id}/cancel`, {})
    const before = (await eventTypes(standIn)).length
    await admin(standIn, 'POST', `/subscriptions/${subscription.id}/advance`)
    const events = await eventsSince(standIn, before)
    expect(events.map((event) => event.event_type)).toEqual([
      'subscription.updated',
      'subscription.canceled',
    ])
    expect(events[1].data).toMatchObject({
      status: 'canceled',
      canceled_at: expect.stringMatching(RFC3339_MICROS),
      current_billing_period: null,
      next_billed_at: null,
      scheduled_change: null,
    })
    const again = await api(standIn, 'PATCH', `/subscriptions/${subscription.id}`, {
      items: [{ price_id: LOCAL_PADDLE.priceProYearly, quantity: 1 }],
      proration_billing_mode: 'prorated_immediately',
    })
    expect([again.status, again.body.error.code]).toEqual([
      400,
      'subscription_update_when_canceled',
    ])
  })

  it('cancels immediately: subscription.updated and subscription.canceled', async () => {
    const { subscription } = await subscribe(standIn, 'now@example.com')
    const before = (await eventTypes(standIn)).length
    const canceled = await api(standIn, 'POST', `/subscriptions/${subscription.id}/cancel`, {
      effective_from: 'immediately',
    })
    expect(canceled.body.data).toMatchObject({ status: 'canceled', management_urls: null })
    expect((await eventTypes(standIn)).slice(before)).toEqual([
      'subscription.updated',
      'subscription.canceled',
    ])
  })

  it('goes past due when a renewal fails, and recovers', async () => {
    const { subscription } = await subscribe(standIn, 'pastdue@example.com')
    const before = (await eventTypes(standIn)).length
    const failed = await admin(standIn, 'POST', `/subscriptions/${subscription.id}/fail-payment`)
    expect(failed.body.data.subscription.status).toBe('past_due')
    const events = await eventsSince(standIn, before)
    expect(events.map((event) => event.event_type)).toEqual([
      'subscription.updated',
      'transaction.created',
      'transaction.billed',
      'transaction.payment_failed',
      'transaction.past_due',
      'subscription.past_due',
    ])
    expect(events[0].data.current_billing_period.starts_at).toBe(
      subscription.current_billing_period.ends_at,
    )
    expect(events[4].data).toMatchObject({ status: 'past_due', invoice_number: null })
    expect(events[5].data.status).toBe('past_due')

    const middle = (await eventTypes(standIn)).length
    const recovered = await admin(standIn, 'POST', `/subscriptions/${subscription.id}/recover`)
    expect(recovered.body.data.subscription.status).toBe('active')
    const recovery = await eventsSince(standIn, middle)
    expect(recovery.map((event) => event.event_type)).toEqual([
      'transaction.paid',
      'transaction.completed',
      'subscription.updated',
    ])
    expect(recovery[1].data.id).toBe(events[4].data.id)
    expect(recovery[2].data.status).toBe('active')
  })

  it('is canceled when dunning is exhausted', async () => {
    const { subscription } = await subscribe(standIn, 'dunning@example.com')
    await admin(standIn, 'POST', `/subscriptions/${subscription.id}/fail-payment`)
    const before = (await eventTypes(standIn)).length
    await admin(standIn, 'POST', `/subscriptions/${subscription.id}/dunning-exhausted`)
    const events = await eventsSince(standIn, before)
    expect(events.map((event) => event.event_type)).toEqual([
      'transaction.canceled',
      'subscription.canceled',
    ])
    expect(events[1].data).toMatchObject({ status: 'canceled', current_billing_period: null })
    const recover = await admin(standIn, 'POST', `/subscriptions/${subscription.id}/recover`)
    expect(recover.status).toBe(400)
  })

  it('refunds: adjustment.created awaiting approval, then adjustment.updated', async () => {
    const { transactionId, subscription } = await subscribe(standIn, 'refund@example.com', {
      country: 'DE',
    })
    const partial = await admin(standIn, 'POST', `/transactions/${transactionId}/refund`, {
      type: 'partial',
      amount: 100,
    })
    expect(partial.status).toBe(200)
    expect(partial.body.events.map((event: Json) => event.event_type)).toEqual([
      'adjustment.created',
    ])
    expect(partial.body.data).toMatchObject({
      action: 'refund',
      type: 'partial',
      status: 'pending_approval',
      transaction_id: transactionId,
      subscription_id: subscription.id,
      currency_code: 'EUR',
      totals: { total: '100', tax: '16', subtotal: '84', currency_code: 'EUR' },
    })
    expect(partial.body.data.id).toMatch(idOf('adj'))
    const tooMuch = await admin(standIn, 'POST', `/transactions/${transactionId}/refund`, {
      type: 'partial',
      amount: 400,
    })
    expect(tooMuch.body.error.code).toBe('adjustment_amount_above_remaining_allowed')
    const approved = await admin(standIn, 'POST', `/adjustments/${partial.body.data.id}/approve`)
    expect(approved.body.events.map((event: Json) => event.event_type)).toEqual([
      'adjustment.updated',
    ])
    const [updated] = await eventsSince(standIn, (await eventTypes(standIn)).length - 1)
    expect(updated.data).toMatchObject({ id: partial.body.data.id, status: 'approved' })
    const rest = await admin(standIn, 'POST', `/transactions/${transactionId}/refund`, {
      type: 'full',
    })
    expect(rest.body.data.totals.total).toBe('399')
    const rejected = await admin(standIn, 'POST', `/adjustments/${rest.body.data.id}/reject`)
    expect(rejected.body.data.status).toBe('rejected')
    const txn = (await api(standIn, 'GET', `/transactions/${transactionId}`)).body.data
    expect(txn.details.adjusted_totals.total).toBe('399')
  })

  it('switches to yearly now, billing the difference for a new period', async () => {
    const { subscription } = await subscribe(standIn, 'yearly@example.com', { country: 'TR' })
    const before = (await eventTypes(standIn)).length
    const patched = await api(standIn, 'PATCH', `/subscriptions/${subscription.id}`, {
      items: [{ price_id: LOCAL_PADDLE.priceProYearly, quantity: 1 }],
      proration_billing_mode: 'prorated_immediately',
    })
    expect(patched.status).toBe(200)
    expect(patched.body.data).toMatchObject({
      billing_cycle: { interval: 'year', frequency: 1 },
      items: [{ price: { id: LOCAL_PADDLE.priceProYearly } }],
    })
    const period = patched.body.data.current_billing_period
    expect(period.ends_at.slice(0, 10)).toBe('2027-03-04')
    const events = await eventsSince(standIn, before)
    expect(events.map((event) => event.event_type)).toEqual([
      'subscription.updated',
      'transaction.created',
      'transaction.billed',
      'transaction.paid',
      'transaction.completed',
    ])
    const charge = events.at(-1).data
    expect(charge).toMatchObject({ origin: 'subscription_update', billing_period: period })
    // The clock has not moved since the monthly payment: all of it comes back as credit.
    expect(charge.details.totals).toMatchObject({
      total: '149000',
      credit: '14900',
      grand_total: '134100',
    })

    const missingMode = await api(standIn, 'PATCH', `/subscriptions/${subscription.id}`, {
      items: [{ price_id: LOCAL_PADDLE.priceProMonthly, quantity: 1 }],
    })
    expect(missingMode.body.error.errors[0].field).toBe('proration_billing_mode')
    const later = (await eventTypes(standIn)).length
    const back = await api(standIn, 'PATCH', `/subscriptions/${subscription.id}`, {
      items: [{ price_id: LOCAL_PADDLE.priceProMonthly, quantity: 1 }],
      proration_billing_mode: 'full_next_billing_period',
    })
    expect(back.body.data.billing_cycle.interval).toBe('month')
    expect(back.body.data.current_billing_period).toEqual(period)
    expect((await eventTypes(standIn)).slice(later)).toEqual(['subscription.updated'])
  })
})

describe('the customer portal', () => {
  it('gives session links whose buttons cancel at the period’s end and keep', async () => {
    const { customer, subscription } = await subscribe(standIn, 'portal@example.com')
    const session = await api(standIn, 'POST', `/customers/${customer.id}/portal-sessions`, {
      subscription_ids: [subscription.id],
    })
    expect(session.status).toBe(201)
    const data = session.body.data
    expect(data.id).toMatch(idOf('cpls'))
    expect(data.customer_id).toBe(customer.id)
    expect(data.urls.subscriptions).toEqual([
      {
        id: subscription.id,
        cancel_subscription: expect.stringContaining('action=cancel_subscription'),
        update_subscription_payment_method: expect.stringContaining(
          'action=update_subscription_payment_method',
        ),
      },
    ])
    const overviewUrl = new URL(data.urls.general.overview)
    expect(overviewUrl.origin).toBe(standIn.url)
    const token = overviewUrl.searchParams.get('token') ?? ''
    expect(token).toMatch(/^pga_/)

    const page = await fetch(overviewUrl)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(subscription.id)
    expect(html).toContain('Cancel subscription')
    expect(html).toContain('Invoices')

    const post = (action: string) =>
      fetch(`${standIn.url}${overviewUrl.pathname}/actions`, {
        method: 'POST',
        body: new URLSearchParams({ token, action, subscription_id: subscription.id }),
        redirect: 'manual',
      })
    const before = (await eventTypes(standIn)).length
    const canceled = await post('cancel_subscription')
    expect(canceled.status).toBe(303)
    const afterCancel = (await api(standIn, 'GET', `/subscriptions/${subscription.id}`)).body.data
    expect(afterCancel.scheduled_change).toMatchObject({ action: 'cancel' })
    expect(await (await fetch(canceled.headers.get('location') ?? '')).text()).toContain(
      'Keep subscription',
    )
    expect((await post('keep_subscription')).status).toBe(303)
    const afterKeep = (await api(standIn, 'GET', `/subscriptions/${subscription.id}`)).body.data
    expect(afterKeep.scheduled_change).toBeNull()
    expect((await eventTypes(standIn)).slice(before)).toEqual([
      'subscription.updated',
      'subscription.updated',
    ])
    expect((await post('update_payment_method')).status).toBe(303)
    expect((await eventTypes(standIn)).length).toBe(before + 2)

    const forged = await fetch(overviewUrl.toString().replace(token, 'pga_forged'))
    expect(forged.status).toBe(403)
    const stranger = await api(standIn, 'POST', '/customers', { email: 'stranger@example.com' })
    const refused = await api(
      standIn,
      'POST',
      `/customers/${stranger.body.data.id}/portal-sessions`,
      { subscription_ids: [subscription.id] },
    )
    expect(refused.status).toBe(404)
  })
})

describe('the pages', () => {
  it('serve the checkout for a transaction, priced for the locale’s country', async () => {
    const customer = (await api(standIn, 'POST', '/customers', { email: 'page@example.com' })).body
      .data
    const txn = (
      await api(standIn, 'POST', '/transactions', {
        items: [{ price_id: LOCAL_PADDLE.priceProMonthly, quantity: 1 }],
        customer_id: customer.id,
      })
    ).body.data
    const page = await fetch(`${txn.checkout.url}&locale=tr&parent_origin=http://127.0.0.1:5173`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<option value="TR" selected>')
    expect(html).toContain('TRY 149.00 per month')
    expect(html).toContain('Includes VAT (20 %): TRY 24.83')
    expect(html).toContain('4242 4242 4242 4242')
    expect(html).toContain('Decline card')
    expect((await fetch(`${standIn.url}/checkout?_ptxn=txn_nothing`)).status).toBe(404)
    const index = await fetch(`${standIn.url}/`)
    expect(await index.text()).toContain(txn.id)
  })
})
