import type { Checkout, PaddleClient } from '../../shared/api/schemas'
import type { Locale } from '../../shared/i18n/locales'

/**
 * Paddle.js, loaded from where the worker says (Paddle's CDN; the local stand-in in
 * development) only when a checkout opens: the card is typed into Paddle's frame, never into
 * our page. The subset used here is Paddle.js v2's documented API (developer.paddle.com,
 * "Paddle.js").
 */

/** What the checkout reports back (Paddle.js's `eventCallback` names). */
export type CheckoutOutcome = 'completed' | 'closed'

interface PaddleEvent {
  name?: string
}

interface PaddleJs {
  Environment: { set(environment: 'sandbox'): void }
  Initialize(options: { token: string; eventCallback: (event: PaddleEvent) => void }): void
  Checkout: {
    open(options: {
      transactionId: string
      settings: { displayMode: 'overlay'; locale: Locale; theme: 'light' | 'dark' }
    }): void
    close(): void
  }
}

declare global {
  interface Window {
    Paddle?: PaddleJs
  }
}

let loading: Promise<PaddleJs> | null = null
// Paddle.js takes one eventCallback for the page's life, so it calls whichever checkout is open.
let onEvent: (event: PaddleEvent) => void = () => undefined

function loadPaddle({ scriptUrl, token, environment }: PaddleClient): Promise<PaddleJs> {
  loading ??= new Promise<PaddleJs>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = scriptUrl
    script.async = true
    script.onload = () => {
      const paddle = window.Paddle
      if (!paddle) return reject(new Error('Paddle.js did not load'))
      if (environment === 'sandbox') paddle.Environment.set('sandbox')
      paddle.Initialize({ token, eventCallback: (event) => onEvent(event) })
      resolve(paddle)
    }
    script.onerror = () => reject(new Error('Paddle.js did not load'))
    document.head.appendChild(script)
  }).catch((error: unknown) => {
    // A later click may try again (the network came back).
    loading = null
    throw error
  })
  return loading
}

/**
 * Opens Paddle's overlay checkout for the transaction the API prepared; resolves when the
 * buyer paid or closed it. Rejects when Paddle.js cannot be loaded.
 */
export async function runCheckout(checkout: Checkout, locale: Locale): Promise<CheckoutOutcome> {
  const paddle = await loadPaddle(checkout.paddle)
  return new Promise((resolve) => {
    let paid = false
    onEvent = (event) => {
      if (event.name === 'checkout.completed') {
        paid = true
        // The page says what happens next (Pro being switched on): Paddle's overlay has done.
        paddle.Checkout.close()
      }
      if (event.name === 'checkout.completed' || event.name === 'checkout.closed') {
        resolve(paid ? 'completed' : 'closed')
      }
    }
    const dark = window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false
    paddle.Checkout.open({
      transactionId: checkout.transactionId,
      settings: { displayMode: 'overlay', locale, theme: dark ? 'dark' : 'light' },
    })
  })
}

/**
 * Paddle's links to a transaction (`?_ptxn=`, the default payment link: a card to update after a
 * failed payment, say) land on the pricing page: Paddle.js, once initialized there, opens that
 * transaction's checkout itself. `onPaid` runs when it is paid.
 */
export async function openPaymentLink(client: PaddleClient, onPaid: () => void): Promise<void> {
  onEvent = (event) => {
    if (event.name === 'checkout.completed') onPaid()
  }
  await loadPaddle(client)
}
