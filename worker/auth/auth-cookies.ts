import { sessionCookieKey } from '../../shared/auth/session-cookie'

/**
 * The name `@supabase/ssr` gives a project's session cookie: `sb-<first label of the Supabase
 * host>-auth-token` (`sb-127-auth-token` for 127.0.0.1). Chunks add `.0`, `.1`, …; the PKCE
 * verifier adds `-code-verifier`. The browser reads the same name (shared/auth/session-cookie.ts).
 */
export const authStorageKey = sessionCookieKey

/** Whether a cookie is (a chunk of) the session cookie under `key`; the PKCE verifier is not. */
export function isSessionCookie(name: string, key: string): boolean {
  return name === key || (name.startsWith(`${key}.`) && /^\d+$/.test(name.slice(key.length + 1)))
}

/** Whether a cookie is any auth cookie of the project: the session, its chunks, the verifier. */
export function isAuthCookie(name: string, key: string): boolean {
  return isSessionCookie(name, key) || name.startsWith(`${key}-code-verifier`)
}

/** Loopback hosts are served over plain HTTP in development, so their cookies cannot be Secure. */
export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    hostname === '::1' ||
    /^127(?:\.\d{1,3}){3}$/.test(hostname)
  )
}
