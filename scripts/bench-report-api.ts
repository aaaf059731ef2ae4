// Benchmark of the report API where it runs (not a test): the production worker build in workerd
// (Miniflare) against a local Postgres holding a Pro user's portfolio of 10,000 transactions
// (100 instruments, 5 years of daily closes and USD/TRY rates). Prints the server time of
// `GET /api/portfolios/{id}/report` — request to response, database included — as the median
// and slowest of the runs after a first, and workerd's CPU time per request.
// Run: npm run build && npm run bench:report-api
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Miniflare } from 'miniflare'
import postgres from 'postgres'
import { startTemporaryBackend } from '../dev/testing/temporary-backend.ts'
import { seedPortfolio } from './report-api-bench/seed.ts'

process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false'
process.env.WRANGLER_SEND_METRICS = 'false'

const TRANSACTIONS = 10_000
const RUNS = 15
const AIM_MS = 150
const WORKER = fileURLToPath(new URL('../dist/portfolio_tracker/index.js', import.meta.url))

if (!existsSync(WORKER)) {
  console.error('No worker build: run `npm run build` first.')
  process.exit(1)
}

/** CPU time (user + system, ms) of this process's workerd children, from /proc. */
function workerdCpuMs(): number {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], {
    encoding: 'utf8',
  })
  return out
    .split('\n')
    .filter((row) => row.includes('workerd'))
    .reduce((total, row) => {
      const pid = row.trim().split(/\s+/)[0]
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
      return total + (Number(fields[11]) + Number(fields[12])) * 10
    }, 0)
}

async function accessToken(supabaseUrl: string, key: string, email: string, password: string) {
  const response = await fetch(`${supabaseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!response.ok) throw new Error(`sign-in: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { access_token: string }).access_token
}

async function createUser(
  supabaseUrl: string,
  serviceKey: string,
  email: string,
  password: string,
) {
  const response = await fetch(`${supabaseUrl}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {
      apikey: serviceKey,
      Authorization: `Bearer ${serviceKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ email, password, email_confirm: true }),
  })
  if (!response.ok) throw new Error(`create user: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { id: string }).id
}

const backend = await startTemporaryBackend()
const admin = postgres(backend.databaseUrl, { max: 1, onnotice: () => undefined })
let mf: Miniflare | undefined
try {
  const email = 'bench@example.com'
  const password = 'bench-pass-1'
  const userId = await createUser(backend.supabaseUrl, backend.keys.serviceRoleKey, email, password)
  console.log(`Seeding ${TRANSACTIONS.toLocaleString('en')} transactions…`)
  const { portfolioId, asOf } = await seedPortfolio(admin, userId, TRANSACTIONS)
  const token = await accessToken(backend.supabaseUrl, backend.keys.anonKey, email, password)

  mf = new Miniflare({
    scriptPath: WORKER,
    modules: true,
    modulesRules: [{ type: 'ESModule', include: ['**/*.js'] }],
    compatibilityDate: '2026-07-01',
    compatibilityFlags: ['nodejs_compat'],
    bindings: {
      SUPABASE_URL: backend.supabaseUrl,
      SUPABASE_ANON_KEY: backend.keys.anonKey,
      HYPERDRIVE: { connectionString: backend.databaseUrl },
    },
    serviceBindings: { ASSETS: () => new Response('Not found', { status: 404 }) },
    cf: false,
    host: '127.0.0.1',
  })
  const url = `http://127.0.0.1/api/portfolios/${portfolioId}/report?asOf=${asOf}`
  const headers = { Authorization: `Bearer ${token}`, 'Accept-Language': 'en' }
  const timings: number[] = []
  let cpu = 0
  for (let run = 0; run <= RUNS; run++) {
    const cpuBefore = workerdCpuMs()
    const started = performance.now()
    const response = await mf.dispatchFetch(url, { headers })
    const body = await response.text()
    const elapsed = performance.now() - started
    if (response.status !== 200) throw new Error(`report: ${response.status} ${body}`)
    // The first run loads the signing keys and warms the isolate; it is not counted.
    if (run > 0) {
      timings.push(elapsed)
      cpu += workerdCpuMs() - cpuBefore
    } else {
      const report = JSON.parse(body) as { holdings: unknown[]; sales: unknown[] }
      console.log(
        `Report on ${asOf}: ${report.holdings.length} holdings, ${report.sales.length} sales, ` +
          `${(body.length / 1024).toFixed(0)} KB of JSON`,
      )
    }
  }
  timings.sort((a, b) => a - b)
  const median = timings[Math.floor(timings.length / 2)] ?? 0
  console.log(
    `GET /api/portfolios/{id}/report, ${TRANSACTIONS.toLocaleString('en')} transactions, ` +
      `${RUNS} runs: median ${median.toFixed(0)} ms, slowest ${(timings.at(-1) ?? 0).toFixed(0)} ms ` +
      `(aim < ${AIM_MS} ms); workerd CPU ${(cpu / RUNS).toFixed(0)} ms per request`,
  )
} finally {
  await mf?.dispose()
  await admin.end()
  await backend.stop()
}
