import { readdir, readFile } from 'node:fs/promises'
import type { TestProject } from 'vitest/node'
import { spawnBackend } from '../../dev/testing/spawn-backend'
import { startFxFixtureServer } from '../fx-fixtures/fixture-server'
import './provided-backend'

const IMPORT_FIXTURES = new URL('../../client/import/fixtures/', import.meta.url)

/** The import sample files as base64 (workerd reads no files; some are not UTF-8). */
async function importFixtures(): Promise<Record<string, string>> {
  const names = await readdir(IMPORT_FIXTURES)
  const files = await Promise.all(
    names.map(async (name) => [
      name,
      (await readFile(new URL(name, IMPORT_FIXTURES))).toString('base64'),
    ]),
  )
  return Object.fromEntries(files)
}

/**
 * The local backend (Postgres, auth server, outbox) the auth tests talk to from workerd, and the
 * stand-in ECB and TCMB the FX job fetches from. The backend runs in a process of its own: this
 * project resolves modules for workerd, where Postgres drivers and child processes are not Node's.
 */
export default async function setup(project: TestProject) {
  const backend = await spawnBackend({ AUTH_SITE_URL: 'https://kiymet.app' })
  const fxFixtures = await startFxFixtureServer()
  project.provide('backend', {
    supabaseUrl: backend.supabaseUrl,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    outboxUrl: backend.outboxUrl,
    databaseUrl: backend.databaseUrl,
  })
  project.provide('fxFixturesUrl', fxFixtures.url)
  project.provide('importFixtures', await importFixtures())
  return async () => {
    await fxFixtures.close()
    await backend.stop()
  }
}
