/**
 * `npm run dev`: Postgres, bootstrap and migrations, the auth server, the mail outbox, the dev
 * market server (prices and FX rates without the internet), the stand-in of Paddle (Pro's
 * checkout and webhooks) and the app, in one command. Ctrl-C
 * stops everything; the data stays in `.local/` for the next run.
 */
import { join } from 'node:path'
import { startApp, waitForHttp, type RunningApp } from './app-server'
import { DEMO_ACCOUNT, ensureDemoAccount } from './demo/demo-account'
import {
  catalogFixtureVars,
  startCatalogFixtureServer,
} from '../tests/catalog-fixtures/fixture-server'
import { fillCatalogOnce } from './dev-catalog'
import { fillIndicesOnce } from './dev-indices'
import { fillRatesOnce } from './dev-rates'
import { devAuthEnv, devSettingsFromEnv } from './dev-settings'
import { updateDevVars } from './dev-vars'
import { startLocalBackend, type LocalBackend } from './local-backend'
import { MIGRATIONS_DIR, REPO_ROOT, SEED_FILE } from './local-layout'
import { devMarketVars, startDevMarketServer, type DevMarketServer } from './market/market-server'
import { localPaddleVars } from './payments/local-paddle'
import { startPaddleStandIn, type PaddleStandIn } from './payments/paddle-stand-in'
import { assertPortFree } from './ports'

const APP_START_TIMEOUT_MS = 120_000
const DEMO_SIGN_IN = `${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`

const settings = devSettingsFromEnv(process.env)
let backend: LocalBackend | undefined
let market: DevMarketServer | undefined
let payments: PaddleStandIn | undefined
let catalogSources: { close(): Promise<void> } | undefined
let app: RunningApp | undefined
let stopping: Promise<void> | undefined

function stopAll(exitCode: number): Promise<void> {
  stopping ??= (async () => {
    console.log('\nStopping…')
    await app?.stop()
    await market?.close()
    await payments?.close()
    await catalogSources?.close()
    await backend?.stop()
    console.log(`Stopped. Data kept in ${settings.localDir}.`)
    process.exit(exitCode)
  })()
  return stopping
}

