import { ADMIN_PREFIX } from './admin-api'
import type { BillingState } from './billing-state'
import { catalogPrice, nextBilledAt, transactionAmounts } from './entities'
import { escapeHtml, formatDay, renderPage } from './page-layout'
import type { SubscriptionRecord, TransactionRecord } from './records'
import { formatMoney } from './totals'

/**
 * `GET /`: the stand-in's state at a glance (customers, subscriptions, transactions, refunds,
 * events and their deliveries) with buttons for what Paddle would do by itself.
 */

function button(path: string, label: string, fields: Record<string, string> = {}, style = '') {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('')
  return `<form method="post" action="${ADMIN_PREFIX}${path}">${inputs}<button type="submit"${
    style ? ` class="${style}"` : ''
  }>${escapeHtml(label)}</button></form>`
}

function table(headings: string[], rows: string[], empty: string): string {
  if (!rows.length) return `<p class="muted">${escapeHtml(empty)}</p>`
  return `<div class="table"><table><thead><tr>${headings.map((h) => `<th>${h}</th>`).join('')}</tr></thead>
    <tbody>${rows.join('')}</tbody></table></div>`
}

function subscriptionRow(state: BillingState, subscription: SubscriptionRecord): string {
  const customer = state.customers.get(subscription.customerId)
  const price = catalogPrice(subscription.priceId)
  const next = nextBilledAt(subscription)
  const when = subscription.scheduledChange
    ? `ends ${formatDay(subscription.scheduledChange.effective_at)}`
    : next
      ? `renews ${formatDay(next)}`
      : ''
  const path = `/subscriptions/${subscription.id}`
  const actions =
    subscription.status === 'active'
      ? [
          button(`${path}/advance`, 'Reach period end', {}, 'primary'),
          button(`${path}/fail-payment`, 'Fail next payment'),
          subscription.scheduledChange
            ? button(`${path}/keep`, 'Keep')
            : button(`${path}/cancel`, 'Cancel at period end'),
          button(`${path}/cancel`, 'Cancel now', { effective_from: 'immediately' }, 'danger'),
        ]
      : subscription.status === 'past_due'
        ? [
            button(`${path}/recover`, 'Recover payment', {}, 'primary'),
            button(`${path}/dunning-exhausted`, 'Dunning exhausted', {}, 'danger'),
          ]
        : []
  return `<tr><td><code>${subscription.id}</code><br>${escapeHtml(customer?.email ?? '')}</td>
    <td><span class="badge">${subscription.status}</span><br>${escapeHtml(price.name)} · ${subscription.currency}
    <br><span class="muted">${escapeHtml(when)}</span></td>
    <td><code>${escapeHtml(JSON.stringify(subscription.customData))}</code></td>
    <td><div class="actions">${actions.join('')}</div></td></tr>`
}

function transactionRow(state: BillingState, txn: TransactionRecord): string {
  const total = transactionAmounts(txn).grand.total
  const actions = [
    txn.status === 'ready' || txn.status === 'draft'
      ? `<a href="/checkout?_ptxn=${txn.id}">Open checkout</a>`
      : '',
    txn.status === 'completed'
      ? `<a href="${escapeHtml(state.invoiceUrl(txn.id, 'inline'))}">Invoice</a>`
      : '',
    txn.status === 'completed' ? button(`/transactions/${txn.id}/refund`, 'Refund in full') : '',
  ]
  return `<tr><td><code>${txn.id}</code></td>
    <td><span class="badge">${txn.status}</span><br><span class="muted">${txn.origin}</span></td>
    <td>${escapeHtml(formatMoney(total, txn.currency))}<br><span class="muted">${escapeHtml(
      txn.invoiceNumber ?? '',
    )}</span></td>
    <td><div class="actions">${actions.join('')}</div></td></tr>`
}

export function renderAdminPage(state: BillingState, error?: string): string {
  const customers = [...state.customers.values()].reverse().map(
    (customer) =>
      `<tr><td><code>${customer.id}</code></td><td>${escapeHtml(customer.email)}</td>
        <td>${formatDay(customer.createdAt)}</td></tr>`,
  )
  const subscriptions = [...state.subscriptions.values()]
    .reverse()
    .map((s) => subscriptionRow(state, s))
  const transactions = [...state.transactions.values()]
    .reverse()
    .map((t) => transactionRow(state, t))
  const adjustments = [...state.adjustments.values()].reverse().map((adjustment) => {
    const actions =
      adjustment.status === 'pending_approval'
        ? button(`/adjustments/${adjustment.id}/approve`, 'Approve', {}, 'primary') +
          button(`/adjustments/${adjustment.id}/reject`, 'Reject')
        : ''
    return `<tr><td><code>${adjustment.id}</code><br><code>${adjustment.transactionId}</code></td>
      <td>${escapeHtml(formatMoney(adjustment.amount, adjustment.currency))} (${adjustment.type})</td>
      <td><span class="badge">${adjustment.status}</span></td><td><div class="actions">${actions}</div></td></tr>`
  })
  const events = [...state.log.list()].reverse().map((event) => {
    const delivery = event.delivery
      ? `${event.delivery.status}, ${event.delivery.attempts} attempt(s)`
      : 'not sent (no webhook URL)'
    return `<tr><td>${escapeHtml(event.occurred_at)}</td><td><strong>${escapeHtml(event.event_type)}</strong>
      <details><summary class="muted">${event.event_id}</summary><pre><code>${escapeHtml(
        JSON.stringify(JSON.parse(event.body), null, 2),
      )}</code></pre></details></td>
      <td>${escapeHtml(delivery)}</td>
      <td>${state.log.webhookUrl ? button(`/events/${event.event_id}/redeliver`, 'Send again') : ''}</td></tr>`
  })
  const body = `
    <h1>Paddle stand-in</h1>
    <p class="muted">A local Paddle Billing sandbox for Kıymet. Webhooks go to
      <code>${escapeHtml(state.log.webhookUrl ?? 'nowhere (no webhook URL set)')}</code>.
      JSON for tests under <code>${ADMIN_PREFIX}/</code>: events, customers, subscriptions, transactions.</p>
    ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
    <section class="card"><h2>Subscriptions</h2>${table(['Subscription', 'State', 'Custom data', ''], subscriptions, 'None yet: pay a checkout.')}</section>
    <section class="card"><h2>Transactions</h2>${table(['Transaction', 'Status', 'Total', ''], transactions, 'None yet.')}</section>
    <section class="card"><h2>Refunds</h2>${table(['Adjustment', 'Amount', 'Status', ''], adjustments, 'None.')}</section>
    <section class="card"><h2>Customers</h2>${table(['Customer', 'Email', 'Created'], customers, 'None yet.')}</section>
    <section class="card"><h2>Events</h2>${table(['Occurred', 'Event', 'Delivery', ''], events, 'None yet.')}</section>`
  return renderPage({ title: 'Paddle stand-in', body })
}
