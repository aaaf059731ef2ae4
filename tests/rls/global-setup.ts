import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { startTemporaryBackend } from '../../dev/testing/temporary-backend'

declare module 'vitest' {
  export interface ProvidedContext {
    rlsBackend: {
      databaseUrl: string
      supabaseUrl: string
      anonKey: string
      serviceRoleKey: string
    }
  }
}

/** The local backend plus this suite's test-only table and policies. */
export default async function setup(project: TestProject) {
  const backend = await startTemporaryBackend({
    extraMigrationDirs: [fileURLToPath(new URL('./migrations', import.meta.url))],
    authEnv: { AUTH_MAILER_AUTOCONFIRM: 'true' },
  })
  project.provide('rlsBackend', {
    databaseUrl: backend.databaseUrl,
    supabaseUrl: backend.supabaseUrl,
    anonKey: backend.keys.anonKey,
    serviceRoleKey: backend.keys.serviceRoleKey,
  })
  return () => backend.stop()
}
