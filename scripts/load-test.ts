// Load on the built worker (not a test; prints figures): the production build in workerd
// (Miniflare) on 127.0.0.1, with a temporary local backend (embedded Postgres, auth server) and
// real users signed in through the worker. Two phases, each a closed loop of keep-alive
// connections: public pages in three languages (200 connections), then signed-in screens and
// the report API with real session cookies (50 connections, one user each). Prints requests,
// errors (there must be none), p50/p95/p99 latency and the workerd processes' memory (RSS)
// before, right after and 10 s after, and ends with the aims of docs/performance.md it decides.
// Exits 1 when any request failed.
// Run: npm run build && npm run load
// Settings: LOAD_SECONDS (30), LOAD_PUBLIC_CONNECTIONS (200), LOAD_PRIVATE_CONNECTIONS (50),
// LOAD_PORT (7510); a quick smoke: LOAD_SECONDS=5 npm run load
import type { Miniflare } from 'miniflare'
import postgres from 'postgres'
import { EXPECTED_URLS } from '../shared/routes/route-fixtures.ts'
import { ROUTE_NAMES, routeAccess } from '../shared/routes/route-table.ts'
import { startTemporaryBackend } from '../dev/testing/temporary-backend.ts'
import { createConfirmedUser, signInThroughApp } from './bench-kit/auth-users.ts'
import { rssMbOf, workerdPids } from './bench-kit/process-stats.ts'
import { requireWorkerBuild, startSiteWorker } from './bench-kit/worker-build.ts'
import { percentile, runLoad, type LoadRequest, type LoadResult } from './load-test/load-loop.ts'

process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false'
process.env.WRANGLER_SEND_METRICS = 'false'

const SECONDS = Number(process.env.LOAD_SECONDS ?? 30)
const PUBLIC_CONNECTIONS = Number(process.env.LOAD_PUBLIC_CONNECTIONS ?? 200)
const PRIVATE_CONNECTIONS = Number(process.env.LOAD_PRIVATE_CONNECTIONS ?? 50)
const PORT = Number(process.env.LOAD_PORT ?? 7510)
/** How long the worker idles before its memory is read again. */
const SETTLE_MS = 10_000
const TRANSACTIONS_PER_USER = 40
const PASSWORD = 'load-pass-1'
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36'

requireWorkerBuild()

/**
 * Closes of five catalog shares for 2024 (as the provider jobs store them), and for each user a
 * portfolio of purchases of them through the year.
 */
async function seed(sql: postgres.Sql, userIds: string[]): Promise<string[]> {
  const instruments = await sql<{ id: string }[]>`
    select id from public.instruments
    where owner_id is null and currency = 'TRY' order by code limit 5
  `
  await sql`
    insert into public.prices (instrument_id, owner_id, price_date, close, source)
    select i.id, null, day::date, 100 + (extract(doy from day) % 37), 'load'
    from unnest(${sql.array(instruments.map((row) => row.id))}::uuid[]) as i(id),
      generate_series(date '2024-01-01', date '2024-12-31', interval '1 day') as day
    on conflict do nothing
  `
  const portfolios: string[] = []
  for (const userId of userIds) {
    const [portfolio] = await sql<{ id: string }[]>`
      insert into public.portfolios (user_id, name, base_currency, cost_basis_method, records_cash)
      values (${userId}, 'Load', 'TRY', 'FIFO', false) returning id
    `
    if (!portfolio) throw new Error('no portfolio')
    await sql`
      insert into public.transactions (user_id, portfolio_id, instrument_id, type, trade_date,
        currency, quantity, unit_price)
      select ${userId}, ${portfolio.id},
        (${sql.array(instruments.map((row) => row.id))}::uuid[])[1 + n % ${instruments.length}],
        'BUY', date '2024-01-02' + n * 7, 'TRY', 1 + n % 9, 100 + n % 13
      from generate_series(0, ${TRANSACTIONS_PER_USER - 1}) as n
    `
    portfolios.push(portfolio.id)
  }
  return portfolios
}

