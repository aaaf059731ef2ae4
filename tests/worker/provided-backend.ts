/** What the worker suite's global setup hands its tests: the local backend's URLs and keys. */
export interface ProvidedBackend {
  supabaseUrl: string
  /**
   * A second auth server of the same project (database, keys, outbox) with the hosted attempt
   * limits: 30 sign-ins and sign-ups, and 30 code checks, per address in 5 minutes. It honours
   * `Sb-Forwarded-For` on service-key requests: a lockout test names an address of its own.
   */
  limitedSupabaseUrl: string
  anonKey: string
  serviceRoleKey: string
  outboxUrl: string
  /** The backend's Postgres, as the connection's owner (what Hyperdrive connects as). */
  databaseUrl: string
}

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * One backend for each of the project's Vitest workers, so files that run at the same time
     * never see each other's shared rows (catalog prices, FX rates); the worker's TEST_BACKEND
     * binding says which is its own (auth-backend.ts: `backend`).
     */
    backends: ProvidedBackend[]
    /** Origin of tests/fx-fixtures/fixture-server.ts: the ECB at `/ecb`, the TCMB at `/tcmb`. */
    fxFixturesUrl: string
    /**
     * Origin of dev/market/market-server.ts, the price index sources among its stand-ins
     * (`devMarketVars`: `/evds`, `/ecb-data`, `/bundesbank`, `/bls`), and the ISO instant its
     * clock is stopped at.
     */
    market: { url: string; now: string }
    /** Origin of tests/quote-fixtures/fixture-server.ts: `/yahoo`, `/tefas`, `/coingecko`, `/eodhd`. */
    quoteFixturesUrl: string
    /**
     * Origin of tests/catalog-fixtures/fixture-server.ts: `/bist`, `/mkk`, `/tefas`, `/xetra`,
     * `/nasdaq`, `/sp500`.
     */
    catalogFixturesUrl: string
    /** Origin of dev/payments/paddle-stand-in.ts: Paddle's API, checkout and portal, no webhooks. */
    paymentsUrl: string
    /** A backend in trouble (tests/fault-servers/fault-servers.ts): connection strings, an origin. */
    faults: { silentPooler: string; busyPostgres: string; silentHttp: string }
    /** The API fuzz's runs per operation and seed (FUZZ_RUNS, FUZZ_SEED; `npm run fuzz:api`). */
    fuzz: { runs: number; seed: number }
    /** shared/import/fixtures/: file name → its bytes in base64. */
    importFixtures: Record<string, string>
  }
}
