// Benchmark of the report API where it runs (not a test): the production worker build in workerd
// (Miniflare) against a local Postgres holding a Pro user's portfolio of 10,000 transactions
// (100 instruments, 5 years of daily closes and USD/TRY rates). Prints the server time of
// `GET /api/portfolios/{id}/report` — request to response, database included — as the median
// and slowest of the runs after a first, and workerd's CPU time per request.
// Run: npm run build && npm run bench:report-api
import type { Miniflare } from 'miniflare'
import postgres from 'postgres'
import { startTemporaryBackend } from '../dev/testing/temporary-backend.ts'
import { createConfirmedUser, passwordAccessToken } from './bench-kit/auth-users.ts'
import { cpuMsOf, workerdPids } from './bench-kit/process-stats.ts'
import { requireWorkerBuild, startBuiltWorker } from './bench-kit/worker-build.ts'
import { seedPortfolio } from './report-api-bench/seed.ts'

process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false'
process.env.WRANGLER_SEND_METRICS = 'false'

const TRANSACTIONS = 10_000
const RUNS = 15
const AIM_MS = 150

requireWorkerBuild()

const backend = await startTemporaryBackend()
const admin = postgres(backend.databaseUrl, { max: 1, onnotice: () => undefined })
let mf: Miniflare | undefined
try {
  const email = 'bench@example.com'
  const password = 'bench-pass-1'
  const userId = await createConfirmedUser(
    backend.supabaseUrl,
    backend.keys.serviceRoleKey,
    email,
    password,
  )
  console.log(`Seeding ${TRANSACTIONS.toLocaleString('en')} transactions…`)
  const { portfolioId, asOf } = await seedPortfolio(admin, userId, TRANSACTIONS)
  const token = await passwordAccessToken(
    backend.supabaseUrl,
    backend.keys.anonKey,
    email,
    password,
  )

  mf = startBuiltWorker({
    bindings: {
      SUPABASE_URL: backend.supabaseUrl,
      SUPABASE_ANON_KEY: backend.keys.anonKey,
      HYPERDRIVE: { connectionString: backend.databaseUrl },
    },
  })
  const url = `http://127.0.0.1/api/portfolios/${portfolioId}/report?asOf=${asOf}`
  const headers = { Authorization: `Bearer ${token}`, 'Accept-Language': 'en' }
  const timings: number[] = []
  let cpu = 0
  for (let run = 0; run <= RUNS; run++) {
    const cpuBefore = cpuMsOf(workerdPids())
    const started = performance.now()
    const response = await mf.dispatchFetch(url, { headers })
    const body = await response.text()
    const elapsed = performance.now() - started
    if (response.status !== 200) throw new Error(`report: ${response.status} ${body}`)
    // The first run loads the signing keys and warms the isolate; it is not counted.
    if (run > 0) {
      timings.push(elapsed)
      cpu += cpuMsOf(workerdPids()) - cpuBefore
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