async function main() {
  // Everything is checked before anything starts, so a clash leaves nothing half-running.
  await assertPortFree(settings.ports.app, 'app')
  await assertPortFree(settings.ports.auth, 'auth server')
  await assertPortFree(settings.ports.outbox, 'mail outbox')
  await assertPortFree(settings.ports.market, 'dev market server')
  await assertPortFree(settings.ports.payments, 'Paddle stand-in')
  if (!settings.databaseUrl) await assertPortFree(settings.ports.postgres, 'Postgres')

  backend = await startLocalBackend({
    databaseUrl: settings.databaseUrl,
    postgres: { dataDir: join(settings.localDir, 'postgres'), port: settings.ports.postgres },
    authPort: settings.ports.auth,
    outboxPort: settings.ports.outbox,
    keysFile: join(settings.localDir, 'auth-keys.json'),
    migrationDirs: [MIGRATIONS_DIR],
    seedFile: SEED_FILE,
    authEnv: devAuthEnv(settings, process.env),
  })
  // The quote and FX jobs ask this server instead of Yahoo Finance, TEFAS, CoinGecko and the banks.
  market = await startDevMarketServer(settings.ports.market)
  // The catalog job asks short lists in its sources' formats (tests/catalog-fixtures).
  const catalog = await startCatalogFixtureServer()
  catalogSources = catalog
  // Pro's checkout, customer portal and webhooks, in Paddle's formats, posting to the app.
  payments = await startPaddleStandIn({
    port: settings.ports.payments,
    webhookUrl: `http://127.0.0.1:${settings.ports.app}/webhooks/paddle`,
  })
  const marketVars = {
    ...devMarketVars(market.url),
    ...catalogFixtureVars(catalog.url),
    ...localPaddleVars(payments.url),
  }
  await updateDevVars(settings.devVarsFile, {
    SUPABASE_URL: backend.supabaseUrl,
    SUPABASE_ANON_KEY: backend.keys.anonKey,
    // The local stand-in of the project's secret key: the worker's auth requests name each visitor.
    SUPABASE_SECRET_KEY: backend.keys.serviceRoleKey,
    ...marketVars,
  })
  const { appliedMigrations } = backend.prepared
  const demoAccount = await prepareDemoAccount(backend)
  const rates = await fillRatesOnce(
    backend.databaseUrl,
    new Date().toISOString().slice(0, 10),
  ).catch((error: unknown) => `not written: ${String(error)}`)
  const indices = await fillIndicesOnce(
    backend.databaseUrl,
    new Date().toISOString().slice(0, 10),
  ).catch((error: unknown) => `not written: ${String(error)}`)
  console.log(
    [
      '',
      'Kıymet local backend',
      `  Postgres       ${backend.databaseUrl}`,
      `  Migrations     ${appliedMigrations.length ? `applied ${appliedMigrations.join(', ')}` : 'up to date'}`,
      `  Supabase URL   ${backend.supabaseUrl}  (auth: ${backend.supabaseUrl}/auth/v1)`,
      `  Mail outbox    ${backend.outboxUrl}`,
      `  Market data    ${market.url}  (Yahoo Finance, TEFAS, CoinGecko, ECB, TCMB; EVDS, ECB Data Portal, Bundesbank, BLS stand-ins)`,
      `  Catalog lists  ${catalog.url}  (Borsa Istanbul, MKK, TEFAS, Xetra, Nasdaq, S&P 500 stand-ins)`,
      `  Payments       ${payments.url}  (Paddle stand-in: checkout, customer portal, webhooks)`,
      `  Anon key       ${backend.keys.anonKey}`,
      `  Service key    ${backend.keys.serviceRoleKey}`,
      `  Demo account   ${demoAccount.summary}`,
      `  FX rates       ${rates}`,
      `  Price indices  ${indices}`,
      `  Wrote SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SECRET_KEY and ${Object.keys(marketVars).join(', ')} to ${settings.devVarsFile.replace(REPO_ROOT, '')}`,
      '',
    ].join('\n'),
  )

  app = startApp({ port: settings.ports.app, databaseUrl: backend.databaseUrl })
  const running = app
  running.exited.then((code) => {
    if (stopping) return
    console.error(`The app (vite) exited with code ${code}; stopping the rest.`)
    void stopAll(1)
  })
  await waitForHttp(running.url, APP_START_TIMEOUT_MS, running.exited)
  void fillCatalogOnce(running.url, backend.databaseUrl).then(
    (outcome) => console.log(`Catalog: ${outcome}.`),
    (error: unknown) => console.error(`Catalog: not filled: ${String(error)}`),
  )
  const signIn = demoAccount.ready ? ` Sign in as ${DEMO_SIGN_IN}.` : ''
  console.log(`Ready: app at ${running.url}.${signIn} Press Ctrl-C to stop (data is kept).`)
}

/**
 * Creates the demo account on the first start (and after `npm run db:reset`) and says how to sign
 * in. A failure is reported, not fatal: the app is useful without it.
 */
async function prepareDemoAccount(
  started: LocalBackend,
): Promise<{ ready: boolean; summary: string }> {
  try {
    const outcome = await ensureDemoAccount({
      databaseUrl: started.databaseUrl,
      supabaseUrl: started.supabaseUrl,
      serviceRoleKey: started.keys.serviceRoleKey,
    })
    const created = outcome.created
      ? `  (created: ${outcome.portfolios} portfolios, ${outcome.transactions} transactions)`
      : ''
    return { ready: true, summary: `${DEMO_SIGN_IN}${created}` }
  } catch (error) {
    return {
      ready: false,
      summary: `not created: ${error instanceof Error ? error.message : String(error)}`,
    }
  }
}

// The runner owns shutdown: the app first, then the market server and the backend.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => void stopAll(0))
}
// Should the runner die another way, the app's process group must not outlive it.
process.on('exit', () => app?.killNow())

main().catch(async (error: unknown) => {
  console.error(`\n${error instanceof Error ? error.message : String(error)}`)
  await stopAll(1)
})
