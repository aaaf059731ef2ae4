import { loadOrCreateAuthKeys, type AuthKeys } from './auth-server/keys'
import { closeServer, listen, startAuthServer } from './auth-server/server'
import { createOutboxApp } from './outbox/app'
import { Outbox } from './outbox/outbox'
import { assertPortFree } from './ports'
import { startEmbeddedPostgres } from './postgres/embedded-postgres'
import { prepareDatabase, type PreparedDatabase } from './postgres/prepare-database'

export interface LocalBackendOptions {
  /** Use this Postgres instead of starting the embedded one. */
  databaseUrl?: string | undefined
  /** The embedded cluster, when no `databaseUrl` is given. */
  postgres: { dataDir: string; port: number }
  authPort: number
  outboxPort: number
  keysFile: string
  migrationDirs: string[]
  seedFile?: string
  authEnv?: Record<string, string | undefined>
}

export interface LocalBackend {
  databaseUrl: string
  /** The Supabase project URL (auth under /auth/v1). */
  supabaseUrl: string
  outboxUrl: string
  keys: AuthKeys
  outbox: Outbox
  prepared: PreparedDatabase
  stop(): Promise<void>
}

/**
 * Postgres (embedded or given), prepared with bootstrap, migrations and seed; the auth server;
 * the mail outbox. Anything started is stopped again if a later step fails.
 */
export async function startLocalBackend(options: LocalBackendOptions): Promise<LocalBackend> {
  const stops: Array<() => Promise<void>> = []
  const stop = async () => {
    for (const stopOne of [...stops].reverse()) await stopOne().catch(() => undefined)
  }
  try {
    // Check every port first so a clash is reported before anything starts.
    await assertPortFree(options.authPort, 'auth server')
    await assertPortFree(options.outboxPort, 'mail outbox')
    let databaseUrl = options.databaseUrl
    if (!databaseUrl) {
      const postgres = await startEmbeddedPostgres(options.postgres)
      stops.push(postgres.stop)
      databaseUrl = postgres.url
    }
    const prepared = await prepareDatabase(databaseUrl, {
      migrationDirs: options.migrationDirs,
      ...(options.seedFile ? { seedFile: options.seedFile } : {}),
    })
    const keys = await loadOrCreateAuthKeys(options.keysFile)
    const outbox = new Outbox()
    const outboxServer = await listen(createOutboxApp(outbox).fetch, options.outboxPort)
    stops.push(() => closeServer(outboxServer))
    const auth = await startAuthServer({
      databaseUrl,
      port: options.authPort,
      keys,
      outbox,
      env: options.authEnv ?? {},
    })
    stops.push(auth.stop)
    return {
      databaseUrl,
      supabaseUrl: auth.url,
      outboxUrl: `http://127.0.0.1:${options.outboxPort}`,
      keys,
      outbox,
      prepared,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
