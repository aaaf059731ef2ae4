import { Hono, type Context } from 'hono'
import { notFound, PaddleApiError } from './api-errors'
import type { BillingState } from './billing-state'
import { adjustmentJson, customerJson, subscriptionJson, transactionJson } from './entities'
import type { StoredEvent } from './event-log'
import { decideRefund, refund } from './refunds'
import type { SubscriptionRecord } from './records'
import {
  cancelNow,
  exhaustDunning,
  failRenewal,
  keepSubscription,
  reachPeriodEnd,
  recover,
  scheduleCancel,
} from './subscription-flow'

/**
 * `/__stand-in/…`: what Paddle does on its own (renewals, failed payments, dunning, refund
 * decisions) on demand, and the event log, for tests and developers. No authentication: the
 * stand-in listens on 127.0.0.1 only. JSON in and out; the index page's forms post
 * `application/x-www-form-urlencoded` and are sent back to the page.
 */

export const ADMIN_PREFIX = '/__stand-in'

export function eventJson(event: StoredEvent) {
  return {
    event_id: event.event_id,
    event_type: event.event_type,
    occurred_at: event.occurred_at,
    body: event.body,
    delivery: event.delivery ? { ...event.delivery } : null,
  }
}

const isForm = (c: Context) =>
  (c.req.header('Content-Type') ?? '').startsWith('application/x-www-form-urlencoded')

async function input(c: Context): Promise<Record<string, unknown>> {
  if (isForm(c)) return (await c.req.parseBody()) as Record<string, unknown>
  const text = await c.req.text()
  if (!text.trim()) return {}
  const value: unknown = JSON.parse(text)
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
}

export function createAdminApi(state: BillingState): Hono {
  const app = new Hono().basePath(ADMIN_PREFIX)

  /** Runs an action and answers with its result and the events it emitted. */
  async function act(c: Context, run: (body: Record<string, unknown>) => unknown) {
    const before = state.log.list().length
    let body: Record<string, unknown>
    try {
      body = await input(c)
    } catch {
      return c.json({ error: { code: 'bad_request', detail: 'The body is not JSON.' } }, 400)
    }
    try {
      const data = run(body)
      if (isForm(c)) return c.redirect('/', 303)
      const events = state.log
        .list()
        .slice(before)
        .map(({ event_id, event_type }) => ({ event_id, event_type }))
      return c.json({ data, events })
    } catch (error) {
      if (!(error instanceof PaddleApiError)) throw error
      if (isForm(c)) return c.redirect(`/?error=${encodeURIComponent(error.detail)}`, 303)
      return c.json(error.body(), error.status)
    }
  }

  const subscription = (id: string): SubscriptionRecord => {
    const found = state.subscriptions.get(id)
    if (!found) throw notFound('Subscription', id)
    return found
  }

  const subscriptionActions: Record<
    string,
    (s: SubscriptionRecord, body: Record<string, unknown>) => unknown
  > = {
    advance: (s) => reachPeriodEnd(state, s),
    'fail-payment': (s) => failRenewal(state, s),
    recover: (s) => recover(state, s),
    'dunning-exhausted': (s) => exhaustDunning(state, s),
    cancel: (s, body) =>
      body.effective_from === 'immediately' ? cancelNow(state, s) : scheduleCancel(state, s),
    keep: (s) => keepSubscription(state, s),
  }
  for (const [name, run] of Object.entries(subscriptionActions)) {
    app.post(`/subscriptions/:id/${name}`, (c) =>
      act(c, (body) => {
        const target = subscription(c.req.param('id'))
        const result = run(target, body)
        const charge =
          typeof result === 'object' && result !== null && 'id' in result
            ? state.transactions.get(String(result.id))
            : undefined
        return {
          subscription: subscriptionJson(state, target),
          transaction: charge ? transactionJson(state, charge) : null,
        }
      }),
    )
  }

  app.post('/transactions/:id/refund', (c) =>
    act(c, (body) => {
      const type = body.type === 'partial' ? 'partial' : 'full'
      const amount =
        body.amount === undefined || body.amount === '' ? undefined : Number(body.amount)
      const reason = typeof body.reason === 'string' ? body.reason : undefined
      const adjustment = refund(state, c.req.param('id'), { type, amount, reason })
      const txn = state.transactions.get(adjustment.transactionId)
      return txn ? adjustmentJson(adjustment, txn) : null
    }),
  )

  for (const [name, decision] of [
    ['approve', 'approved'],
    ['reject', 'rejected'],
  ] as const) {
    app.post(`/adjustments/:id/${name}`, (c) =>
      act(c, () => {
        const adjustment = decideRefund(state, c.req.param('id'), decision)
        const txn = state.transactions.get(adjustment.transactionId)
        return txn ? adjustmentJson(adjustment, txn) : null
      }),
    )
  }

  app.get('/events', (c) => c.json(state.log.list().map(eventJson)))

  app.get('/events/:id/signed', async (c) => {
    const event = state.log.find(c.req.param('id'))
    if (!event) return c.json(notFound('Event', c.req.param('id')).body(), 404)
    return c.json(await state.log.signed(event))
  })

  app.post('/events/:id/redeliver', (c) => {
    const event = state.log.find(c.req.param('id'))
    if (!event) return c.json(notFound('Event', c.req.param('id')).body(), 404)
    state.log.redeliver(event)
    if (isForm(c)) return c.redirect('/', 303)
    return c.json(eventJson(event), 202)
  })

  app.get('/customers', (c) => c.json([...state.customers.values()].map(customerJson)))

  app.get('/subscriptions', (c) => {
    const customerId = c.req.query('customer_id')
    const list = [...state.subscriptions.values()].filter(
      (s) => !customerId || s.customerId === customerId,
    )
    return c.json(list.map((s) => subscriptionJson(state, s)))
  })

  app.get('/transactions', (c) => {
    const subscriptionId = c.req.query('subscription_id')
    const customerId = c.req.query('customer_id')
    const list = [...state.transactions.values()].filter(
      (t) =>
        (!subscriptionId || t.subscriptionId === subscriptionId) &&
        (!customerId || t.customerId === customerId),
    )
    return c.json(list.map((t) => transactionJson(state, t)))
  })

  app.get('/adjustments', (c) =>
    c.json(
      [...state.adjustments.values()].flatMap((adjustment) => {
        const txn = state.transactions.get(adjustment.transactionId)
        return txn ? [adjustmentJson(adjustment, txn)] : []
      }),
    ),
  )

  return app
}
