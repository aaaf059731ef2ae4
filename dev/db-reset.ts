/**
 * `npm run db:reset`: recreates the local database (schemas dropped, then bootstrap, migrations
 * and seed again). Works on the running dev database, on `DATABASE_URL`, or, when neither is up,
 * on the embedded cluster under `.local/`, which it starts for the purpose and stops again.
 */
import { join } from 'node:path'
import { devSettingsFromEnv } from './dev-settings'
import { MIGRATIONS_DIR, SEED_FILE } from './local-layout'
import { isPortInUse } from './ports'
import { startEmbeddedPostgres } from './postgres/embedded-postgres'
import { dropProjectSchemas, prepareDatabase } from './postgres/prepare-database'

const LOCAL_SUPERUSER_URL = (port: number) =>
  `postgres://postgres:postgres@127.0.0.1:${port}/postgres`

async function main() {
  const settings = devSettingsFromEnv(process.env)
  let url = settings.databaseUrl
  let stop: (() => Promise<void>) | undefined
  if (!url && (await isPortInUse(settings.ports.postgres))) {
    url = LOCAL_SUPERUSER_URL(settings.ports.postgres)
  }
  if (!url) {
    const postgres = await startEmbeddedPostgres({
      dataDir: join(settings.localDir, 'postgres'),
      port: settings.ports.postgres,
    })
    url = postgres.url
    stop = postgres.stop
  }
  try {
    await dropProjectSchemas(url)
    const { appliedMigrations, seeded } = await prepareDatabase(url, {
      migrationDirs: [MIGRATIONS_DIR],
      seedFile: SEED_FILE,
    })
    console.log(`Database reset: ${url.replace(/:[^:@/]+@/, ':****@')}`)
    console.log(
      `  migrations applied: ${appliedMigrations.length ? appliedMigrations.join(', ') : 'none'}`,
    )
    console.log(`  seed: ${seeded ? 'applied' : 'none'}`)
  } finally {
    await stop?.()
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
