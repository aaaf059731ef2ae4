/**
 * First-party page-view counting, served as /analytics.js: no cookies, no storage, no
 * identifiers. Does nothing at all when the browser asks not to be tracked (DNT or GPC).
 */
import { BOOT_ELEMENT_ID } from '../app/boot'
import type { BootPayload } from '../app/app-state'
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

if (!trackingRefused() && typeof navigator.sendBeacon === 'function') {
  const text = document.getElementById(BOOT_ELEMENT_ID)?.textContent
  if (text) {
    const boot = JSON.parse(text) as BootPayload
    send(initialScreen(boot), boot.locale, document.referrer)
  }
  window.addEventListener(NAVIGATED_EVENT, (event) => {
    const detail = (event as CustomEvent<NavigatedDetail>).detail
    // Within the app the referrer is this site, which says nothing.
    if (!detail.initial) send(detail.screen, detail.locale, '')
  })
}
