import '@vitejs/plugin-react/preamble'
import './styles/app.css'
import './styles/portfolio-parts.css'
import './styles/tax-parts.css'
import { startTransition } from 'react'
import { flushSync } from 'react-dom'
import { hydrateRoot, type Root } from 'react-dom/client'
import { App } from './app/app'
import type { BootPayload } from './app/app-state'
import { BOOT_ELEMENT_ID } from './app/boot'
import { setReaderFormats } from './app/reader-formats'
import { resolveBootState } from './app/resolve-state'
import { whenUsed } from './app/when-used'
import { configureAuth } from './auth/auth-config'
import { dropTokensFromAddress } from './auth/drop-tokens-from-address'
import { sessionUserId } from '../shared/auth/session-cookie'
import { initUserStore, startUserSync } from './auth/user-store'
import { startRouter } from './navigation/router'
import { claimPrivateCaches } from './pwa/private-cache-owner'
import { whenIdle } from './pwa/when-idle'

async function hydrate(): Promise<void> {
  const element = document.getElementById(BOOT_ELEMENT_ID)
  const root = document.getElementById('root')
  if (!element?.textContent || !root) throw new Error('Page has no boot data')
  const boot = JSON.parse(element.textContent) as BootPayload
  dropTokensFromAddress()
  // Before hydration, any data fetch or the service worker chunk: the private caches must belong
  // to the session the browser holds now, so none, or another user's, empties them. The cookie
  // says whose session it is (the server expired it if it no longer verifies); the boot payload
  // cannot: public pages never name their user, and a kept page may be stale. The page's code
  // loads meanwhile, as the head's preloads expect (delaying it makes Chromium fetch it twice).
  const claimed = claimPrivateCaches(sessionUserId(document.cookie, boot.supabase?.url))
  configureAuth(boot.supabase)
  setReaderFormats(boot.formats)
  initUserStore(boot.session.viewer)
  // Same page code, messages and data as the server used, so hydration matches exactly.
  const [initial] = await Promise.all([resolveBootState(boot), claimed.catch(() => false)])
  // As a transition: React then hydrates in slices and yields to the browser between them (at
  // once where the visitor clicks or types), instead of in one long task; the markup and what
  // the server does with a render error stay as they are.
  let reactRoot: Root | null = null
  startTransition(() => {
    reactRoot = hydrateRoot(root, <App state={initial} />)
  })
  startRouter({
    initial,
    render: (state) => flushSync(() => reactRoot?.render(<App state={state} />)),
  })
  // The auth client keeps a signed-in visitor's session fresh and hears of a sign-out elsewhere.
  // A private screen names its user from the server, so the client (the largest chunk a screen
  // would load) waits until the visitor uses the page; a public page, which names nobody, starts
  // it when idle so that the account menu can say who is signed in.
  const { viewer } = boot.session
  if (viewer.status === 'signed-in' && boot.supabase) {
    const start = () => void startUserSync()
    if (viewer.user) whenUsed(start)
    else whenIdle(start)
  }
  // The dev server has no service worker or build files; production loads this chunk when idle.
  if (import.meta.env.PROD) {
    whenIdle(() => void import('./pwa/start-pwa').then(({ startPwa }) => startPwa(boot.buildId)))
  }
}

void hydrate()
