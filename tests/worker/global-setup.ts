import type { TestProject } from 'vitest/node'
import { spawnBackend } from '../../dev/testing/spawn-backend'
import './provided-backend'

/**
 * The local backend (Postgres, auth server, outbox) the auth tests talk to from workerd. It runs
 * in a process of its own: this project resolves modules for workerd, where Postgres drivers and
 * child processes are not Node's.
 */
export default async function setup(project: TestProject) {
  const backend = await spawnBackend({ AUTH_SITE_URL: 'https://kiymet.app' })
  project.provide('backend', {
    supabaseUrl: backend.supabaseUrl,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    outboxUrl: backend.outboxUrl,
    databaseUrl: backend.databaseUrl,
  })
  return () => backend.stop()
}
