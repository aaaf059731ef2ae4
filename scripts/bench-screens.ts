// What a screen costs the server (not a test; prints figures and the aims of docs/performance.md):
// the production build in workerd (Miniflare) beside a bare React 19 page streamed from a worker
// of its own, against a temporary local backend with the demo account (npm run dev's: 107
// transactions in three portfolios). Each screen gets 10 connections in a closed loop, as wrk
// would give it, for a warm-up and then for the measured seconds: requests per second, the
// worker's and Postgres's CPU time per request, Postgres's connections, transactions and rows
// per request, and the requests to the auth server. Every figure is measured in the same run, so
// the ratios hold on any machine.
// Run: npm run build && npm run bench:screens   (BENCH_SECONDS: measured seconds a screen, 10)
import type { Miniflare } from 'miniflare'
import postgres from 'postgres'
import { DEMO_ACCOUNT, ensureDemoAccount } from '../dev/demo/demo-account.ts'
import { findFreePort } from '../dev/ports.ts'
import { startTemporaryBackend } from '../dev/testing/temporary-backend.ts'
import { signInThroughApp } from './bench-kit/auth-users.ts'
import { cpuMsOf, workerdPids } from './bench-kit/process-stats.ts'
import { requireWorkerBuild, startSiteWorker } from './bench-kit/worker-build.ts'
import { runLoad } from './load-test/load-loop.ts'
import { startBareReactWorker } from './bench-kit/bare-react-worker.ts'
import { startCountingProxy } from './screens-bench/counting-proxy.ts'
import { postgresProbe } from './screens-bench/postgres-stats.ts'

process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false'
process.env.WRANGLER_SEND_METRICS = 'false'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARMUP_SECONDS = 3
const CONNECTIONS = 10
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36'

/** What a screen is in the aims: the baseline, a public page (`home` the one compared), signed in. */
type Role = 'bare' | 'home' | 'public' | 'detail' | 'signed-in'

interface Target {
  label: string
  role: Role
  base: string
  path: string
  headers: Record<string, string>
  /** The workerd processes serving it. */
  pids: string[]
}

interface Measured {
  label: string
  role: Role
  workerMs: number
  postgresMs: number
  connections: number
  transactions: number
  rows: number
  authRequests: number
  perSecond: number
}

requireWorkerBuild()

const backend = await startTemporaryBackend()
const admin = postgres(backend.databaseUrl, { max: 1, onnotice: () => undefined })
const proxy = await startCountingProxy(backend.supabaseUrl)
let app: Miniflare | undefined
let bare: Awaited<ReturnType<typeof startBareReactWorker>> | undefined
try {
  await ensureDemoAccount({
    databaseUrl: backend.databaseUrl,
    supabaseUrl: backend.supabaseUrl,
    serviceRoleKey: backend.keys.serviceRoleKey,
  })
  const appPort = await findFreePort()
  const appBase = `http://127.0.0.1:${appPort}`
  app = await startSiteWorker(backend, appPort, proxy.url)
  const appPids = workerdPids()
  bare = await startBareReactWorker(await findFreePort())
  const barePids = workerdPids().filter((pid) => !appPids.includes(pid))
  const bareBase = (await bare.mf.ready).origin

  const cookie = await signInThroughApp(appBase, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)
  const [portfolio] = await admin<{ id: string; transactions: number }[]>`
    select p.id, count(t.id)::int as transactions
    from public.portfolios p join auth.users u on u.id = p.user_id
    left join public.transactions t on t.portfolio_id = p.id
    where u.email = ${DEMO_ACCOUNT.email}
    group by p.id order by transactions desc limit 1
  `
  if (!portfolio) throw new Error('the demo account has no portfolio')
  const signedIn = { 'User-Agent': USER_AGENT, Cookie: cookie, 'Accept-Language': 'en' }
  const detailHtml = await (
    await fetch(`${appBase}/en/portfolio/${portfolio.id}`, { headers: signedIn })
  ).text()
  const instrumentPath = new RegExp(`/en/portfolio/${portfolio.id}/transaction-[^"]+`).exec(
    detailHtml,
  )?.[0]
  if (!instrumentPath) throw new Error('the portfolio screen links no instrument')

  const visitor = { 'User-Agent': USER_AGENT }
  const targets: Target[] = [
    {
      label: 'bare React page',
      role: 'bare',
      base: bareBase,
      path: '/',
      headers: visitor,
      pids: barePids,
    },
    {
      label: '/ (public)',
      role: 'home',
      base: appBase,
      path: '/',
      headers: visitor,
      pids: appPids,
    },
    {
      label: '/en/pricing (public)',
      role: 'public',
      base: appBase,
      path: '/en/pricing',
      headers: visitor,
      pids: appPids,
    },
    {
      label: 'portfolio list',
      role: 'signed-in',
      base: appBase,
      path: '/en/portfolio',
      headers: signedIn,
      pids: appPids,
    },
    {
      label: `portfolio detail (${portfolio.transactions} tx)`,
      role: 'detail',
      base: appBase,
      path: `/en/portfolio/${portfolio.id}`,
      headers: signedIn,
      pids: appPids,
    },
    {
      label: 'instrument',
      role: 'signed-in',
      base: appBase,
      path: instrumentPath,
      headers: signedIn,
      pids: appPids,
    },
  ]

  const pg = await postgresProbe(admin)
  const load = (target: Target, seconds: number) =>
    runLoad({
      base: target.base,
      connections: CONNECTIONS,
      seconds,
      next: () => ({ path: target.path, headers: target.headers }),
    })

  const measured: Measured[] = []
  for (const target of targets) {
    await load(target, WARMUP_SECONDS)
    const counters = await pg.counters()
    const auth = proxy.requests()
    const worker = cpuMsOf(target.pids)
    const database = pg.cpuMs()
    const run = await load(target, SECONDS)
    const perRequest = (total: number) => total / run.requests
    const workerMs = perRequest(cpuMsOf(target.pids) - worker)
    const postgresMs = perRequest(pg.cpuMs() - database)
    const authRequests = perRequest(proxy.requests() - auth)
    const after = await pg.counters()
    if (run.errors.size > 0) throw new Error(`${target.label}: ${[...run.errors.keys()]}`)
    measured.push({
      label: target.label,
      role: target.role,
      workerMs,
      postgresMs,
      connections: perRequest(after.sessions - counters.sessions),
      transactions: perRequest(after.transactions - counters.transactions),
      rows: perRequest(after.rows - counters.rows),
      authRequests,
      perSecond: run.requests / run.seconds,
    })
  }
  report(measured)
} finally {
  await bare?.stop()
  await app?.dispose()
  await proxy.stop()
  await admin.end()
  await backend.stop()
}

