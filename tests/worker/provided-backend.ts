/** What the worker suite's global setup hands its tests: the local backend's URLs and keys. */
export interface ProvidedBackend {
  supabaseUrl: string
  anonKey: string
  serviceRoleKey: string
  outboxUrl: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    backend: ProvidedBackend
  }
}
