import type { User } from '@supabase/supabase-js'
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react'
import { authClient } from '../auth/auth-client'
import { setCurrentUser, startUserSync, useUserSnapshot } from '../auth/user-store'
import type { ViewerUser } from '../../shared/auth/viewer'

/**
 * The user the profile page edits. `viewer` is what the server knew (id, email, name, language),
 * enough to render the page at once; `user` is the full record (identities, factors, a pending
 * email change), loaded in the browser after hydration, so server and first client render agree.
 */
export interface ProfileUser {
  viewer: ViewerUser
  user: User | null
  /** The full record could not be loaded (the auth server did not answer). */
  loadFailed: boolean
  /** After an edit: the record the auth server answered with, for this page and the header. */
  replaceUser(user: User): void
  /** Loads the record again (after changes made through other calls: factors, identities). */
  reload(): Promise<void>
}

export const ProfileUserContext = createContext<ProfileUser | null>(null)

export function useProfileUser(): ProfileUser {
  const value = useContext(ProfileUserContext)
  if (!value) throw new Error('useProfileUser outside of <ProfileUserProvider>')
  return value
}

/**
 * Loads the full user record once the page has hydrated and shares it with every section.
 * Renders nothing without a signed-in viewer (the private gate in front of it sees to that).
 */
export function ProfileUserProvider({ children }: { children: ReactNode }) {
  const { viewer } = useUserSnapshot()
  const [user, setUser] = useState<User | null>(null)
  const [loadFailed, setLoadFailed] = useState(false)

  const replaceUser = useCallback((next: User) => {
    setUser(next)
    setCurrentUser(next)
  }, [])

  const reload = useCallback(async () => {
    try {
      const { data, error } = await (await authClient()).auth.getUser()
      if (error || !data.user) throw error ?? new Error('no user')
      setLoadFailed(false)
      replaceUser(data.user)
    } catch {
      setLoadFailed(true)
    }
  }, [replaceUser])

  useEffect(() => {
    // Keeps the page in step with other tabs (a sign-out there ends this screen too).
    void startUserSync().catch(() => undefined)
    void reload()
  }, [reload])

  if (viewer.status !== 'signed-in' || !viewer.user) return null
  return (
    <ProfileUserContext value={{ viewer: viewer.user, user, loadFailed, replaceUser, reload }}>
      {children}
    </ProfileUserContext>
  )
}
