import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js'
import { createContext, useContext, useSyncExternalStore } from 'react'
import { navigateTo } from '../navigation/router'
import { claimPrivateCaches } from '../pwa/private-cache-owner'
import { withAuthDialog } from '../../shared/auth/auth-dialog-state'
import { authClient } from './auth-client'
import { SIGNED_OUT_VIEW, type SessionView, type Viewer } from '../../shared/auth/viewer'

/** The session as the server rendered this page: the starting point on both sides. */
export const SessionContext = createContext<SessionView>(SIGNED_OUT_VIEW)

export function useSessionView(): SessionView {
  return useContext(SessionContext)
}

/**
 * The signed-in user as the whole page sees it: the server's word (the page state's viewer)
 * until the browser auth client speaks, then the client's, kept current by its events.
 * `user` is the full record once loaded.
 */
export interface UserSnapshot {
  viewer: Viewer
  user: User | null
  /** The last auth event, so a screen can react to PASSWORD_RECOVERY and the like. */
  lastEvent: AuthChangeEvent | null
}

// Browser only (the worker renders from the page state): null until the auth client speaks.
let snapshot: UserSnapshot | null = null
let serverViewer: Viewer = { status: 'signed-out' }
const listeners = new Set<() => void>()

function publish(next: UserSnapshot): void {
  snapshot = next
  for (const listener of listeners) listener()
}

/** Remembers what the server said of the viewer, for the first auth event to build on. */
export function initUserStore(viewer: Viewer): void {
  serverViewer = viewer
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useUserSnapshot(): UserSnapshot {
  const { viewer } = useSessionView()
  const live = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => null,
  )
  return live ?? { viewer, user: null, lastEvent: null }
}

function onAuthEvent(event: AuthChangeEvent, session: Session | null): void {
  const previous = snapshot?.viewer ?? serverViewer
  if (event === 'SIGNED_OUT' || !session) {
    publish({ viewer: { status: 'signed-out' }, user: null, lastEvent: event })
    // Signed out elsewhere (another tab, a revoked session, an expired one): nothing may stay.
    void claimPrivateCaches(null).catch(() => undefined)
    return
  }
  // Another user signs in on this device: the previous one's kept screens go first.
  void claimPrivateCaches(session.user.id).catch(() => undefined)
  const viewer: Viewer =
    previous.status === 'signed-in' ? previous : { status: 'signed-in', user: null, mfaDevices: [] }
  publish({ viewer, user: session.user, lastEvent: event })
  // A recovery session exists to choose a new password: ask for it wherever the visitor is.
  if (event === 'PASSWORD_RECOVERY') {
    navigateTo(
      withAuthDialog(`${window.location.pathname}${window.location.search}`, 'new-password'),
    )
  }
}

let started: Promise<void> | undefined

/**
 * Feeds the store from the browser auth client: INITIAL_SESSION, SIGNED_IN, SIGNED_OUT,
 * TOKEN_REFRESHED, USER_UPDATED, PASSWORD_RECOVERY and MFA_CHALLENGE_VERIFIED all arrive here.
 * The client refreshes the session only while the page is visible.
 */
export function startUserSync(): Promise<void> {
  started ??= authClient().then((client) => {
    client.auth.onAuthStateChange((event, session) => onAuthEvent(event, session))
  })
  return started
}

/** Replaces the user record after a change the page made itself (profile edits). */
export function setCurrentUser(user: User): void {
  publish({ viewer: snapshot?.viewer ?? serverViewer, user, lastEvent: 'USER_UPDATED' })
}
