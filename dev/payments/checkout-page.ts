import { Hono, type Context } from 'hono'
import { scriptSafeJson } from '../../worker/render/html-escape'
import { PaddleApiError } from './api-errors'
import type { BillingState } from './billing-state'
import {
  CHECKOUT_COUNTRIES,
  countryOfLocale,
  currencyOfCountry,
  isCountryCode,
  PRODUCT,
  type CountryCode,
} from './catalog'
import {
  checkoutEventData,
  declineCheckout,
  payCheckout,
  type CheckoutSettings,
} from './checkout-flow'
import { catalogPrice, transactionAmounts } from './entities'
import { escapeHtml, renderPage } from './page-layout'
import type { TransactionRecord } from './records'
import { formatMoney } from './totals'

/**
 * The checkout Paddle.js shows in its overlay iframe (`/checkout?_ptxn=…`): the product, the
 * price in the chosen country's currency with its VAT, a test card, and "Pay" or "Decline card".
 * It tells the page that opened it what happens with `postMessage` to `parent_origin`, in the
 * shape of Paddle.js events; paddle-js.ts turns those into `eventCallback` calls.
 */

/** The message type paddle-js.ts listens for. */
export const CHECKOUT_MESSAGE = 'paddle-stand-in-checkout'

type Theme = CheckoutSettings['theme']

function countryOffer(txn: TransactionRecord, country: CountryCode) {
  const priced = { ...txn, countryCode: country, currency: currencyOfCountry(country) }
  const { line, taxRate } = transactionAmounts(priced)
  const interval = catalogPrice(txn.priceId).interval
  const rate = `${Math.round(Number(taxRate) * 1000) / 10} %`
  return {
    price: `${formatMoney(line.total, priced.currency)} per ${interval}`,
    tax:
      line.tax === 0
        ? 'No VAT or sales tax is charged in this country.'
        : `Includes VAT (${rate}): ${formatMoney(line.tax, priced.currency)}`,
  }
}

function renderCheckout(c: Context, state: BillingState, txn: TransactionRecord) {
  const theme: Theme | null =
    c.req.query('theme') === 'dark' ? 'dark' : c.req.query('theme') === 'light' ? 'light' : null
  const settings: CheckoutSettings = { checkoutId: state.clock.id('che'), theme: theme ?? 'light' }
  const preferred = txn.countryCode ?? countryOfLocale(c.req.query('locale'))
  const price = catalogPrice(txn.priceId)
  const customer = txn.customerId ? state.customers.get(txn.customerId) : undefined
  const open = txn.status === 'ready' || txn.status === 'draft'
  const config = {
    transactionId: txn.id,
    parentOrigin: c.req.query('parent_origin') ?? null,
    checkoutId: settings.checkoutId,
    theme: settings.theme,
    messageType: CHECKOUT_MESSAGE,
    open,
    countries: Object.fromEntries(
      CHECKOUT_COUNTRIES.map(({ code }) => [
        code,
        {
          ...countryOffer(txn, code),
          data: checkoutEventData(state, txn, code, settings),
        },
      ]),
    ),
  }
  const options = CHECKOUT_COUNTRIES.map(
    ({ code, name }) =>
      `<option value="${code}"${code === preferred ? ' selected' : ''}>${escapeHtml(name)}</option>`,
  ).join('')
  const offer = countryOffer(txn, preferred)
  const emailField = customer
    ? `<p class="muted">Paying as <strong>${escapeHtml(customer.email)}</strong></p>`
    : `<label for="email">Email</label><input id="email" name="email" type="email" value="buyer@example.com" autocomplete="off">`
  const form = `
    ${emailField}
    <label for="country">Country</label>
    <select id="country" name="country">${options}</select>
    <label for="card">Card number</label>
    <input id="card" value="4242 4242 4242 4242" inputmode="numeric" autocomplete="off">
    <div class="row">
      <div><label for="expiry">Expiry</label><input id="expiry" value="12/34" autocomplete="off"></div>
      <div><label for="cvc">CVC</label><input id="cvc" value="123" autocomplete="off"></div>
    </div>
    <label for="holder">Name on card</label>
    <input id="holder" value="Local Tester" autocomplete="off">
    <p id="error" class="error" role="alert" hidden></p>
    <div class="actions">
      <button id="pay" class="primary" type="button">Pay</button>
      <button id="decline" class="danger" type="button">Decline card</button>
    </div>`
  const body = `
  <section class="card" aria-labelledby="title">
    <button id="close" class="close" type="button" aria-label="Close checkout">×</button>
    <p class="muted">Paddle checkout · local stand-in · sandbox</p>
    <h1 id="title">${escapeHtml(PRODUCT.name)}</h1>
    <p>${escapeHtml(price.name)} subscription, billed every ${price.interval}</p>
    <p class="price" id="price">${escapeHtml(offer.price)}</p>
    <p class="muted" id="tax">${escapeHtml(offer.tax)}</p>
    <div id="form"${open ? '' : ' hidden'}>${form}</div>
    <div id="done" class="notice" role="status"${open ? ' hidden' : ''}>
      <p><strong>${open ? 'Payment successful' : 'This checkout is already complete.'}</strong></p>
      <p class="muted">Nothing was charged: this is the local Paddle stand-in.</p>
    </div>
    <p class="muted">Paddle.com is the merchant of record for this order.</p>
  </section>`
  return renderPage({
    title: `Checkout · ${PRODUCT.name}`,
    body,
    embedded: Boolean(config.parentOrigin),
    theme,
    narrow: true,
    script: `window.CHECKOUT = ${scriptSafeJson(config)};\n${CHECKOUT_SCRIPT}`,
  })
}

