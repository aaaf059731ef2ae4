// Benchmark of the performance route in each measure where it runs (not a test): the production
// worker build in workerd (Miniflare) against a local Postgres holding a lira portfolio of 10,000
// transactions (100 instruments, 5 years of daily closes and USD/TRY rates, TÜFE of every month).
// Prints the server time of `GET /api/portfolios/{id}/performance` over the panel's default year
// (request to response, database included) and workerd's CPU per request, computed (the stored
// answers dropped before each run, as a write or a new price would have them ignored) and
// stored, nominal, real (by TÜFE) and in US dollars; then whether the aim of issue 36 is met:
// a measure costs at most 20 % more than nominal, in time and in CPU (docs/real-returns.md).
// Run: npm run build && npm run bench:real-returns
import type { Miniflare } from 'miniflare'
import postgres from 'postgres'
import { startTemporaryBackend } from '../dev/testing/temporary-backend.ts'
import { cpuMsOf, workerdPids } from './bench-kit/process-stats.ts'
import { signedInWorker } from './bench-kit/signed-in-worker.ts'
import { requireWorkerBuild } from './bench-kit/worker-build.ts'
import { seedMarket, seedPortfolio } from './report-api-bench/seed.ts'
import { formatTiming, summary, type Timing } from './bench-kit/request-timing'

process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false'
process.env.WRANGLER_SEND_METRICS = 'false'

const TRANSACTIONS = 10_000
const RUNS = 9
const STORED_RUNS = 15
const MEASURES = ['nominal', 'real', 'USD'] as const
/** The panel's default range: the year to the report's date (2025-12-31). */
const FROM = '2025-01-01'
/** The most a measure may cost over nominal, as a factor. */
const AIM_FACTOR = 1.2

requireWorkerBuild()

const backend = await startTemporaryBackend()
const admin = postgres(backend.databaseUrl, { max: 1, onnotice: () => undefined })
let mf: Miniflare | undefined
try {
  const { userId, worker, headers } = await signedInWorker(backend, 'bench-real@example.com')
  mf = worker
  await seedMarket(admin, userId)
  // TÜFE 2003=100 of every month of the five years (and the one before), as EVDS would give it.
  await admin`
    insert into public.price_indices (index_code, month, value)
    select 'TR-TUFE-2003', (date '2020-11-01' + make_interval(months => k))::date,
      round((500 * power(1.025, k))::numeric, 2)
    from generate_series(0, 61) as k
  `
  console.log(`Seeding ${TRANSACTIONS.toLocaleString('en')} transactions…`)
  const { portfolioId, asOf } = await seedPortfolio(admin, userId, TRANSACTIONS)
  const dropStored = () =>
    admin`delete from public.stored_analyses where portfolio_id = ${portfolioId}`

  async function timed(url: string) {
    const cpuBefore = cpuMsOf(workerdPids())
    const started = performance.now()
    const response = await worker.dispatchFetch(url, { headers })
    const body = await response.text()
    const elapsedMs = performance.now() - started
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${body}`)
    return { elapsedMs, cpuMs: cpuMsOf(workerdPids()) - cpuBefore, body }
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

  const urlOf = (measure: (typeof MEASURES)[number]) =>
    `http://127.0.0.1/api/portfolios/${portfolioId}/performance?from=${FROM}&to=${asOf}` +
    (measure === 'nominal' ? '' : `&measure=${measure}`)
  for (const measure of MEASURES) {
    // The first request of each warms the isolate (and loads the signing keys); not counted.
    await dropStored()
    const first = JSON.parse((await timed(urlOf(measure))).body) as {
      points: unknown[]
      twr: { cumulative: number } | null
    }
    const twr = first.twr ? `${(first.twr.cumulative * 100).toFixed(2)} %` : '–'
    console.log(`${measure}: ${first.points.length} points, TWR ${twr}`)
  }
  // Computed, the measures taking turns in each round, so a busy machine slows each alike.
  const samples = new Map<string, { times: number[]; cpu: number }>(
    MEASURES.map((measure) => [measure, { times: [], cpu: 0 }]),
  )
  for (let run = 0; run < RUNS; run++) {
    for (const measure of MEASURES) {
      await dropStored()
      const { elapsedMs, cpuMs } = await timed(urlOf(measure))
      const sample = samples.get(measure)
      sample?.times.push(elapsedMs)
      if (sample) sample.cpu += cpuMs
    }
  }
  const computed = new Map<string, Timing>()
  for (const measure of MEASURES) {
    const sample = samples.get(measure) ?? { times: [], cpu: 0 }
    const fresh = summary(sample.times, sample.cpu)
    computed.set(measure, fresh)
    await timed(urlOf(measure))
    const stored = await runs(urlOf(measure), STORED_RUNS)
    console.log(`\n${measure}`)
    console.log(`  computed (${RUNS} runs): ${formatTiming(fresh)}`)
    console.log(`  stored   (${STORED_RUNS} runs): ${formatTiming(stored)}`)
  }

  const nominal = computed.get('nominal') ?? summary([], 0)
  console.log('\nAim (issue 36): a measure costs at most 20 % more than nominal, computed')
  for (const measure of MEASURES.slice(1)) {
    const timing = computed.get(measure) ?? summary([], 0)
    const time = timing.medianMs / nominal.medianMs
    const cpu = timing.cpuMs / nominal.cpuMs
    console.log(
      `  ${time <= AIM_FACTOR && cpu <= AIM_FACTOR ? 'met    ' : 'NOT met'}  ${measure}: ` +
        `time ${time.toFixed(2)} × nominal (${timing.medianMs.toFixed(0)} ms), ` +
        `workerd CPU ${cpu.toFixed(2)} × nominal (${timing.cpuMs.toFixed(0)} ms)`,
    )
  }
} finally {
  await mf?.dispose()
  await admin.end()
  await backend.stop()
}
