import { randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { LOCAL_PADDLE } from './local-paddle'
import {
  authenticationMalformed,
  authenticationMissing,
  badRequest,
  invalidField,
  invalidToken,
  notFound,
  PaddleApiError,
  type FieldError,
} from './api-errors'
import type { BillingState } from './billing-state'
import { isCurrencyCode, PRICES, priceJson } from './catalog'
import { createCheckoutTransaction } from './checkout-flow'
import { createCustomer } from './customers'
import { customerJson, subscriptionJson, transactionJson } from './entities'
import type { JsonObject } from './records'
import {
  cancelNow,
  changePrice,
  keepSubscription,
  PRORATION_MODES,
  scheduleCancel,
  type ProrationMode,
} from './subscription-flow'

/**
 * The Paddle Billing API subset the worker uses, in Paddle's wire format: bearer API key,
 * `{ data, meta: { request_id } }` (lists add `meta.pagination`), Paddle's error objects.
 */

export const REST_PREFIXES = ['/customers', '/transactions', '/subscriptions', '/prices']

const meta = () => ({ request_id: randomUUID() })

function fail(error: PaddleApiError): Response {
  return new Response(JSON.stringify(error.body()), {
    status: error.status,
    headers: { 'Content-Type': 'application/json' },
  })
}

/** Paddle answers a missing key, a malformed header and a wrong key each in its own way. */
function authenticate(header: string | undefined): PaddleApiError | null {
  if (!header) return authenticationMissing()
  const match = /^Bearer\s+(\S+)$/.exec(header.trim())
  if (!match) return authenticationMalformed()
  return match[1] === LOCAL_PADDLE.apiKey ? null : invalidToken()
}

async function jsonBody(c: Context): Promise<JsonObject> {
  const text = await c.req.text()
  if (!text.trim()) return {}
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as JsonObject
    }
  } catch {
    // Answered below, as Paddle answers a body that is not a JSON object.
  }
  throw badRequest()
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Paddle's custom data: an object, or null to clear it. */
function customData(value: unknown, errors: FieldError[]): JsonObject | null {
  if (value === undefined || value === null) return null
  if (isObject(value)) return value
  errors.push({ field: 'custom_data', message: 'must be a JSON object' })
  return null
}

/** The one item the stand-in's transactions and subscriptions hold. */
function oneItem(value: unknown, errors: FieldError[]): { priceId: string; quantity: number } {
  const item = Array.isArray(value) && value.length === 1 ? value[0] : undefined
  if (!isObject(item) || typeof item.price_id !== 'string') {
    errors.push({ field: 'items', message: 'must hold exactly one item with a price_id' })
    return { priceId: '', quantity: 1 }
  }
  const quantity = item.quantity === undefined ? 1 : item.quantity
  if (quantity !== 1) {
    errors.push({ field: 'items[0].quantity', message: 'must be 1 (quantity 1–1 on this price)' })
  }
  return { priceId: item.price_id, quantity: 1 }
}

function check(errors: FieldError[]): void {
  if (errors.length) throw invalidField(errors)
}

/** `?name=a,b`: Paddle's list filters take comma-separated values. */
function filterValues(c: Context, name: string): string[] | null {
  const raw = c.req.query(name)
  return raw ? raw.split(',').map((value) => value.trim()) : null
}

/** A page of `items` with Paddle's cursor pagination (`after` = the last id seen). */
function page<T extends { id: string }>(
  c: Context,
  state: BillingState,
  items: T[],
  render: (item: T) => unknown,
  defaultPerPage: number,
) {
  const perPage = Math.min(Math.max(Number(c.req.query('per_page')) || defaultPerPage, 1), 200)
  const descending = /\[DESC\]$/i.test(c.req.query('order_by') ?? '')
  const ordered = descending ? [...items].reverse() : items
  const after = c.req.query('after')
  const start = after ? ordered.findIndex((item) => item.id === after) + 1 : 0
  const slice = ordered.slice(start, start + perPage)
  const next = new URL(c.req.url)
  const nextUrl = new URL(`${state.baseUrl}${next.pathname}${next.search}`)
  nextUrl.searchParams.set('after', slice.at(-1)?.id ?? after ?? '')
  return c.json({
    data: slice.map(render),
    meta: {
      ...meta(),
      pagination: {
        per_page: perPage,
        next: nextUrl.toString(),
        has_more: start + perPage < ordered.length,
        estimated_total: ordered.length,
      },
    },
  })
}

