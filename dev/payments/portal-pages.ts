import { Hono, type Context } from 'hono'
import { PaddleApiError } from './api-errors'
import { PORTAL_ID, type BillingState } from './billing-state'
import { PRODUCT, unitAmount } from './catalog'
import { catalogPrice, nextBilledAt, transactionAmounts } from './entities'
import { escapeHtml, formatDay, renderPage } from './page-layout'
import type { CustomerRecord, SubscriptionRecord } from './records'
import { keepSubscription, scheduleCancel, updatePaymentMethod } from './subscription-flow'
import { formatMoney } from './totals'

/**
 * The customer portal the links of `POST /customers/{id}/portal-sessions` open
 * (`/portal/cpl_…?action=overview&token=pga_…`): subscriptions with cancel at the period's end,
 * keep (undo that cancel) and update payment method, and invoices to download. A token works
 * for an hour; every form posts it back.
 */

const NOTICES: Record<string, string> = {
  canceled: 'Your subscription will end at the end of the billing period.',
  kept: 'Your subscription continues.',
  payment_method_updated: 'Your payment method was updated.',
}

type PortalAction = 'cancel_subscription' | 'keep_subscription' | 'update_payment_method'

function hidden(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('')
}

function actionForm(
  token: string,
  subscription: SubscriptionRecord,
  action: PortalAction,
  label: string,
  style = '',
) {
  return `<form method="post" action="/portal/${PORTAL_ID}/actions">${hidden({
    token,
    action,
    subscription_id: subscription.id,
  })}<button type="submit"${style ? ` class="${style}"` : ''}>${label}</button></form>`
}

function describe(subscription: SubscriptionRecord): string {
  const next = nextBilledAt(subscription)
  if (subscription.status === 'canceled') {
    return `Canceled on ${formatDay(subscription.canceledAt ?? subscription.updatedAt)}`
  }
  if (subscription.status === 'past_due') {
    return 'Your last payment failed. Update your payment method to keep your subscription.'
  }
  if (subscription.scheduledChange) {
    return `Ends on ${formatDay(subscription.scheduledChange.effective_at)}`
  }
  return next ? `Next billing on ${formatDay(next)}` : ''
}

function subscriptionCard(state: BillingState, token: string, subscription: SubscriptionRecord) {
  const price = catalogPrice(subscription.priceId)
  const amount = unitAmount(price, subscription.currency) * subscription.quantity
  const link = state.portalUrl(token, {
    action: 'update_subscription_payment_method',
    subscription_id: subscription.id,
  })
  const live = subscription.status !== 'canceled'
  const buttons = live
    ? [
        subscription.scheduledChange
          ? actionForm(token, subscription, 'keep_subscription', 'Keep subscription', 'primary')
          : actionForm(token, subscription, 'cancel_subscription', 'Cancel subscription', 'danger'),
        `<a href="${escapeHtml(link)}">Update payment method</a>`,
      ].join('')
    : ''
  return `<article class="card" data-subscription="${subscription.id}">
    <h2>${escapeHtml(PRODUCT.name)} · ${escapeHtml(price.name)}</h2>
    <p><span class="badge">${subscription.status.replace('_', ' ')}</span>
      ${escapeHtml(formatMoney(amount, subscription.currency))} per ${price.interval}</p>
    <p>${escapeHtml(describe(subscription))}</p>
    <p class="muted"><code>${subscription.id}</code></p>
    ${buttons ? `<div class="actions">${buttons}</div>` : ''}
  </article>`
}

function invoicesTable(state: BillingState, customer: CustomerRecord): string {
  const rows = state
    .transactionsOfCustomer(customer.id)
    .filter((txn) => txn.status === 'completed')
    .reverse()
    .map((txn) => {
      const total = transactionAmounts(txn).grand.total
      return `<tr><td>${formatDay(txn.billedAt ?? txn.updatedAt)}</td>
        <td>${escapeHtml(txn.invoiceNumber ?? '')}</td>
        <td>${escapeHtml(formatMoney(total, txn.currency))}</td>
        <td><a href="${escapeHtml(state.invoiceUrl(txn.id))}">Download</a></td></tr>`
    })
  if (!rows.length) return '<p class="muted">No invoices yet.</p>'
  return `<div class="table"><table><thead><tr><th>Date</th><th>Invoice</th><th>Total</th><th></th></tr></thead>
    <tbody>${rows.join('')}</tbody></table></div>`
}

