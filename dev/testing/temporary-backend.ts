import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_AUTH_CONFIG } from '../auth-server/config'
import { startAuthServer } from '../auth-server/server'
import { startLocalBackend, type LocalBackend } from '../local-backend'
import { MIGRATIONS_DIR, SEED_FILE } from '../local-layout'
import { findFreePort } from '../ports'

export interface TemporaryBackendOptions {
  /** Migration folders applied after the project's own (e.g. a suite's test-only tables). */
  extraMigrationDirs?: string[]
  authEnv?: Record<string, string>
  /**
   * Also start a second auth server on the same database, keys and outbox (its tokens verify on
   * either) with the hosted project's attempt limits, for tests that must meet them.
   */
  hostedLimitsAuthServer?: boolean
}

export interface TemporaryBackend extends LocalBackend {
  /** The project URL of the second auth server, when `hostedLimitsAuthServer` asked for it. */
  limitedSupabaseUrl?: string
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
 * Every test backend's auth settings: the fast ones, and `Sb-Forwarded-For` honoured on
 * service-key requests as under `npm run dev`, so a caller on behalf of visitors can name them.
 */
const TEST_AUTH_ENV = { ...FAST_TEST_AUTH_ENV, AUTH_SECURITY_SB_FORWARDED_FOR_ENABLED: 'true' }

/**
 * The second auth server's settings over the first's: the hosted defaults of the per-address
 * attempt limits (30 per 5 minutes; mails stay plenty), and always `Sb-Forwarded-For`, so a test
 * can meet a lockout as one visitor without locking out the others.
 */
const HOSTED_LIMITS_AUTH_ENV = {
  AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: String(DEFAULT_AUTH_CONFIG.rateLimitSignInSignUps),
  AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: String(DEFAULT_AUTH_CONFIG.rateLimitTokenVerifications),
  AUTH_SECURITY_SB_FORWARDED_FOR_ENABLED: 'true',
}

/**
 * A whole local backend for a test suite: embedded Postgres in a temporary folder, free ports,
 * fresh keys. It never touches `.local/` or the developer's ports; `stop` removes everything.
 */
export async function startTemporaryBackend(
  options: TemporaryBackendOptions = {},
): Promise<TemporaryBackend> {
  const dir = await mkdtemp(join(tmpdir(), 'kiymet-backend-'))
  const stops: Array<() => Promise<void>> = [() => rm(dir, { recursive: true, force: true })]
  const stop = async () => {
    for (const stopOne of [...stops].reverse()) await stopOne()
  }
  try {
    // Postgres runs as its own system user when we are root; it must be able to reach its folder.
    await chmod(dir, 0o755)
    const authEnv = { ...TEST_AUTH_ENV, ...options.authEnv }
    const backend = await startLocalBackend({
      postgres: { dataDir: join(dir, 'postgres'), port: await findFreePort() },
      authPort: await findFreePort(),
      outboxPort: await findFreePort(),
      keysFile: join(dir, 'auth-keys.json'),
      migrationDirs: [MIGRATIONS_DIR, ...(options.extraMigrationDirs ?? [])],
      seedFile: SEED_FILE,
      authEnv,
    })
    stops.push(backend.stop)
    if (!options.hostedLimitsAuthServer) return { ...backend, stop }
    const limited = await startAuthServer({
      databaseUrl: backend.databaseUrl,
      port: await findFreePort(),
      keys: backend.keys,
      outbox: backend.outbox,
      env: { ...authEnv, ...HOSTED_LIMITS_AUTH_ENV },
    })
    stops.push(limited.stop)
    return { ...backend, limitedSupabaseUrl: limited.url, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