export function createRestApi(state: BillingState): Hono {
  const app = new Hono()
  const found = <T>(value: T | undefined, entity: string, id: string): T => {
    if (value === undefined) throw notFound(entity, id)
    return value
  }
  const subscriptionById = (id: string) => found(state.subscriptions.get(id), 'Subscription', id)

  for (const prefix of REST_PREFIXES) {
    for (const path of [prefix, `${prefix}/*`]) {
      app.use(path, async (c, next) => {
        const refused = authenticate(c.req.header('Authorization'))
        if (refused) return fail(refused)
        await next()
      })
    }
  }

  app.onError((error) => {
    if (error instanceof PaddleApiError) return fail(error)
    console.error('Paddle stand-in:', error)
    return new Response(
      JSON.stringify({
        error: {
          type: 'api_error',
          code: 'internal_error',
          detail: String(error),
          documentation_url: 'https://developer.paddle.com/errors/shared/internal_error',
        },
        meta: meta(),
      }),
      { status: 500, headers: { 'Content-Type': 'application/json' } },
    )
  })

  app.get('/customers', (c) => {
    const emails = filterValues(c, 'email')?.map((email) => email.toLowerCase())
    const ids = filterValues(c, 'id')
    const customers = [...state.customers.values()].filter(
      (customer) =>
        (!emails || emails.includes(customer.email)) && (!ids || ids.includes(customer.id)),
    )
    return page(c, state, customers, customerJson, 50)
  })

  app.post('/customers', async (c) => {
    const body = await jsonBody(c)
    const errors: FieldError[] = []
    if (typeof body.email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(body.email)) {
      errors.push({ field: 'email', message: 'must be a valid email address' })
    }
    const data = customData(body.custom_data, errors)
    check(errors)
    const customer = createCustomer(state, {
      email: String(body.email),
      name: typeof body.name === 'string' ? body.name : null,
      locale: typeof body.locale === 'string' ? body.locale : 'en',
      customData: data,
    })
    return c.json({ data: customerJson(customer), meta: meta() }, 201)
  })

  app.get('/customers/:id', (c) => {
    const customer = found(state.customers.get(c.req.param('id')), 'Customer', c.req.param('id'))
    return c.json({ data: customerJson(customer), meta: meta() })
  })

  app.post('/customers/:id/portal-sessions', async (c) => {
    const customer = found(state.customers.get(c.req.param('id')), 'Customer', c.req.param('id'))
    const body = await jsonBody(c)
    const ids = body.subscription_ids ?? []
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
      throw invalidField([{ field: 'subscription_ids', message: 'must be a list of ids' }])
    }
    const subscriptions = ids.map((id: string) => {
      const subscription = subscriptionById(id)
      if (subscription.customerId !== customer.id) throw notFound('Subscription', id)
      return subscription
    })
    const token = state.grantPortal(customer.id)
    return c.json(
      {
        data: {
          id: state.clock.id('cpls'),
          customer_id: customer.id,
          urls: {
            general: { overview: state.portalUrl(token, { action: 'overview' }) },
            subscriptions: subscriptions.map((subscription) => ({
              id: subscription.id,
              cancel_subscription: state.portalUrl(token, {
                action: 'cancel_subscription',
                subscription_id: subscription.id,
              }),
              update_subscription_payment_method: state.portalUrl(token, {
                action: 'update_subscription_payment_method',
                subscription_id: subscription.id,
              }),
            })),
          },
          created_at: state.clock.stamp(),
        },
        meta: meta(),
      },
      201,
    )
  })

  app.post('/transactions', async (c) => {
    const body = await jsonBody(c)
    const errors: FieldError[] = []
    const item = oneItem(body.items, errors)
    const data = customData(body.custom_data, errors)
    const customerId = body.customer_id ?? null
    if (customerId !== null && typeof customerId !== 'string') {
      errors.push({ field: 'customer_id', message: 'must be a customer id' })
    }
    const currency = body.currency_code ?? null
    if (currency !== null && !isCurrencyCode(currency)) {
      errors.push({ field: 'currency_code', message: 'must be one of TRY, EUR, USD' })
    }
    if (body.collection_mode !== undefined && body.collection_mode !== 'automatic') {
      errors.push({ field: 'collection_mode', message: 'the stand-in collects automatically' })
    }
    check(errors)
    const txn = createCheckoutTransaction(state, {
      priceId: item.priceId,
      quantity: item.quantity,
      customerId: customerId as string | null,
      customData: data,
      currency: isCurrencyCode(currency) ? currency : null,
    })
    return c.json({ data: transactionJson(state, txn), meta: meta() }, 201)
  })

  app.get('/transactions', (c) => {
    const subscriptionIds = filterValues(c, 'subscription_id')
    const customerIds = filterValues(c, 'customer_id')
    const statuses = filterValues(c, 'status')
    const ids = filterValues(c, 'id')
    const transactions = [...state.transactions.values()].filter(
      (txn) =>
        (!subscriptionIds || subscriptionIds.includes(txn.subscriptionId ?? 'null')) &&
        (!customerIds || customerIds.includes(txn.customerId ?? '')) &&
        (!statuses || statuses.includes(txn.status)) &&
        (!ids || ids.includes(txn.id)),
    )
    return page(c, state, transactions, (txn) => transactionJson(state, txn), 30)
  })

  app.get('/transactions/:id', (c) => {
    const id = c.req.param('id')
    const txn = found(state.transactions.get(id), 'Transaction', id)
    return c.json({ data: transactionJson(state, txn), meta: meta() })
  })

  app.get('/transactions/:id/invoice', (c) => {
    const id = c.req.param('id')
    const txn = found(state.transactions.get(id), 'Transaction', id)
    // Automatically collected transactions have an invoice PDF once completed.
    if (txn.status !== 'completed') {
      throw badRequest('Invoice PDFs are only available for completed transactions.')
    }
    const disposition = c.req.query('disposition') === 'inline' ? 'inline' : 'attachment'
    return c.json({ data: { url: state.invoiceUrl(txn.id, disposition) }, meta: meta() })
  })

  app.get('/subscriptions', (c) => {
    const customerIds = filterValues(c, 'customer_id')
    const statuses = filterValues(c, 'status')
    const subscriptions = [...state.subscriptions.values()].filter(
      (subscription) =>
        (!customerIds || customerIds.includes(subscription.customerId)) &&
        (!statuses || statuses.includes(subscription.status)),
    )
    return page(c, state, subscriptions, (s) => subscriptionJson(state, s), 50)
  })

  app.get('/subscriptions/:id', (c) => {
    const subscription = subscriptionById(c.req.param('id'))
    return c.json({ data: subscriptionJson(state, subscription), meta: meta() })
  })

  app.patch('/subscriptions/:id', async (c) => {
    const subscription = subscriptionById(c.req.param('id'))
    const body = await jsonBody(c)
    const errors: FieldError[] = []
    const item = body.items === undefined ? null : oneItem(body.items, errors)
    const mode = body.proration_billing_mode
    if (item && !PRORATION_MODES.includes(mode as ProrationMode)) {
      errors.push({
        field: 'proration_billing_mode',
        message: `is required with items, one of ${PRORATION_MODES.join(', ')}`,
      })
    }
    if (body.scheduled_change !== undefined && body.scheduled_change !== null) {
      throw new PaddleApiError(
        400,
        'subscription_scheduled_change_invalid_update',
        "You can only set the `scheduled_change` field to `null`. Other updates aren't allowed.",
        'subscriptions',
      )
    }
    const data = body.custom_data === undefined ? undefined : customData(body.custom_data, errors)
    check(errors)
    if (body.scheduled_change === null) keepSubscription(state, subscription)
    if (data !== undefined) subscription.customData = data
    if (item) changePrice(state, subscription, item.priceId, mode as ProrationMode)
    else if (data !== undefined) {
      subscription.updatedAt = state.clock.stamp()
      state.emit('subscription.updated', subscriptionJson(state, subscription, 'event'))
    }
    return c.json({ data: subscriptionJson(state, subscription), meta: meta() })
  })

  app.post('/subscriptions/:id/cancel', async (c) => {
    const subscription = subscriptionById(c.req.param('id'))
    const body = await jsonBody(c)
    const effectiveFrom = body.effective_from ?? 'next_billing_period'
    if (effectiveFrom === 'immediately') cancelNow(state, subscription)
    else if (effectiveFrom === 'next_billing_period') scheduleCancel(state, subscription)
    else {
      throw invalidField([
        { field: 'effective_from', message: 'must be next_billing_period or immediately' },
      ])
    }
    return c.json({ data: subscriptionJson(state, subscription), meta: meta() })
  })

  app.get('/prices', (c) => page(c, state, [...PRICES], priceJson, 50))

  app.get('/prices/:id', (c) => {
    const id = c.req.param('id')
    const price = found(
      PRICES.find((entry) => entry.id === id),
      'Price',
      id,
    )
    return c.json({ data: priceJson(price), meta: meta() })
  })

  return app
}
