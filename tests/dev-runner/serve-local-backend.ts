/**
 * Run from a copy of the checkout by `checkout-0700.test.ts`: the local backend as `npm run dev`
 * lays it out (data in the checkout's `.local/`), without the app. Prints `Backend ready {json}`;
 * Ctrl-C stops it.
 */
import { join } from 'node:path'
import { startLocalBackend } from '../../dev/local-backend'
import { LOCAL_DIR, MIGRATIONS_DIR, SEED_FILE } from '../../dev/local-layout'
import { FAST_TEST_AUTH_ENV } from '../../dev/testing/temporary-backend'

const port = (name: string) => Number(process.env[name])

const backend = await startLocalBackend({
  postgres: { dataDir: join(LOCAL_DIR, 'postgres'), port: port('POSTGRES_PORT') },
  authPort: port('AUTH_PORT'),
  outboxPort: port('OUTBOX_PORT'),
  keysFile: join(LOCAL_DIR, 'auth-keys.json'),
  migrationDirs: [MIGRATIONS_DIR],
  seedFile: SEED_FILE,
  authEnv: FAST_TEST_AUTH_ENV,
})
// Once only: tsx relays Ctrl-C a second time when this process acknowledges it slowly.
let stopping: Promise<void> | undefined
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopping ??= backend.stop().then(() => process.exit(0))
  })
}
console.log(
  `Backend ready ${JSON.stringify({ supabaseUrl: backend.supabaseUrl, anonKey: backend.keys.anonKey, outboxUrl: backend.outboxUrl })}`,
)
