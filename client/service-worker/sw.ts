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
import { localeOfPath, matchRoute } from '../routes/match-route'
import { routeAccess } from '../routes/route-table'
import { PUBLIC_PAGES_CACHE, offlinePagePath, type CachePageMessage } from './cache-names'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] }

// A new version takes over at once; the page reloads itself once when that happens.
self.addEventListener('install', () => void self.skipWaiting())
clientsClaim()

// The app shell: hashed scripts and styles, language files, icons, offline pages.
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

/** Only public screens are kept: private screens may show personal data. */
function isPublicPage(url: URL): boolean {
  if (url.origin !== self.location.origin) return false
  const match = matchRoute(url.pathname)
  return match !== null && routeAccess(match.name) === 'public'
}

const publicPages = new NetworkFirst({
  cacheName: PUBLIC_PAGES_CACHE,
  // A slow network should not keep a visitor from a page this device already has.
  networkTimeoutSeconds: 3,
  // Public pages are the same for every request header; Vary (e.g. on Origin) must not hide them.
  matchOptions: { ignoreVary: true },
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 60 }),
  ],
})

async function offlinePage(url: URL): Promise<Response> {
  const page = await matchPrecache(offlinePagePath(localeOfPath(url.pathname)))
  return page ?? Response.error()
}

registerRoute(
  ({ request }) => request.mode === 'navigate',
  async ({ request, url, event }) => {
    try {
      if (isPublicPage(url)) return await publicPages.handle({ request, event })
      return await fetch(request)
    } catch {
      return offlinePage(url)
    }
  },
)

// Pages shown by client-side navigation never pass through a navigation request, so the page
// asks for a copy of each public page it shows.
self.addEventListener('message', (event) => {
  const data = event.data as Partial<CachePageMessage> | null
  if (data?.type !== 'cache-page' || typeof data.url !== 'string') return
  const url = new URL(data.url, self.location.origin)
  url.hash = ''
  if (!isPublicPage(url)) return
  event.waitUntil(
    publicPages.handle({ request: new Request(url.href), event }).then(
      () => undefined,
      () => undefined,
    ),
  )
})