/** The page's behaviour: keep the price in step with the country, pay or decline, tell Paddle.js. */
const CHECKOUT_SCRIPT = `
(function () {
  var config = window.CHECKOUT
  var $ = function (id) { return document.getElementById(id) }
  var country = $('country')
  function selected() { return config.countries[country ? country.value : 'US'] }
  function tell(name, data) {
    if (window.parent === window || !config.parentOrigin) return
    window.parent.postMessage({ type: config.messageType, event: { name: name, data: data } }, config.parentOrigin)
  }
  function show(offer) { $('price').textContent = offer.price; $('tax').textContent = offer.tax }
  function busy(on) { $('pay').disabled = on; $('decline').disabled = on }
  function submit(action) {
    busy(true)
    $('error').hidden = true
    var email = $('email')
    fetch('/checkout/' + encodeURIComponent(config.transactionId) + '/' + action, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        country_code: country.value,
        email: email ? email.value : undefined,
        checkout_id: config.checkoutId,
        theme: config.theme
      })
    }).then(function (response) {
      return response.json().then(function (answer) {
        if (answer.event) tell(answer.event.name, answer.event.data)
        if (response.ok) {
          $('form').hidden = true
          $('done').hidden = false
        } else {
          $('error').textContent = answer.message || 'Something went wrong.'
          $('error').hidden = false
          busy(false)
        }
      })
    }).catch(function () {
      $('error').textContent = 'The stand-in did not answer.'
      $('error').hidden = false
      busy(false)
    })
  }
  if (country) country.addEventListener('change', function () { show(selected()) })
  if (config.open) {
    $('pay').addEventListener('click', function () { submit('pay') })
    $('decline').addEventListener('click', function () { submit('decline') })
  }
  $('close').addEventListener('click', function () { tell('checkout.closed', selected().data) })
  tell('checkout.loaded', selected().data)
})()
`

function notFoundPage(message: string) {
  return renderPage({
    title: 'Checkout not found',
    body: `<section class="card"><h1>Checkout not found</h1><p>${escapeHtml(message)}</p></section>`,
    narrow: true,
  })
}

/** `/checkout` and the two buttons' endpoints. */
export function createCheckoutRoutes(state: BillingState): Hono {
  const app = new Hono()

  app.get('/checkout', (c) => {
    const id = c.req.query('_ptxn') ?? ''
    const txn = state.transactions.get(id)
    if (!txn) return c.html(notFoundPage(`There is no transaction ${id}.`), 404)
    return c.html(renderCheckout(c, state, txn))
  })

  for (const action of ['pay', 'decline'] as const) {
    app.post(`/checkout/:id/${action}`, async (c) => {
      const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>
      const country = body.country_code
      if (!isCountryCode(country)) return c.json({ message: 'Choose a country.' }, 400)
      const settings: CheckoutSettings = {
        checkoutId: typeof body.checkout_id === 'string' ? body.checkout_id : state.clock.id('che'),
        theme: body.theme === 'dark' ? 'dark' : 'light',
      }
      const answer = {
        countryCode: country,
        email: typeof body.email === 'string' ? body.email : undefined,
      }
      try {
        const { transaction } =
          action === 'pay'
            ? payCheckout(state, c.req.param('id'), answer)
            : declineCheckout(state, c.req.param('id'), answer)
        const data = checkoutEventData(state, transaction, country, settings)
        if (action === 'pay') return c.json({ event: { name: 'checkout.completed', data } })
        return c.json(
          {
            message: 'Your card was declined. Try another card.',
            event: { name: 'checkout.payment.failed', data },
          },
          402,
        )
      } catch (error) {
        if (!(error instanceof PaddleApiError)) throw error
        return c.json({ message: error.detail, error: error.body().error }, error.status)
      }
    })
  }

  return app
}
