import { readdir, readFile } from 'node:fs/promises'
import type { TestProject } from 'vitest/node'
import { spawnBackend } from '../../dev/testing/spawn-backend'
import { startDevMarketServer } from '../../dev/market/market-server'
import { startPaddleStandIn } from '../../dev/payments/paddle-stand-in'
import { startCatalogFixtureServer } from '../catalog-fixtures/fixture-server'
import { startFaultServers } from '../fault-servers/fault-servers'
import { startFxFixtureServer } from '../fx-fixtures/fixture-server'
import { startQuoteFixtureServer } from '../quote-fixtures/fixture-server'
import { MAX_WORKERS } from '../../scripts/test/max-workers'
import './provided-backend'

/** The dev market server's clock: the 20th of November, when each index source has published October. */
const MARKET_NOW = '2026-11-20T12:00:00Z'

/** The API fuzz's default: a fixed seed and few runs per operation, so the suite stays quick. */
const DEFAULT_FUZZ_RUNS = 6
const DEFAULT_FUZZ_SEED = 21

const IMPORT_FIXTURES = new URL('../../shared/import/fixtures/', import.meta.url)

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
 * The local backends (Postgres, auth server, outbox; one per Vitest worker) the tests talk to
 * from workerd, the stand-in ECB and TCMB the FX job fetches from, the dev market server as the
 * price index sources, the stand-in quote providers
 * and catalog sources, and a backend in trouble for the fault tests. Each backend runs in a
 * process of its own: this project resolves modules for workerd, where Postgres drivers and
 * child processes are not Node's.
 */
export default async function setup(project: TestProject) {
  const backends = await Promise.all(
    Array.from({ length: MAX_WORKERS }, () =>
      spawnBackend({ AUTH_SITE_URL: 'https://kiymet.app' }),
    ),
  )
  const fxFixtures = await startFxFixtureServer()
  const market = await startDevMarketServer(0, () => new Date(MARKET_NOW))
  const quoteFixtures = await startQuoteFixtureServer()
  const catalogFixtures = await startCatalogFixtureServer()
  const faults = await startFaultServers()
  // Paddle's stand-in delivers no webhooks here: the tests fetch each event signed and post it
  // to the worker themselves (twice, out of order, too late).
  const payments = await startPaddleStandIn()
  project.provide(
    'backends',
    backends.map((backend) => ({
      supabaseUrl: backend.supabaseUrl,
      limitedSupabaseUrl: backend.limitedSupabaseUrl,
      anonKey: backend.anonKey,
      serviceRoleKey: backend.serviceRoleKey,
      outboxUrl: backend.outboxUrl,
      databaseUrl: backend.databaseUrl,
    })),
  )
  project.provide('fxFixturesUrl', fxFixtures.url)
  project.provide('market', { url: market.url, now: MARKET_NOW })
  project.provide('quoteFixturesUrl', quoteFixtures.url)
  project.provide('catalogFixturesUrl', catalogFixtures.url)
  project.provide('paymentsUrl', payments.url)
  project.provide('faults', {
    silentPooler: faults.silentPooler,
    busyPostgres: faults.busyPostgres,
    silentHttp: faults.silentHttp,
  })
  project.provide('fuzz', {
    runs: Number(process.env.FUZZ_RUNS ?? DEFAULT_FUZZ_RUNS),
    seed: Number(process.env.FUZZ_SEED ?? DEFAULT_FUZZ_SEED),
  })
  project.provide('importFixtures', await importFixtures())
  return async () => {
    await quoteFixtures.close()
    await catalogFixtures.close()
    await fxFixtures.close()
    await market.close()
    await faults.close()
    await payments.close()
    await Promise.all(backends.map((backend) => backend.stop()))
  }
}
