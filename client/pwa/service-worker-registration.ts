import { fullLoad } from '../navigation/full-load'
import { NAVIGATED_EVENT, type NavigatedDetail } from '../navigation/navigated-event'
import type { CachePageMessage } from '../service-worker/cache-names'

export type ServiceWorkerStatus = 'unsupported' | 'registering' | 'registered' | 'failed'

let status: ServiceWorkerStatus = 'unsupported'

/** Whether the service worker is running; 'failed' means registration threw (the app works on). */
export function serviceWorkerStatus(): ServiceWorkerStatus {
  return status
}

function setStatus(next: ServiceWorkerStatus): void {
  status = next
  // Also on <html>, where styles and browser tests can read it.
  document.documentElement.dataset.serviceWorker = next
}

function askToCache(url: string): void {
  const message: CachePageMessage = { type: 'cache-page', url }
  navigator.serviceWorker.controller?.postMessage(message)
}

/**
 * Registers /sw.js. When an updated service worker takes control of a page that already had
 * one, the page reloads once (guarded, so never in a loop) to run the code that matches it.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return
  setStatus('registering')
  let controlled = navigator.serviceWorker.controller !== null
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!controlled) {
      // The first service worker just took over: nothing to reload, but keep this page.
      controlled = true
      askToCache(window.location.href)
      return
    }
    fullLoad(new URL(window.location.href))
  })
  window.addEventListener(NAVIGATED_EVENT, (event) => {
    askToCache((event as CustomEvent<NavigatedDetail>).detail.url)
  })
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).then(
    () => setStatus('registered'),
    (error: unknown) => {
      setStatus('failed')
      console.info('[pwa] service worker registration failed', error)
    },
  )
}
