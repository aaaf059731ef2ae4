// The benchmark's measurements, run alike inside workerd (worker.ts) and in Node (in-node.ts):
// holdings + totals (and the same pass with the fees' derivation recorded, as explaining them
// makes it: the journal's largest), the
// daily series over five years, and TWR + MWR over the last year.
import {
  analyzePortfolio,
  computeValueSeries,
  explainReportFigure,
  moneyWeightedReturn,
  timeWeightedReturn,
} from '../../worker/portfolio'
import type { PortfolioInput, Result } from '../../worker/portfolio'
import { AS_OF, generatePortfolio } from './data'

export const PARTS = {
  holdings: { label: 'holdings + totals', aim: 'under 50 ms' },
  explained: { label: '… derivation recorded', aim: 'within 10 % of the line above' },
  series: { label: 'daily series, 5 years', aim: 'under 300 ms' },
  returns: { label: 'TWR + MWR, 1 year', aim: 'none set' },
} as const
export type Part = keyof typeof PARTS

/** Wall times of each run in milliseconds, or the error code the engine answered with. */
export type Runs = { times: number[] } | { error: string }

let input: PortfolioInput | null = null

/** Generates the portfolio the next runs analyze, where they run (in the isolate for workerd). */
export function prepare(transactions: number): void {
  input = null
  input = generatePortfolio(transactions)
}

function analyze(part: Part, portfolio: PortfolioInput): Result<unknown> {
  if (part === 'holdings') return analyzePortfolio(portfolio, { asOf: AS_OF })
  if (part === 'explained') {
    return explainReportFigure(portfolio, {
      asOf: AS_OF,
      figure: { scope: 'totals', name: 'value' },
    })
  }
  if (part === 'series') return computeValueSeries(portfolio, { to: AS_OF })
  const series = computeValueSeries(portfolio, { from: '2024-01-01', to: AS_OF })
  if (!series.ok) return series
  const twr = timeWeightedReturn(series.value)
  return twr.ok ? moneyWeightedReturn(series.value) : twr
}

/** Runs one part `runs` times on the prepared portfolio. */
export function run(part: Part, runs: number): Runs {
  if (input === null) throw new Error('prepare() first')
  const times: number[] = []
  for (let index = 0; index < runs; index++) {
    const start = performance.now()
    const result = analyze(part, input)
    if (!result.ok) return { error: result.error.code }
    times.push(performance.now() - start)
  }
  return { times }
}

/** How much longer recording the derivation made the report's pass, as a line with its aim. */
export function recordingCost(plain: Runs, recorded: Runs): string {
  if ('error' in plain || 'error' in recorded) return '  derivation recorded: not measured'
  const extra = median(recorded.times) / median(plain.times) - 1
  const met = extra <= 0.1 ? 'met' : 'NOT met'
  return `  derivation recorded: ${(extra * 100).toFixed(1)} % longer (aim ≤ 10 %: ${met})`
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}

/**
 * One printed line: the median wall time of the runs and the CPU time per run (what a Worker is
 * billed; it also does not count the time other processes of a busy machine take), or the refusal.
 */
export function line(part: Part, runs: Runs, cpuPerRun: number): string {
  const { label, aim } = PARTS[part]
  const figures =
    'error' in runs
      ? `refused: ${runs.error}`
      : `${median(runs.times).toFixed(0)} ms wall, ${cpuPerRun.toFixed(0)} ms CPU`
  return `  ${label.padEnd(22)} ${figures.padStart(28)}   (aim: ${aim})`
}
