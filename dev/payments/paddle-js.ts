import { scriptSafeJson } from '../../worker/render/html-escape'
import { CHECKOUT_MESSAGE } from './checkout-page'
import { LOCAL_PADDLE } from './local-paddle'

/**
 * A stand-in for Paddle.js v2 (`https://cdn.paddle.com/paddle/v2/paddle.js`), the part the app
 * uses: `Paddle.Environment.set`, `Paddle.Initialize({ token, eventCallback, checkout })`,
 * `Paddle.Checkout.open({ transactionId, settings })` and `Paddle.Checkout.close()`. The overlay
 * is a full-window iframe of the stand-in's `/checkout`; what happens there reaches
 * `eventCallback` as Paddle.js events (names and payload as in `@paddle/paddle-js`'s types).
 * Like Paddle.js it refuses an unknown client token, refuses a sandbox (`test_`) token outside
 * the sandbox environment, opens `?_ptxn=` checkouts by itself once initialized (the default
 * payment link) and sends the window to `successUrl` when a checkout completes.
 */
export function paddleJsSource(standInOrigin: string): string {
  const constants = scriptSafeJson({
    origin: standInOrigin,
    token: LOCAL_PADDLE.clientToken,
    messageType: CHECKOUT_MESSAGE,
  })
  return `/* Paddle.js stand-in (Kıymet local development). Not Paddle's code. */
(function () {
  'use strict'
  var STAND_IN = ${constants}
  var state = { environment: 'production', token: null, eventCallback: null, settings: {}, overlay: null, frame: null, open: null }

  function emit(event) {
    if (typeof state.eventCallback !== 'function') return
    try { state.eventCallback(event) } catch (error) { console.error('[Paddle stand-in] eventCallback threw', error) }
  }

  function removeOverlay() {
    if (state.overlay && state.overlay.parentNode) state.overlay.parentNode.removeChild(state.overlay)
    state.overlay = null
    state.frame = null
  }

  function merged(settings) {
    var result = {}
    var key
    for (key in state.settings) result[key] = state.settings[key]
    for (key in settings || {}) result[key] = settings[key]
    return result
  }

  function open(options) {
    if (!Paddle.Initialized) {
      console.error('[Paddle stand-in] Call Paddle.Initialize() with a valid client-side token before opening a checkout.')
      return
    }
    if (!options || typeof options.transactionId !== 'string') {
      console.error('[Paddle stand-in] Only Paddle.Checkout.open({ transactionId }) is supported.')
      return
    }
    removeOverlay()
    var settings = merged(options.settings)
    var query = new URLSearchParams({ _ptxn: options.transactionId, parent_origin: window.location.origin })
    if (settings.locale) query.set('locale', settings.locale)
    if (settings.theme) query.set('theme', settings.theme)
    var overlay = document.createElement('div')
    overlay.className = 'paddle-stand-in-overlay'
    // Through the CSSOM: a page whose CSP has no 'unsafe-inline' styles refuses style attributes.
    overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483000;background:rgba(15,23,42,.55);'
    var frame = document.createElement('iframe')
    frame.className = 'paddle-frame paddle-frame-overlay'
    frame.name = 'paddle_frame'
    frame.title = 'Paddle checkout'
    frame.setAttribute('allow', 'payment')
    frame.style.cssText = 'position:absolute;inset:0;width:100%;height:100%;border:0;background:transparent;color-scheme:normal;'
    frame.src = STAND_IN.origin + '/checkout?' + query.toString()
    overlay.appendChild(frame)
    document.body.appendChild(overlay)
    state.overlay = overlay
    state.frame = frame
    state.open = { transactionId: options.transactionId, settings: settings, lastData: null }
  }

  function close() {
    if (!state.frame) return
    var data = state.open && state.open.lastData
    removeOverlay()
    emit({ name: 'checkout.closed', data: data })
  }

  window.addEventListener('message', function (message) {
    if (message.origin !== STAND_IN.origin || !state.frame || message.source !== state.frame.contentWindow) return
    var payload = message.data
    if (!payload || payload.type !== STAND_IN.messageType || !payload.event) return
    var event = payload.event
    if (state.open) state.open.lastData = event.data
    if (event.name === 'checkout.closed') {
      removeOverlay()
      emit(event)
      return
    }
    emit(event)
    var successUrl = state.open && state.open.settings.successUrl
    if (event.name === 'checkout.completed' && successUrl) window.top.location.href = successUrl
  })

  var Paddle = {
    Initialized: false,
    Status: { libraryVersion: 'stand-in' },
    Environment: {
      set: function (environment) { state.environment = environment }
    },
    Initialize: function (options) {
      options = options || {}
      if (options.token !== STAND_IN.token) {
        console.error('[Paddle stand-in] Unknown client-side token: use the local one (PADDLE_CLIENT_TOKEN).')
        return
      }
      if (state.environment !== 'sandbox') {
        console.error('[Paddle stand-in] A sandbox token (test_…) needs Paddle.Environment.set("sandbox") first.')
        return
      }
      state.token = options.token
      state.eventCallback = options.eventCallback || null
      state.settings = (options.checkout && options.checkout.settings) || {}
      Paddle.Initialized = true
      var transactionId = new URLSearchParams(window.location.search).get('_ptxn')
      if (transactionId) open({ transactionId: transactionId })
    },
    Update: function (options) {
      if (options && options.eventCallback) state.eventCallback = options.eventCallback
      if (options && options.checkout && options.checkout.settings) state.settings = options.checkout.settings
    },
    Checkout: { open: open, close: close }
  }
  Paddle.Setup = Paddle.Initialize
  window.Paddle = Paddle
})()
`
}
