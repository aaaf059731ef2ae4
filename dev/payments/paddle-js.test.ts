import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHECKOUT_MESSAGE } from './checkout-page'
import { LOCAL_PADDLE } from './local-paddle'
import { startPaddleStandIn, type PaddleStandIn } from './paddle-stand-in'
import type { Json } from './test-kit'

let standIn: PaddleStandIn
let source: string
let contentType: string | null
beforeAll(async () => {
  standIn = await startPaddleStandIn()
  const response = await fetch(`${standIn.url}/paddle.js`)
  contentType = response.headers.get('content-type')
  source = await response.text()
})
afterAll(() => standIn.close())

const APP = 'http://127.0.0.1:5173'

/** Just enough of a browser page for the script: elements, `message` events, console, location. */
class FakeElement {
  readonly attributes: Record<string, string> = {}
  readonly children: FakeElement[] = []
  parentNode: FakeElement | null = null
  className = ''
  name = ''
  title = ''
  src = ''
  readonly contentWindow = { frame: true }
  readonly style = { cssText: '' }
  constructor(readonly tag: string) {}
  setAttribute(name: string, value: string) {
    this.attributes[name] = value
  }
  appendChild(child: FakeElement) {
    child.parentNode = this
    this.children.push(child)
  }
  removeChild(child: FakeElement) {
    this.children.splice(this.children.indexOf(child), 1)
    child.parentNode = null
  }
}

function page(path = '/pricing') {
  const errors: unknown[][] = []
  const listeners: ((message: unknown) => void)[] = []
  const body = new FakeElement('body')
  const location = { origin: APP, search: new URL(path, APP).search, href: `${APP}${path}` }
  const window: Json = {
    location,
    addEventListener: (type: string, listener: (message: unknown) => void) => {
      if (type === 'message') listeners.push(listener)
    },
  }
  window.top = window
  const console = { error: (...args: unknown[]) => errors.push(args) }
  runInNewContext(source, {
    window,
    document: { body, createElement: (tag: string) => new FakeElement(tag) },
    console,
    URLSearchParams,
  })
  const frame = () => body.children[0]?.children[0]
  const message = (origin: string, data: unknown, source: unknown = frame()?.contentWindow) =>
    listeners.forEach((listener) => listener({ origin, data, source }))
  return { Paddle: window.Paddle as Json, window, body, errors, frame, message }
}

const event = (name: string, data: unknown = { transaction_id: 'txn_1' }) => ({
  type: CHECKOUT_MESSAGE,
  event: { name, data },
})

describe('the Paddle.js stand-in', () => {
  it('is served as JavaScript with Paddle.js’s API', () => {
    expect(contentType).toBe('text/javascript; charset=utf-8')
    const { Paddle } = page()
    expect(typeof Paddle.Environment.set).toBe('function')
    expect(typeof Paddle.Initialize).toBe('function')
    expect(typeof Paddle.Checkout.open).toBe('function')
    expect(typeof Paddle.Checkout.close).toBe('function')
    expect(source).toContain(JSON.stringify(standIn.url))
  })

  it('refuses an unknown token, and a sandbox token outside the sandbox', () => {
    const wrong = page()
    wrong.Paddle.Environment.set('sandbox')
    wrong.Paddle.Initialize({ token: 'test_0000' })
    wrong.Paddle.Checkout.open({ transactionId: 'txn_1' })
    expect(wrong.Paddle.Initialized).toBe(false)
    expect(wrong.errors).toHaveLength(2)
    expect(wrong.body.children).toHaveLength(0)

    const production = page()
    production.Paddle.Initialize({ token: LOCAL_PADDLE.clientToken })
    expect(production.Paddle.Initialized).toBe(false)
    expect(String(production.errors[0]?.[0])).toContain('sandbox')
  })

  it('opens the overlay checkout and passes its events to eventCallback', () => {
    const browser = page()
    const events: Json[] = []
    browser.Paddle.Environment.set('sandbox')
    browser.Paddle.Initialize({
      token: LOCAL_PADDLE.clientToken,
      eventCallback: (e: Json) => events.push(e),
      checkout: { settings: { locale: 'tr' } },
    })
    browser.Paddle.Checkout.open({
      transactionId: 'txn_1',
      settings: { displayMode: 'overlay', theme: 'dark', successUrl: `${APP}/billing/thanks` },
    })
    const frame = browser.frame()
    expect(frame?.className).toBe('paddle-frame paddle-frame-overlay')
    const src = new URL(frame?.src ?? '')
    expect(src.origin + src.pathname).toBe(`${standIn.url}/checkout`)
    expect(Object.fromEntries(src.searchParams)).toEqual({
      _ptxn: 'txn_1',
      parent_origin: APP,
      locale: 'tr',
      theme: 'dark',
    })
    // Set through the CSSOM, which a CSP without 'unsafe-inline' styles allows.
    expect(browser.body.children[0]?.style.cssText).toContain('position:fixed')
    expect(browser.body.children[0]?.attributes.style).toBeUndefined()

    browser.message('http://evil.example', event('checkout.completed'))
    browser.message(standIn.url, event('checkout.completed'), { other: 'window' })
    expect(events).toEqual([])
    browser.message(standIn.url, event('checkout.loaded'))
    expect(events.map((e) => e.name)).toEqual(['checkout.loaded'])
    expect(browser.window.location.href).toBe(`${APP}/pricing`)
    browser.message(
      standIn.url,
      event('checkout.completed', { transaction_id: 'txn_1', status: 'completed' }),
    )
    expect(events.at(-1)).toEqual({
      name: 'checkout.completed',
      data: { transaction_id: 'txn_1', status: 'completed' },
    })
    expect(browser.window.location.href).toBe(`${APP}/billing/thanks`)
  })

  it('closes on the checkout’s ×, and on Paddle.Checkout.close()', () => {
    const browser = page()
    const names: string[] = []
    browser.Paddle.Environment.set('sandbox')
    browser.Paddle.Initialize({
      token: LOCAL_PADDLE.clientToken,
      eventCallback: (e: Json) => names.push(e.name),
    })
    browser.Paddle.Checkout.open({ transactionId: 'txn_2' })
    browser.message(standIn.url, event('checkout.closed'))
    expect(browser.body.children).toHaveLength(0)
    browser.Paddle.Checkout.open({ transactionId: 'txn_2' })
    browser.Paddle.Checkout.close()
    expect(browser.body.children).toHaveLength(0)
    expect(names).toEqual(['checkout.closed', 'checkout.closed'])
  })

  it('opens a checkout by itself on a default payment link (?_ptxn=)', () => {
    const browser = page('/billing/pay?_ptxn=txn_3')
    browser.Paddle.Environment.set('sandbox')
    browser.Paddle.Initialize({ token: LOCAL_PADDLE.clientToken })
    expect(new URL(browser.frame()?.src ?? '').searchParams.get('_ptxn')).toBe('txn_3')
  })
})
