import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Env } from '../env'
import { isUnreachable, TIMED_OUT, userClaimsOf, withTimeLimit, type SessionState } from './session'

// One stateless client per project and isolate: it only verifies tokens handed to it, and the
// signing keys it fetches (JWKS) are cached per isolate by the library.
const verifiers = new Map<string, SupabaseClient>()

function verifier(url: string, key: string): SupabaseClient {
  const id = `${url} ${key}`
  let client = verifiers.get(id)
  if (!client) {
    client = createClient(url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    })
    verifiers.set(id, client)
  }
  return client
}

/**
 * Verifies an access token sent as `Authorization: Bearer <token>` the way the session cookie's
 * is verified (`getClaims`: signature against the project's JWKS, expiry), for scripts that call
 * the API without cookies. Nothing is refreshed or written: an expired token is signed out.
 *
 * @example await verifyAccessToken(c.env, token) // { status: 'signed-in', claims }
 */
export async function verifyAccessToken(
  env: Pick<Env, 'SUPABASE_URL' | 'SUPABASE_ANON_KEY'>,
  token: string,
  timeLimitMs = 3_000,
): Promise<SessionState> {
  if (!env.SUPABASE_ANON_KEY) return { status: 'signed-out' }
  const client = verifier(env.SUPABASE_URL, env.SUPABASE_ANON_KEY)
  const result = await withTimeLimit(client.auth.getClaims(token), timeLimitMs).catch(
    (error: unknown) => ({ data: null, error }),
  )
  if (result === TIMED_OUT || isUnreachable(result.error)) return { status: 'unavailable' }
  const claims = userClaimsOf(result.data?.claims)
  return claims ? { status: 'signed-in', claims } : { status: 'signed-out' }
}