function overview(state: BillingState, token: string, customer: CustomerRecord, notice?: string) {
  const subscriptions = state.subscriptionsOf(customer.id)
  const list = subscriptions.length
    ? subscriptions.map((s) => subscriptionCard(state, token, s)).join('')
    : '<p class="muted">No subscriptions.</p>'
  const message = notice && NOTICES[notice]
  return `
    <p class="muted">Paddle customer portal · local stand-in</p>
    <h1>Your subscriptions</h1>
    <p class="muted">Signed in as ${escapeHtml(customer.email)}</p>
    ${message ? `<p class="notice" role="status">${escapeHtml(message)}</p>` : ''}
    ${list}
    <section class="card"><h2>Invoices</h2>${invoicesTable(state, customer)}</section>`
}

function cancelPage(state: BillingState, token: string, subscription: SubscriptionRecord) {
  const back = state.portalUrl(token, { action: 'overview' })
  const end = subscription.period ? formatDay(subscription.period.ends_at) : ''
  return `<section class="card"><h1>Cancel subscription?</h1>
    <p>You keep ${escapeHtml(PRODUCT.name)} until ${escapeHtml(end)}. After that it ends and is not billed again.</p>
    <div class="actions">
      ${actionForm(token, subscription, 'cancel_subscription', 'Cancel subscription', 'danger')}
      <a href="${escapeHtml(back)}">Keep subscription</a>
    </div></section>`
}

function paymentMethodPage(token: string, subscription: SubscriptionRecord) {
  return `<section class="card"><h1>Update payment method</h1>
    <form method="post" action="/portal/${PORTAL_ID}/actions">
      ${hidden({ token, action: 'update_payment_method', subscription_id: subscription.id })}
      <label for="card">Card number</label><input id="card" value="4242 4242 4242 4242" autocomplete="off">
      <div class="row">
        <div><label for="expiry">Expiry</label><input id="expiry" value="12/34" autocomplete="off"></div>
        <div><label for="cvc">CVC</label><input id="cvc" value="123" autocomplete="off"></div>
      </div>
      <div class="actions"><button class="primary" type="submit">Update payment method</button></div>
    </form></section>`
}

function refused(c: Context) {
  return c.html(
    renderPage({
      title: 'Link expired',
      body: `<section class="card"><h1>This link has expired</h1>
        <p>Open the customer portal from the app again.</p></section>`,
      narrow: true,
    }),
    403,
  )
}

export function createPortalRoutes(state: BillingState): Hono {
  const app = new Hono()

  const subscriptionOf = (customer: CustomerRecord, id: string | undefined) => {
    const subscription = id ? state.subscriptions.get(id) : undefined
    return subscription?.customerId === customer.id ? subscription : undefined
  }

  app.get(`/portal/${PORTAL_ID}`, (c) => {
    const token = c.req.query('token') ?? ''
    const customer = state.portalCustomer(token)
    if (!customer) return refused(c)
    const action = c.req.query('action') ?? 'overview'
    const subscription = subscriptionOf(customer, c.req.query('subscription_id'))
    let body = overview(state, token, customer, c.req.query('notice'))
    if (action === 'cancel_subscription' && subscription?.status === 'active') {
      body = subscription.scheduledChange
        ? overview(state, token, customer, 'canceled')
        : cancelPage(state, token, subscription)
    }
    if (action === 'update_subscription_payment_method' && subscription) {
      body = paymentMethodPage(token, subscription)
    }
    return c.html(renderPage({ title: 'Customer portal', body }))
  })

  app.post(`/portal/${PORTAL_ID}/actions`, async (c) => {
    const form = await c.req.parseBody()
    const token = typeof form.token === 'string' ? form.token : ''
    const customer = state.portalCustomer(token)
    if (!customer) return refused(c)
    const subscription = subscriptionOf(
      customer,
      typeof form.subscription_id === 'string' ? form.subscription_id : undefined,
    )
    if (!subscription) return c.text('No such subscription for this customer.', 404)
    const actions: Record<string, [() => void, string]> = {
      cancel_subscription: [() => scheduleCancel(state, subscription), 'canceled'],
      keep_subscription: [() => keepSubscription(state, subscription), 'kept'],
      update_payment_method: [
        () => updatePaymentMethod(state, subscription),
        'payment_method_updated',
      ],
    }
    const chosen = actions[String(form.action)]
    if (!chosen) return c.text('Unknown action.', 400)
    try {
      chosen[0]()
    } catch (error) {
      if (!(error instanceof PaddleApiError)) throw error
      return c.text(error.detail, error.status)
    }
    return c.redirect(state.portalUrl(token, { action: 'overview', notice: chosen[1] }), 303)
  })

  return app
}
