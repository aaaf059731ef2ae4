import type { Miniflare } from 'miniflare'
import type { TemporaryBackend } from '../../dev/testing/temporary-backend.ts'
import { createConfirmedUser, passwordAccessToken } from './auth-users.ts'
import { startBuiltWorker } from './worker-build.ts'

/**
 * A confirmed user of the temporary backend and the production worker build in workerd pointed at
 * it, with the headers of that user's API requests (a bearer token): what the API benchmarks
 * measure with. The caller seeds the user's data and disposes of the worker.
 */
export async function signedInWorker(
  backend: TemporaryBackend,
  email: string,
): Promise<{ userId: string; worker: Miniflare; headers: Record<string, string> }> {
  const password = 'bench-pass-1'
  const { supabaseUrl, keys } = backend
  const userId = await createConfirmedUser(supabaseUrl, keys.serviceRoleKey, email, password)
  const token = await passwordAccessToken(supabaseUrl, keys.anonKey, email, password)
  const worker = startBuiltWorker({
    bindings: {
      SUPABASE_URL: supabaseUrl,
      SUPABASE_ANON_KEY: keys.anonKey,
      HYPERDRIVE: { connectionString: backend.databaseUrl },
    },
  })
  return { userId, worker, headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'en' } }
}