function report(label: string, result: LoadResult, connections: number): void {
  const errors = [...result.errors.values()].reduce((sum, n) => sum + n, 0)
  const at = (share: number) => percentile(result.latencies, share).toFixed(1)
  console.log(
    `${label}: ${connections} connections, ${result.seconds.toFixed(1)} s — ` +
      `${result.requests.toLocaleString('en')} requests (${(result.requests / result.seconds).toFixed(0)}/s), ` +
      `${errors} errors; latency p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, ` +
      `max ${(result.latencies.at(-1) ?? 0).toFixed(1)} ms`,
  )
  for (const [what, n] of result.errors) console.log(`  ${n} × ${what}`)
}

const PUBLIC_PATHS = ROUTE_NAMES.filter((name) => routeAccess(name) === 'public').flatMap(
  (name) => Object.values(EXPECTED_URLS[name]) as string[],
)

const backend = await startTemporaryBackend()
const admin = postgres(backend.databaseUrl, { max: 1, onnotice: () => undefined })
const base = `http://127.0.0.1:${PORT}`
let mf: Miniflare | undefined
let failed = false
try {
  mf = await startSiteWorker(backend, PORT)

  const users = Array.from({ length: PRIVATE_CONNECTIONS }, (_, n) => `load-${n}@example.com`)
  const userIds = await Promise.all(
    users.map((email) =>
      createConfirmedUser(backend.supabaseUrl, backend.keys.serviceRoleKey, email, PASSWORD),
    ),
  )
  const portfolios = await seed(admin, userIds)
  const cookies: string[] = []
  for (const email of users) cookies.push(await signInThroughApp(base, email, PASSWORD))
  console.log(
    `${users.length} users signed in, each with a portfolio of ${TRANSACTIONS_PER_USER} transactions`,
  )

  const publicRequest = (connection: number, count: number): LoadRequest => ({
    path: PUBLIC_PATHS[(connection + count) % PUBLIC_PATHS.length] ?? '/',
    headers: { 'User-Agent': USER_AGENT },
  })
  const privateRequest = (connection: number, count: number): LoadRequest => {
    const id = portfolios[connection] ?? ''
    const paths = [
      '/en/portfolio',
      `/en/portfolio/${id}`,
      `/portfoyum/${id}`,
      `/de/portfolio/${id}`,
      '/profil',
      `/api/portfolios/${id}/report?asOf=2024-12-31`,
    ]
    return {
      path: paths[count % paths.length] ?? '/',
      headers: {
        'User-Agent': USER_AGENT,
        Cookie: cookies[connection] ?? '',
        'Accept-Language': 'en',
      },
    }
  }

  // Warm-up: every route once, so "before" is a running worker, not an empty one.
  await runLoad({ base, connections: 4, seconds: 2, next: publicRequest })
  await runLoad({ base, connections: 4, seconds: 2, next: privateRequest })
  const before = rssMbOf(workerdPids())
  console.log(`workerd memory (RSS) before: ${before.toFixed(0)} MB`)

  const publicResult = await runLoad({
    base,
    connections: PUBLIC_CONNECTIONS,
    seconds: SECONDS,
    next: publicRequest,
  })
  report(`Public pages (${PUBLIC_PATHS.length} URLs, tr/en/de)`, publicResult, PUBLIC_CONNECTIONS)
  const privateResult = await runLoad({
    base,
    connections: PRIVATE_CONNECTIONS,
    seconds: SECONDS,
    next: privateRequest,
  })
  report('Signed-in screens and the report API', privateResult, PRIVATE_CONNECTIONS)
  const after = rssMbOf(workerdPids())
  console.log(
    `workerd memory (RSS) after: ${after.toFixed(0)} MB (${(after - before).toFixed(0)} MB more)`,
  )
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
  const settled = rssMbOf(workerdPids())
  console.log(`workerd memory (RSS) ${SETTLE_MS / 1000} s later: ${settled.toFixed(0)} MB`)
  failed = publicResult.errors.size > 0 || privateResult.errors.size > 0
  const mark = (met: boolean) => (met ? 'met    ' : 'NOT met')
  console.log('\nAims (docs/performance.md):')
  console.log(`  ${mark(!failed)}  no errors`)
  console.log(
    `  ${mark(settled <= before * 1.1)}  memory back within 10 % of its start ` +
      `(${before.toFixed(0)} MB → ${settled.toFixed(0)} MB)`,
  )
} finally {
  await mf?.dispose()
  await admin.end()
  await backend.stop()
}
if (failed) process.exit(1)
