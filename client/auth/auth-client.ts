import type { SupabaseClient } from '@supabase/supabase-js'
import { authConfig } from './auth-config'

let client: Promise<SupabaseClient> | undefined

/**
 * The browser's Supabase client, loaded on first use (never with the landing page). It shares
 * the session cookies the worker writes; the worker verifies every request on its own.
 */
export function authClient(): Promise<SupabaseClient> {
  client ??= import('@supabase/ssr').then(({ createBrowserClient }) => {
    const { url, anonKey } = authConfig()
    return createBrowserClient(url, anonKey, {
      cookieOptions: { path: '/', sameSite: 'lax', secure: window.location.protocol === 'https:' },
      // Links land on the worker's /auth routes, never on a page: nothing to pick up from a URL.
      auth: { detectSessionInUrl: false },
    })
  })
  return client
}
