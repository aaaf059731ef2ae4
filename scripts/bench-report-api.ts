// Benchmark of the report API where it runs (not a test): the production worker build in workerd
// (Miniflare) against a local Postgres holding a Pro user's portfolios of 10,000 and 50,000
// transactions (100 instruments, 5 years of daily closes and USD/TRY rates). For each it prints
// the server time of `GET /api/portfolios/{id}/report` (request to response, database included)
// and workerd's CPU time per request, twice:
//   - computed: the engine runs (the portfolio's stored analyses are dropped before each run, as
//     a write or a new price would have them ignored);
//   - stored: nothing it reads changed since the last request, so the stored answer is read.
// Then `GET …/explain?figure=totals.fees`: the same pass with the fees' derivation recorded (the
// largest a journal keeps: every fee paid), never stored. The report itself records none.
// It ends with the aims of docs/performance.md that these figures decide, met or not.
// Run: npm run build && npm run bench:report-api
import type { Miniflare } from 'miniflare'
import postgres from 'postgres'
import { startTemporaryBackend } from '../dev/testing/temporary-backend.ts'
import { cpuMsOf, workerdPids } from './bench-kit/process-stats.ts'
import { signedInWorker } from './bench-kit/signed-in-worker.ts'
import { requireWorkerBuild } from './bench-kit/worker-build.ts'
import { seedMarket, seedPortfolio } from './report-api-bench/seed.ts'
import { formatTiming, summary } from './bench-kit/request-timing'

process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false'
process.env.WRANGLER_SEND_METRICS = 'false'

const COMPUTED_RUNS = 5
const STORED_RUNS = 15
/** Transactions, and the most milliseconds a report of them may take. */
const SIZES = [
  { transactions: 10_000, aimMs: 150 },
  { transactions: 50_000, aimMs: 600 },
] as const
const AIM_KB = 300

requireWorkerBuild()

const backend = await startTemporaryBackend()
const admin = postgres(backend.databaseUrl, { max: 1, onnotice: () => undefined })
let mf: Miniflare | undefined
try {
  const { userId, worker, headers } = await signedInWorker(backend, 'bench@example.com')
  mf = worker
  await seedMarket(admin, userId)

  /** One request's time and the workerd CPU it took, and the answer's length in bytes. */
  async function timed(url: string) {
    const cpuBefore = cpuMsOf(workerdPids())
    const started = performance.now()
    const response = await worker.dispatchFetch(url, { headers })
    const body = await response.text()
    const elapsedMs = performance.now() - started
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${body}`)
    return { elapsedMs, cpuMs: cpuMsOf(workerdPids()) - cpuBefore, bytes: body.length, body }
  }

  async function runs(url: string, count: number, before?: () => Promise<unknown>) {
    const timings: number[] = []
    let cpu = 0
    for (let run = 0; run < count; run++) {
      await before?.()
      const { elapsedMs, cpuMs } = await timed(url)
      timings.push(elapsedMs)
      cpu += cpuMs
    }
    return summary(timings, cpu)
  }

  const aims: { aim: string; met: boolean }[] = []
  for (const { transactions, aimMs } of SIZES) {
    const count = transactions.toLocaleString('en')
    console.log(`\nSeeding ${count} transactions…`)
    const { portfolioId, asOf } = await seedPortfolio(admin, userId, transactions)
    const url = `http://127.0.0.1/api/portfolios/${portfolioId}/report?asOf=${asOf}`
    const dropStored = () =>
      admin`delete from public.stored_analyses where portfolio_id = ${portfolioId}`
    // The first request loads the signing keys and warms the isolate; it is not counted.
    const first = await timed(url)
    const report = JSON.parse(first.body) as { holdings: unknown[]; saleCount: number }
    const kb = first.bytes / 1024
    console.log(
      `Report on ${asOf}: ${report.holdings.length} holdings, ${report.saleCount} sales ` +
        `(read a page at a time), ${kb.toFixed(0)} KB of JSON`,
    )
    const computed = await runs(url, COMPUTED_RUNS, dropStored)
    await timed(url)
    const stored = await runs(url, STORED_RUNS)
    const explained = await runs(
      `http://127.0.0.1/api/portfolios/${portfolioId}/explain?figure=totals.fees&asOf=${asOf}`,
      COMPUTED_RUNS,
    )
    console.log(`  computed (${COMPUTED_RUNS} runs): ${formatTiming(computed)}`)
    console.log(`  stored   (${STORED_RUNS} runs): ${formatTiming(stored)}`)
    console.log(`  explained (${COMPUTED_RUNS} runs): ${formatTiming(explained)}`)
    aims.push(
      {
        aim: `${count} transactions, unchanged portfolio: ≤ ${aimMs} ms (${stored.medianMs.toFixed(0)} ms)`,
        met: stored.medianMs <= aimMs,
      },
      {
        aim: `${count} transactions, computed: ≤ ${aimMs} ms (${computed.medianMs.toFixed(0)} ms)`,
        met: computed.medianMs <= aimMs,
      },
      {
        aim:
          `${count} transactions, derivation recorded: ≤ computed + 10 % ` +
          `(${explained.medianMs.toFixed(0)} ms)`,
        met: explained.medianMs <= computed.medianMs * 1.1,
      },
    )
    if (transactions === SIZES[0].transactions) {
      aims.push({ aim: `answer ≤ ${AIM_KB} KB (${kb.toFixed(0)} KB)`, met: kb <= AIM_KB })
    }
  }
  console.log('\nAims (docs/performance.md):')
  for (const { aim, met } of aims) console.log(`  ${met ? 'met    ' : 'NOT met'}  ${aim}`)
} finally {
  await mf?.dispose()
  await admin.end()
  await backend.stop()
}
