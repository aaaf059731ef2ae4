import '@vitejs/plugin-react/preamble'
import './styles/app.css'
import './styles/portfolio-parts.css'
import { flushSync } from 'react-dom'
import { hydrateRoot } from 'react-dom/client'
import { App } from './app/app'
import type { BootPayload } from './app/app-state'
import { BOOT_ELEMENT_ID } from './app/boot'
import { resolveBootState } from './app/resolve-state'
import { configureAuth } from './auth/auth-config'
import { dropTokensFromAddress } from './auth/drop-tokens-from-address'
import { initUserStore, startUserSync } from './auth/user-store'
import { startRouter } from './navigation/router'
import { whenIdle } from './pwa/when-idle'

async function hydrate(): Promise<void> {
  const element = document.getElementById(BOOT_ELEMENT_ID)
  const root = document.getElementById('root')
  if (!element?.textContent || !root) throw new Error('Page has no boot data')
  const boot = JSON.parse(element.textContent) as BootPayload
  dropTokensFromAddress()
  configureAuth(boot.supabase)
  initUserStore(boot.session.viewer)
  // Same page code, messages and data as the server used, so hydration matches exactly.
  const initial = await resolveBootState(boot)
  const reactRoot = hydrateRoot(root, <App state={initial} />)
  startRouter({
    initial,
    render: (state) => flushSync(() => reactRoot.render(<App state={state} />)),
  })
  // A signed-in visitor's session is kept fresh, and their name shown, by the auth client.
  if (boot.session.viewer.status === 'signed-in' && boot.supabase) {
    whenIdle(() => void startUserSync())
  }
  // The dev server has no service worker or build files; production loads this chunk when idle.
  if (import.meta.env.PROD) {
    whenIdle(() => void import('./pwa/start-pwa').then(({ startPwa }) => startPwa(boot.buildId)))
  }
}

void hydrate()
