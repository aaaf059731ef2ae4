/**
 * A temporary local backend in a process of its own, for test suites whose runner cannot load
 * Node-only modules (the workerd pool), with a second auth server of the hosted attempt limits
 * (`limitedSupabaseUrl`). Prints one JSON line with its URLs and keys, and stops everything on
 * SIGTERM or SIGINT, or when its parent's stdin closes.
 *
 * Environment: AUTH_* settings are passed to the auth server (see dev/README.md).
 */
import { startTemporaryBackend } from './temporary-backend'

const authEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    (entry): entry is [string, string] => entry[0].startsWith('AUTH_') && entry[1] !== undefined,
  ),
)
const backend = await startTemporaryBackend({ authEnv, hostedLimitsAuthServer: true })
let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await backend.stop()
  process.exit(0)
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.removeAllListeners(signal)
  process.on(signal, () => void stop())
}
process.stdin.on('end', () => void stop())
process.stdin.resume()
process.stdout.write(
  `${JSON.stringify({
    supabaseUrl: backend.supabaseUrl,
    limitedSupabaseUrl: backend.limitedSupabaseUrl,
    anonKey: backend.keys.anonKey,
    serviceRoleKey: backend.keys.serviceRoleKey,
    outboxUrl: backend.outboxUrl,
    databaseUrl: backend.databaseUrl,
  })}\n`,
)
