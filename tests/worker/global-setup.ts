import type { TestProject } from 'vitest/node'
import { spawnBackend } from '../../dev/testing/spawn-backend'
import { startFxFixtureServer } from '../fx-fixtures/fixture-server'
import { startQuoteFixtureServer } from '../quote-fixtures/fixture-server'
import './provided-backend'

/**
 * The local backend (Postgres, auth server, outbox) the auth tests talk to from workerd, the
 * stand-in ECB and TCMB the FX job fetches from, and the stand-in quote providers. The backend runs in a process of its own: this
 * project resolves modules for workerd, where Postgres drivers and child processes are not Node's.
 */
export default async function setup(project: TestProject) {
  const backend = await spawnBackend({ AUTH_SITE_URL: 'https://kiymet.app' })
  const fxFixtures = await startFxFixtureServer()
  const quoteFixtures = await startQuoteFixtureServer()
  project.provide('backend', {
    supabaseUrl: backend.supabaseUrl,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    outboxUrl: backend.outboxUrl,
    databaseUrl: backend.databaseUrl,
  })
  project.provide('fxFixturesUrl', fxFixtures.url)
  project.provide('quoteFixturesUrl', quoteFixtures.url)
  return async () => {
    await quoteFixtures.close()
    await fxFixtures.close()
    await backend.stop()
  }
}
