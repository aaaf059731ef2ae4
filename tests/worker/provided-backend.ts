/** What the worker suite's global setup hands its tests: the local backend's URLs and keys. */
export interface ProvidedBackend {
  supabaseUrl: string
  anonKey: string
  serviceRoleKey: string
  outboxUrl: string
  /** Postgres as its superuser, for tests that seed what only the service role may write. */
  databaseUrl: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    backend: ProvidedBackend
  }
}
