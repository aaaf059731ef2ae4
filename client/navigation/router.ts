import type { AppState } from '../app/app-state'
import { ChunkLoadError } from '../app/chunk-load-error'
import { resolveErrorState, resolvePageState } from '../app/resolve-state'
import { authErrorFromUrl, authModeFromUrl } from '../../shared/auth/auth-dialog-state'
import type { SessionView } from '../../shared/auth/viewer'
import { matchRoute } from '../../shared/routes/match-route'
import { routeAccess } from '../../shared/routes/route-table'
import { applyHead } from '../seo/apply-head'
import { headForState } from '../seo/page-head'
import { fullLoad, isFullLoadRequested, requestFullLoadOnNextNavigation } from './full-load'
import { announceNavigation, screenOf } from './navigated-event'

interface HistoryEntry {
  scrollY?: number
}

export interface RouterOptions {
  initial: AppState
  /** Renders a state synchronously (the caller wraps root.render in flushSync). */
  render(state: AppState): void
}

function isPlainLeftClick(event: MouseEvent): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey
  )
}

/** The in-app link a click landed on, or null when the browser should handle it. */
function inAppLink(event: MouseEvent): URL | null {
  if (!isPlainLeftClick(event) || !(event.target instanceof Element)) return null
  const anchor = event.target.closest('a[href]')
  if (!(anchor instanceof HTMLAnchorElement)) return null
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null
  const url = new URL(anchor.href)
  if (url.origin !== window.location.origin) return null
  const samePage =
    url.pathname === window.location.pathname && url.search === window.location.search
  if (samePage && url.hash) return null
  return url
}

/** The session part of the next state: the same viewer, the dialog and error the URL asks for. */
function sessionFor(url: URL, current: SessionView): SessionView {
  const mode = authModeFromUrl(url)
  return {
    viewer: current.viewer,
    dialog: mode ? { mode, providers: current.dialog?.providers ?? null } : null,
    error: authErrorFromUrl(url),
  }
}

/**
 * A private screen is rendered by the server for its user alone; a page that was reused for
 * everyone knows nobody's details, so a signed-in user goes there by a full load. Offline, the
 * copy of a private screen the service worker kept is a document, so it is opened as one too.
 */
function needsServer(name: Parameters<typeof routeAccess>[0], session: SessionView): boolean {
  if (routeAccess(name) !== 'private') return false
  const { viewer } = session
  return (viewer.status === 'signed-in' && !viewer.user) || !navigator.onLine
}

let activeNavigate: ((url: URL, replace: boolean) => Promise<void>) | null = null

/** Navigates in the app (for code, where links are not enough: closing the sign-in dialog). */
export function navigateTo(href: string, options: { replace?: boolean } = {}): void {
  const url = new URL(href, window.location.href)
  if (activeNavigate) void activeNavigate(url, options.replace ?? false)
  else window.location.assign(url.href)
}

/** Jumps, never animates: a new page appears at its place at once, whatever the CSS says. */
function scrollAfterNavigation(url: URL, restoreY: number | undefined): void {
  if (restoreY !== undefined) return window.scrollTo({ top: restoreY, behavior: 'instant' })
  const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null
  if (target) target.scrollIntoView({ behavior: 'instant' })
  else window.scrollTo({ top: 0, behavior: 'instant' })
}

/**
 * Client-side navigation over the History API: in-app links render without a full page load,
 * back and forward restore the scroll position, focus moves to the new page's heading and the
 * document head follows. A page whose code fails to load is loaded as a full page instead.
 */
export function startRouter(options: RouterOptions): void {
  let current = options.initial
  let latest = 0
  history.scrollRestoration = 'manual'

  const rememberScroll = () => {
    const entry: HistoryEntry = {
      ...(history.state as HistoryEntry | null),
      scrollY: window.scrollY,
    }
    history.replaceState(entry, '')
  }

  async function navigate(
    url: URL,
    kind: 'push' | 'replace' | 'pop',
    restoreY?: number,
  ): Promise<void> {
    const match = matchRoute(url.pathname)
    // Unknown paths get their 404 status from the server. A click cannot loop, so no guard.
    if (!match || needsServer(match.name, current.session)) return window.location.assign(url.href)
    // A stale app (failed chunk, newer build) loads the target as a full page, guarded.
    if (isFullLoadRequested() && fullLoad(url)) return
    const id = ++latest
    let next: AppState
    try {
      next = await resolvePageState(
        match,
        current.year,
        current.formats,
        sessionFor(url, current.session),
        null,
        current.checkout,
      )
    } catch (error) {
      if (error instanceof ChunkLoadError) {
        requestFullLoadOnNextNavigation()
        if (fullLoad(url)) return
      }
      const message = error instanceof Error ? error.message : String(error)
      const fallback = await resolveErrorState(
        match.locale,
        { status: 500, message, path: url.pathname, requestId: null },
        current.year,
        current.formats,
        current.session,
        current.checkout,
      ).catch(() => null)
      // Not even the error screen could load: stay on the current page rather than break it.
      if (!fallback) return
      next = fallback
    }
    if (id !== latest) return
    // Only the sign-in dialog changed (opened, closed, another step): the page stays as it is.
    const sameScreen = url.pathname === window.location.pathname && kind !== 'pop'
    if (kind === 'push' && url.href !== window.location.href) {
      rememberScroll()
      history.pushState({} satisfies HistoryEntry, '', url.href)
    }
    if (kind === 'replace') history.replaceState(history.state, '', url.href)
    current = next
    // The head before the screen: one that names itself in the title (`useDocumentTitle`) once
    // its data is known, which may be during this render, has the last word.
    if (!sameScreen) applyHead(headForState(next, window.location.origin, url.pathname))
    options.render(next)
    if (sameScreen) return
    scrollAfterNavigation(url, restoreY)
    document.getElementById('page-heading')?.focus({ preventScroll: true })
    announceNavigation({
      screen: screenOf(next),
      locale: next.locale,
      url: url.href,
      initial: false,
    })
  }

  document.addEventListener('click', (event) => {
    const url = inAppLink(event)
    if (!url) return
    event.preventDefault()
    void navigate(url, 'push')
  })

  activeNavigate = (url, replace) => navigate(url, replace ? 'replace' : 'push')

  window.addEventListener('popstate', (event) => {
    const entry = event.state as HistoryEntry | null
    void navigate(new URL(window.location.href), 'pop', entry?.scrollY ?? 0)
  })

  // A reload or a return from another site lands where the visitor left off.
  window.addEventListener('pagehide', rememberScroll)
  const entry = history.state as HistoryEntry | null
  if (entry?.scrollY) window.scrollTo({ top: entry.scrollY, behavior: 'instant' })
  announceNavigation({
    screen: screenOf(current),
    locale: current.locale,
    url: window.location.href,
    initial: true,
  })
}
