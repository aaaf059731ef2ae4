/**
 * First-party page-view counting, served as /analytics.js: no cookies, no storage, no
 * identifiers. Does nothing at all when the browser asks not to be tracked (DNT or GPC). The first
 * screen's view is sent once the page has loaded and the browser is idle, never while it hydrates.
 */
import { BOOT_ELEMENT_ID } from '../app/boot'
import type { BootPayload } from '../app/app-state'
import { whenIdle } from '../pwa/when-idle'
import { NAVIGATED_EVENT, type NavigatedDetail } from '../navigation/navigated-event'
import {
  ANALYTICS_ENDPOINT,
  referrerHost,
  widthBucket,
  type PageView,
} from '../../shared/analytics/page-view'

function trackingRefused(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean }
  const windowDnt = (window as Window & { doNotTrack?: string }).doNotTrack
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1' || windowDnt === '1'
}

function send(screen: string, locale: string, referrer: string): void {
  const view: PageView = {
    v: 1,
    screen,
    locale,
    referrer: referrerHost(referrer, window.location.hostname),
    width: widthBucket(window.screen.width),
  }
  navigator.sendBeacon(ANALYTICS_ENDPOINT, JSON.stringify(view))
}

function initialScreen(boot: BootPayload): string {
  if (boot.screen.kind === 'page') return boot.screen.match.name
  return boot.screen.status === 404 ? 'notFound' : 'error'
}

let initialSent = false

/** The view of the screen the page opened with, once. */
function sendInitial(): void {
  if (initialSent) return
  initialSent = true
  const text = document.getElementById(BOOT_ELEMENT_ID)?.textContent
  if (!text) return
  const boot = JSON.parse(text) as BootPayload
  send(initialScreen(boot), boot.locale, document.referrer)
}

if (!trackingRefused() && typeof navigator.sendBeacon === 'function') {
  if (document.readyState === 'complete') whenIdle(sendInitial)
  else window.addEventListener('load', () => whenIdle(sendInitial), { once: true })
  window.addEventListener(NAVIGATED_EVENT, (event) => {
    const detail = (event as CustomEvent<NavigatedDetail>).detail
    if (detail.initial) return
    // Views in the order they were shown, should the visitor move on before the page was idle.
    sendInitial()
    // Within the app the referrer is this site, which says nothing.
    send(detail.screen, detail.locale, '')
  })
}
