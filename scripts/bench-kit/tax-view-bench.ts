import type { Miniflare } from 'miniflare'
import postgres from 'postgres'
import { startTemporaryBackend } from '../../dev/testing/temporary-backend.ts'
import { cpuMsOf, workerdPids } from './process-stats.ts'
import { signedInWorker } from './signed-in-worker.ts'
import { requireWorkerBuild } from './worker-build.ts'

const TRANSACTIONS = 10_000
const RUNS = 9
const AIM_MS = 300

/** What one tax view's benchmark differs in: its user, its portfolio, its route and its summary. */
export interface TaxViewBench {
  email: string
  issue: number
  /** Seeds the portfolio of `transactions` for the user; gives its id and the year to ask for. */
  seed: (
    admin: postgres.Sql,
    userId: string,
    transactions: number,
  ) => Promise<{ portfolioId: string; year: number }>
  path: (portfolioId: string, year: number) => string
  /** A line saying what the year holds, from the view's JSON. */
  describe: (view: unknown, year: number) => string
}

/**
 * Times a tax view where it runs: the production worker build in workerd (Miniflare) against a
 * local Postgres holding a portfolio of 10,000 transactions. Prints the server time of the view
 * (request to response, database included), workerd's CPU per request, and whether the issue's
 * aim (under 300 ms) is met.
 */
export async function benchTaxView(bench: TaxViewBench): Promise<void> {
  requireWorkerBuild()
  const backend = await startTemporaryBackend()
  const admin = postgres(backend.databaseUrl, { max: 1, onnotice: () => undefined })
  let mf: Miniflare | undefined
  try {
    const { userId, worker, headers } = await signedInWorker(backend, bench.email)
    mf = worker
    console.log(`Seeding ${TRANSACTIONS.toLocaleString('en')} transactions…`)
    const { portfolioId, year } = await bench.seed(admin, userId, TRANSACTIONS)
    const url = `http://127.0.0.1${bench.path(portfolioId, year)}`
    const timed = async () => {
      const cpuBefore = cpuMsOf(workerdPids())
      const started = performance.now()
      const response = await worker.dispatchFetch(url, { headers })
      const body = await response.text()
      const elapsedMs = performance.now() - started
      if (response.status !== 200) throw new Error(`${url}: ${response.status} ${body}`)
      return { elapsedMs, cpuMs: cpuMsOf(workerdPids()) - cpuBefore, body }
    }
    // The first request loads the signing keys and warms the isolate; it is not counted.
    const first = await timed()
    console.log(bench.describe(JSON.parse(first.body), year))
    const times: number[] = []
    let cpu = 0
    for (let run = 0; run < RUNS; run++) {
      const { elapsedMs, cpuMs } = await timed()
      times.push(elapsedMs)
      cpu += cpuMs
    }
    const sorted = times.toSorted((a, b) => a - b)
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0
    console.log(
      `  ${RUNS} runs: median ${median.toFixed(0)} ms, slowest ${(sorted.at(-1) ?? 0).toFixed(0)} ms, ` +
        `workerd CPU ${(cpu / RUNS).toFixed(0)} ms per request`,
    )
    console.log(
      `\nAim (issue ${bench.issue}): ${median <= AIM_MS ? 'met    ' : 'NOT met'}  ≤ ${AIM_MS} ms (${median.toFixed(0)} ms)`,
    )
  } finally {
    await mf?.dispose()
    await admin.end()
    await backend.stop()
  }
}
