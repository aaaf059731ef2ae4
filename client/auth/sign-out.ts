import { clearPrivateCaches } from '../pwa/clear-private-caches'

export type SignOutScope = 'local' | 'others' | 'global'

/**
 * Signs out through the worker (which ends the session at the auth server and expires every auth
 * cookie), empties the private caches, and returns where the browser should go next.
 * Throws a localized message (from the worker) when the auth server refused.
 */
export async function signOut(scope: SignOutScope, next: string, locale: string): Promise<string> {
  const response = await fetch('/auth/sign-out', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ scope, next, locale }),
  })
  const body = (await response.json()) as { next?: string; error?: { message: string } }
  if (!response.ok || !body.next) throw new Error(body.error?.message ?? response.statusText)
  if (scope !== 'others') await clearPrivateCaches().catch(() => [])
  return body.next
}
