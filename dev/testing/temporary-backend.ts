import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startLocalBackend, type LocalBackend } from '../local-backend'
import { MIGRATIONS_DIR, SEED_FILE } from '../local-layout'
import { findFreePort } from '../ports'

export interface TemporaryBackendOptions {
  /** Migration folders applied after the project's own (e.g. a suite's test-only tables). */
  extraMigrationDirs?: string[]
  authEnv?: Record<string, string>
}

/**
 * Settings that make a test backend fast without changing what it answers, and budgets for the
 * hundreds of sign-ins and mails a suite makes from one address (the limits have their own test).
 */
export const FAST_TEST_AUTH_ENV = {
  AUTH_BCRYPT_COST: '4',
  AUTH_REFRESH_TOKEN_REUSE_INTERVAL: '0',
  AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
  AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '100000',
  AUTH_RATE_LIMIT_EMAIL_SENT: '100000',
}

/**
 * A whole local backend for a test suite: embedded Postgres in a temporary folder, free ports,
 * fresh keys. It never touches `.local/` or the developer's ports; `stop` removes everything.
 */
export async function startTemporaryBackend(
  options: TemporaryBackendOptions = {},
): Promise<LocalBackend> {
  const dir = await mkdtemp(join(tmpdir(), 'kiymet-backend-'))
  try {
    // Postgres runs as its own system user when we are root; it must be able to reach its folder.
    await chmod(dir, 0o755)
    const backend = await startLocalBackend({
      postgres: { dataDir: join(dir, 'postgres'), port: await findFreePort() },
      authPort: await findFreePort(),
      outboxPort: await findFreePort(),
      keysFile: join(dir, 'auth-keys.json'),
      migrationDirs: [MIGRATIONS_DIR, ...(options.extraMigrationDirs ?? [])],
      seedFile: SEED_FILE,
      authEnv: { ...FAST_TEST_AUTH_ENV, ...options.authEnv },
    })
    return {
      ...backend,
      stop: async () => {
        await backend.stop()
        await rm(dir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw error
  }
}
