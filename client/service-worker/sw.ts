/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response'
import { clientsClaim } from 'workbox-core'
import { ExpirationPlugin } from 'workbox-expiration'
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { NetworkFirst } from 'workbox-strategies'
import { hasSessionCookie } from '../../shared/auth/session-cookie'
import { clearPrivateCaches } from '../pwa/clear-private-caches'
import { localeOfPath, matchRoute } from '../../shared/routes/match-route'
import { routeAccess } from '../../shared/routes/route-table'
import {
  PRIVATE_API_CACHE,
  PRIVATE_PAGES_CACHE,
  PUBLIC_PAGES_CACHE,
  STORED_AT_HEADER,
  offlinePagePath,
  type CachePageMessage,
} from './cache-names'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] }

// A new version takes over at once; the page reloads itself once when that happens.
self.addEventListener('install', () => void self.skipWaiting())
clientsClaim()

// The app shell: hashed scripts and styles, language files, icons, offline pages.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

/** Which cache a page belongs in: public screens are shared, private ones hold a user's data. */
function pageAccess(url: URL): 'public' | 'private' | null {
  if (url.origin !== self.location.origin) return null
  const match = matchRoute(url.pathname)
  return match ? routeAccess(match.name) : null
}

const publicPages = new NetworkFirst({
  cacheName: PUBLIC_PAGES_CACHE,
  // A slow network should not keep a visitor from a page this device already has.
  networkTimeoutSeconds: 3,
  // Public pages differ by request headers only with the reader's formats, which one device
  // keeps; Vary (on Accept-Language, Cookie) must not hide them.
  matchOptions: { ignoreVary: true },
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 60 }),
  ],
})

/** Whether the browser holds no session cookie any more; false where this worker cannot tell. */
async function sessionEnded(): Promise<boolean> {
  // A request's cookies are hidden from service workers; the Cookie Store API, where a browser
  // offers it to them (Chromium), is not. Elsewhere the page's check at boot is the guard.
  if (!('cookieStore' in self)) return false
  const cookies = await self.cookieStore.getAll().catch(() => null)
  return cookies !== null && !hasSessionCookie(cookies)
}

/**
 * A kept private copy is answered only while a session is held. When it ended without a sign-out
 * (cookies cleared or expired), a private address opened offline would show the previous user's
 * screen before any script of the page could empty the caches: so they are emptied here instead.
 */
const onlyWithSession = {
  cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
    if (!cachedResponse || !(await sessionEnded())) return cachedResponse
    await clearPrivateCaches()
    return null
  },
}

// A signed-in user's screens, for reading offline. Never answered from the copy while the network
// answers (no timeout): the copy is only for when there is none. Sign-out deletes it
// (client/pwa/clear-private-caches.ts), and only 200s are kept (no other user's 404).
const privatePages = new NetworkFirst({
  cacheName: PRIVATE_PAGES_CACHE,
  matchOptions: { ignoreVary: true },
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 40 }),
    onlyWithSession,
  ],
})

/** Stamps a kept API answer with when it was kept, so the screen can say "as of". */
const stampStoredAt = {
  cacheWillUpdate: async ({ response }: { response: Response }) => {
    if (response.status !== 200) return null
    const headers = new Headers(response.headers)
    headers.set(STORED_AT_HEADER, String(Date.now()))
    return new Response(await response.blob(), { status: 200, headers })
  },
}

const privateApi = new NetworkFirst({
  cacheName: PRIVATE_API_CACHE,
  matchOptions: { ignoreVary: true },
  plugins: [stampStoredAt, new ExpirationPlugin({ maxEntries: 200 }), onlyWithSession],
})

// The API GETs of the portfolio screens, read offline when the app navigates without a network.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/api/') &&
    request.method === 'GET',
  ({ request, event }) => privateApi.handle({ request, event }),
)

async function offlinePage(url: URL): Promise<Response> {
  const page = await matchPrecache(offlinePagePath(localeOfPath(url.pathname)))
  return page ?? Response.error()
}

registerRoute(
  ({ request }) => request.mode === 'navigate',
  async ({ request, url, event }) => {
    try {
      const access = pageAccess(url)
      if (access === 'public') return await publicPages.handle({ request, event })
      if (access === 'private') return await privatePages.handle({ request, event })
      return await fetch(request)
    } catch {
      return offlinePage(url)
    }
  },
)

// Pages shown by client-side navigation never pass through a navigation request, so the page
// asks for a copy of each page it shows (a private one as the signed-in user's document).
self.addEventListener('message', (event) => {
  const data = event.data as Partial<CachePageMessage> | null
  if (data?.type !== 'cache-page' || typeof data.url !== 'string') return
  const url = new URL(data.url, self.location.origin)
  url.hash = ''
  const access = pageAccess(url)
  if (!access) return
  const strategy = access === 'public' ? publicPages : privatePages
  const request = new Request(url.href, { credentials: 'same-origin' })
  event.waitUntil(
    strategy.handle({ request, event }).then(
      () => undefined,
      () => undefined,
    ),
  )
})
