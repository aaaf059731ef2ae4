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
import type { PortfolioInput, Result, SeriesPoint, TransactionInput } from '../worker/portfolio'

const INSTRUMENTS = 500
const TRANSACTIONS = 100_000
const FIRST_DAY = Date.UTC(2015, 0, 1)
const YEARS = 10
const BASE = 'TRY'
const MILLISECONDS_PER_DAY = 86_400_000

/** mulberry32: a small seeded generator, so every run sees the same data. */
function seededRandom(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state)
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296
  }
}

interface Instrument {
  code: string
  currency: string
  closes: number[]
}

/** The benchmark's portfolio, its transactions in trade-date and sequence order. */
function generate(): PortfolioInput {
  const random = seededRandom(20261122)
  const dates: string[] = []
  const lastDay = Date.UTC(2015 + YEARS, 0, 1)
  for (let time = FIRST_DAY; time < lastDay; time += MILLISECONDS_PER_DAY) {
    const weekday = new Date(time).getUTCDay()
    if (weekday !== 0 && weekday !== 6) dates.push(new Date(time).toISOString().slice(0, 10))
  }

  const walk = (start: number, volatility: number, drift: number): number[] => {
    const values: number[] = []
    let value = start
    for (let index = 0; index < dates.length; index++) {
      value *= 1 + drift + (random() - 0.5) * volatility
      values.push(value)
    }
    return values
  }
  const fx: Record<string, number[]> = {
    USD: walk(2.3, 0.01, 0.0012),
    EUR: walk(2.8, 0.01, 0.0011),
  }
  const fxRates: Record<string, SeriesPoint[]> = {}
  for (const [currency, values] of Object.entries(fx)) {
    fxRates[`${currency}/${BASE}`] = values.map((value, index) => ({
      date: dates[index] ?? '',
      value: value.toFixed(4),
    }))
  }

  const instruments: Instrument[] = []
  const prices: Record<string, SeriesPoint[]> = {}
  for (let index = 0; index < INSTRUMENTS; index++) {
    const draw = random()
    const currency = draw < 0.6 ? BASE : draw < 0.9 ? 'USD' : 'EUR'
    const closes = walk(5 + random() * 200, 0.04, 0.0003)
    const code = `I${String(index).padStart(3, '0')}`
    instruments.push({ code, currency, closes })
    // Series share their date strings, as when built from one trading calendar.
    prices[code] = closes.map((close, day) => ({ date: dates[day] ?? '', value: close.toFixed(2) }))
  }

  const held = new Map<string, number>()
  const transactions: TransactionInput[] = []
  const tradeDays = Array.from({ length: TRANSACTIONS }, () =>
    Math.floor(random() * dates.length),
  ).sort((a, b) => a - b)
  for (let sequence = 0; sequence < TRANSACTIONS; sequence++) {
    const day = tradeDays[sequence] ?? 0
    const instrument = instruments[Math.floor(random() * INSTRUMENTS)] as Instrument
    const currency = instrument.currency
    const common = {
      id: `t${sequence}`,
      sequence,
      tradeDate: dates[day] ?? '',
      currency,
      fxRate: currency === BASE ? null : (fx[currency]?.[day] ?? 1).toFixed(4),
    }
    const price = ((instrument.closes[day] ?? 1) * (0.99 + random() * 0.02)).toFixed(2)
    const quantity = held.get(instrument.code) ?? 0
    const draw = random()
    if (sequence % 50 === 0) {
      transactions.push({
        ...common,
        type: 'DEPOSIT',
        amount: (1000 + random() * 50_000).toFixed(2),
      })
    } else if (quantity > 0 && draw < 0.3) {
      const sold = draw < 0.05 ? quantity : Math.max(1, Math.floor(quantity * random()))
      held.set(instrument.code, quantity - sold)
      transactions.push({
        ...common,
        type: 'SELL',
        instrumentCode: instrument.code,
        quantity: String(sold),
        unitPrice: price,
        fee: (random() * 5).toFixed(2),
      })
    } else if (quantity > 0 && draw < 0.38) {
      transactions.push({
        ...common,
        type: 'DIVIDEND',
        instrumentCode: instrument.code,
        amount: (quantity * random() * 0.5 + 0.01).toFixed(2),
        tax: (random() * 0.5).toFixed(2),
      })
    } else if (draw < 0.385) {
      transactions.push({ ...common, type: 'FEE', amount: (random() * 20 + 0.01).toFixed(2) })
    } else {
      const bought = 1 + Math.floor(random() * 100)
      held.set(instrument.code, quantity + bought)
      transactions.push({
        ...common,
        type: 'BUY',
        instrumentCode: instrument.code,
        quantity: String(bought),
        unitPrice: price,
        fee: (random() * 5).toFixed(2),
      })
    }
  }
  return {
    portfolio: { baseCurrency: BASE, costBasisMethod: 'AVERAGE', recordsCash: true },
    transactions: received(transactions),
    prices,
    fxRates,
  }
}

/**
 * Rows as the worker receives them: parsed from JSON in the order given, so their objects and
 * strings lie in memory as a real response's do.
 */
function received<T>(rows: readonly T[]): T[] {
  const parsed: T[] = []
  // In pieces, so no one large JSON text inflates the peak memory the benchmark reports.
  for (let start = 0; start < rows.length; start += 5_000) {
    parsed.push(...(JSON.parse(JSON.stringify(rows.slice(start, start + 5_000))) as T[]))
  }
  return parsed
}

/** The transactions in another order (fixed seed), as an unsorted query may return them. */
function shuffledCopy(input: PortfolioInput): PortfolioInput {
  const transactions = [...input.transactions]
  const random = seededRandom(7)
  for (let index = transactions.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1))
    const swap = transactions[index] as TransactionInput
    transactions[index] = transactions[other] as TransactionInput
    transactions[other] = swap
  }
  return { ...input, transactions: received(transactions) }
}

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
const asOf = '2024-12-31'
// Each configuration runs once, printed apart (its first run also compiles the code it needs),
// then this many more times for the median, so a cold start does not weigh on the median.
const RUNS = 9
const generated = time('generate data', generate)
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
        () => analyzePortfolio(input, { asOf, sales: false }),
        () => {
          if (first) memory('after the first run')
          first = false
        },
      )
      const report = timeRuns(() => analyzePortfolio(input, { asOf }))
      const { totals, sales } = report.value
      const summary = `value ${totals.value.toNumber().toFixed(2)} ${BASE}, ${report.value.holdings.length} holdings, ${sales.length} sales`
      console.log(
        `${`holdings + totals, ${method}, ${order}`.padEnd(44)} ${summarize(holdings.times)}`,
      )
      console.log(`${'  with the record of each sale'.padEnd(44)} ${summarize(report.times)}`)
      console.log(`  ${summary}`)
    }
  }
  memory('after holdings')
}
if (part !== 'holdings') {
  collectGarbage()
  for (let run = 1; run <= 3; run++) {
    const series = time(`daily value series, run ${run}`, () =>
      computeValueSeries(generated, { to: asOf }),
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
