// Benchmark of the portfolio engine (not a test): 100,000 transactions across 500 instruments
// with 10 years of daily prices, generated from a fixed seed. Prints medians of nine analyses per
// cost-basis method and input order (after a first run, printed apart): holdings and totals, and
// the whole report with the record of each sale; then the daily series, and peak memory.
// Run: npm run bench:portfolio [holdings | series]
import {
  analyzePortfolio,
  computeValueSeries,
  moneyWeightedReturn,
  timeWeightedReturn,
} from '../worker/portfolio'
import type { Result } from '../worker/portfolio'
import { AS_OF, BASE, INSTRUMENTS, generatePortfolio, shuffledCopy } from './portfolio-bench/data'

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}

function time<T>(label: string, run: () => T): T {
  const start = performance.now()
  const result = run()
  console.log(`${label.padEnd(44)} ${(performance.now() - start).toFixed(0).padStart(6)} ms`)
  return result
}

let warnedAboutGc = false
/** Analyses run so far, for the memory line after them. */
let analyses = 0

/**
 * Collects garbage left by earlier runs (Node's --expose-gc, which `npm run bench:portfolio`
 * passes), so each batch of runs starts from the same heap and pays only for its own garbage.
 */
function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc !== undefined) gc()
  else if (!warnedAboutGc) {
    warnedAboutGc = true
    console.warn('  (run with --expose-gc to start each batch from a clean heap)')
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`
}

function memory(label: string): void {
  const peak = megabytes(process.resourceUsage().maxRSS * 1024)
  const heap = megabytes(process.memoryUsage().heapUsed)
  console.log(`  ${label}: peak resident memory so far ${peak}, heap in use ${heap}`)
}

// `holdings` or `series` runs one part alone, so its peak memory is its own. Peaks after several
// runs mostly show how lazily V8 collects garbage; the first run's is the one to compare.
const part = process.argv[2] ?? 'all'
// Each configuration runs once, printed apart (its first run also compiles the code it needs),
// then this many more times for the median, so a cold start does not weigh on the median.
const RUNS = 9
const generated = time('generate data', generatePortfolio)
console.log(
  `  ${generated.transactions.length} transactions, ${INSTRUMENTS} instruments, ` +
    `${Object.values(generated.prices ?? {}).reduce((sum, points) => sum + points.length, 0)} closing prices`,
)
memory('after generating')

/** Median, fastest and slowest of the runs after the first, and the first apart. */
function summarize(times: readonly number[]): string {
  const [firstRun = NaN, ...runs] = times
  return (
    `${median(runs).toFixed(0).padStart(6)} ms median of ${RUNS}` +
    ` (${Math.min(...runs).toFixed(0)}–${Math.max(...runs).toFixed(0)}), first run ${firstRun.toFixed(0)} ms`
  )
}

/**
 * Runs an analysis once, then {@link RUNS} times more, from a collected heap; throws on an error.
 * `afterRun` is called after each run. Returns every run's time and the last result.
 */
function timeRuns<T>(analyze: () => Result<T>, afterRun = () => {}): { times: number[]; value: T } {
  collectGarbage()
  analyses += RUNS + 1
  const times: number[] = []
  // Set by every run, as RUNS ≥ 0.
  let value!: T
  for (let run = 0; run <= RUNS; run++) {
    const start = performance.now()
    const result = analyze()
    times.push(performance.now() - start)
    if (!result.ok) throw new Error(result.error.message)
    value = result.value
    afterRun()
  }
  return { times, value }
}

if (part !== 'series') {
  let first = true
  // Transactions read for a portfolio screen come ordered by trade date and sequence (a database
  // index serves that order); the shuffled copy shows the cost when they come in any order.
  for (const order of ['ordered', 'shuffled'] as const) {
    const given = order === 'ordered' ? generated : shuffledCopy(generated)
    for (const method of ['AVERAGE', 'FIFO'] as const) {
      const input = { ...given, portfolio: { ...given.portfolio, costBasisMethod: method } }
      // Holdings and totals as a holdings screen asks for them, without the record of each
      // sale; then the whole report, with every sale and the lots it took. Each in its own
      // runs, so that one's garbage is not collected in the other's time.
      const holdings = timeRuns(
        () => analyzePortfolio(input, { asOf: AS_OF, sales: false }),
        () => {
          if (first) memory('after the first run')
          first = false
        },
      )
      const report = timeRuns(() => analyzePortfolio(input, { asOf: AS_OF }))
      const { totals, sales } = report.value
      const summary = `value ${totals.value.toNumber().toFixed(2)} ${BASE}, ${report.value.holdings.length} holdings, ${sales.length} sales`
      console.log(
        `${`holdings + totals, ${method}, ${order}`.padEnd(44)} ${summarize(holdings.times)}`,
      )
      console.log(`${'  with the record of each sale'.padEnd(44)} ${summarize(report.times)}`)
      console.log(`  ${summary}`)
    }
  }
  // Not one analysis's memory: V8 keeps the heap it grew to over all of them (see the docs).
  memory(`after all ${analyses} analyses above`)
}
if (part !== 'holdings') {
  collectGarbage()
  for (let run = 1; run <= 3; run++) {
    const series = time(`daily value series, run ${run}`, () =>
      computeValueSeries(generated, { to: AS_OF }),
    )
    if (!series.ok) throw new Error(series.error.message)
    if (run === 1) memory('after the first run')
    if (run === 3) {
      const last = series.value.points[series.value.points.length - 1]
      console.log(
        `  ${series.value.points.length} days, last value ${last?.value.toFixed(2)} ${BASE}`,
      )
      time('time-weighted return, whole series', () => timeWeightedReturn(series.value))
      time('money-weighted return (XIRR), whole series', () => moneyWeightedReturn(series.value))
    }
  }
  memory('after the series')
}
