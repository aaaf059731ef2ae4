import { fileURLToPath } from 'node:url'
import { join } from 'node:path'

/**
 * Where the local stand-ins listen; the same ports the Supabase CLI uses, and the dev market
 * server (prices and FX rates, `market/`) next to them.
 */
export const LOCAL_PORTS = {
  auth: 54321,
  postgres: 54322,
  outbox: 54324,
  market: 54330,
  payments: 54331,
  app: 5173,
} as const

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))
/** Everything a developer's local backend keeps between runs (git-ignored). */
export const LOCAL_DIR = join(REPO_ROOT, '.local')
export const MIGRATIONS_DIR = join(REPO_ROOT, 'supabase', 'migrations')
export const SEED_FILE = join(REPO_ROOT, 'supabase', 'seed.sql')
export const DEV_VARS_FILE = join(REPO_ROOT, '.dev.vars')