function report(rows: Measured[]) {
  const bareRow = rows.find((row) => row.role === 'bare')
  const home = rows.find((row) => row.role === 'home')
  const detail = rows.find((row) => row.role === 'detail')
  if (!bareRow || !home || !detail) return
  console.log(
    `Per request, ${CONNECTIONS} connections for ${SECONDS} s after ${WARMUP_SECONDS} s ` +
      `(CPU in ms; Postgres: connections, ` +
      'transactions and rows fetched or scanned)',
  )
  const header = ['screen', 'worker', 'Postgres', 'conn', 'xact', 'rows', 'auth', 'req/s']
  const widths = [30, 8, 9, 5, 5, 7, 5, 7]
  const line = (cells: string[]) =>
    console.log(
      cells
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
        .join(' '),
    )
  line(header)
  for (const row of rows) {
    line([
      row.label,
      row.workerMs.toFixed(1),
      row.postgresMs.toFixed(1),
      row.connections.toFixed(1),
      row.transactions.toFixed(1),
      row.rows.toFixed(0),
      row.authRequests.toFixed(1),
      row.perSecond.toFixed(0),
    ])
  }
  const aim = (text: string, met: boolean) => console.log(`${met ? 'MET    ' : 'NOT MET'} ${text}`)
  const publicRatio =
    Math.max(
      ...rows
        .filter((row) => row.role === 'home' || row.role === 'public')
        .map((row) => row.workerMs),
    ) / bareRow.workerMs
  const detailRatio = detail.workerMs / home.workerMs
  const signedIn = rows.filter((row) => row.role === 'signed-in' || row.role === 'detail')
  console.log('\nAims (issue 32):')
  aim(
    `public pages' worker CPU ≤ 1.1× the bare React page: ${publicRatio.toFixed(2)}×`,
    publicRatio <= 1.1,
  )
  aim(
    `portfolio detail's worker CPU ≤ 5× the public home page: ${detailRatio.toFixed(1)}×`,
    detailRatio <= 5,
  )
  aim(
    `Postgres CPU ≤ the worker's on every signed-in screen: ${signedIn.map((row) => (row.postgresMs / row.workerMs).toFixed(2)).join(', ')}×`,
    signedIn.every((row) => row.postgresMs <= row.workerMs),
  )
  // Per-request averages over the whole cluster: Postgres's own background work (autovacuum,
  // statistics) adds a few hundredths.
  const ONE = 1.05
  aim(
    `one connection and one transaction per signed-in request: ${signedIn.map((row) => `${row.connections.toFixed(2)}/${row.transactions.toFixed(2)}`).join(', ')}`,
    signedIn.every((row) => row.connections <= ONE && row.transactions <= ONE),
  )
  aim(
    `no auth-server request while the session is valid: ${signedIn.map((row) => row.authRequests.toFixed(1)).join(', ')}`,
    signedIn.every((row) => row.authRequests === 0),
  )
}
