/** What the worker suite's global setup hands its tests: the local backend's URLs and keys. */
export interface ProvidedBackend {
  supabaseUrl: string
  anonKey: string
  serviceRoleKey: string
  outboxUrl: string
  /** The backend's Postgres, as the connection's owner (what Hyperdrive connects as). */
  databaseUrl: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    backend: ProvidedBackend
    /** Origin of tests/fx-fixtures/fixture-server.ts: the ECB at `/ecb`, the TCMB at `/tcmb`. */
    fxFixturesUrl: string
    /** client/import/fixtures/: file name → its bytes in base64. */
    importFixtures: Record<string, string>
  }
}
