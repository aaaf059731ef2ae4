import { parseIsoDate } from './iso-date'

/** A cash flow seen from the investor: money paid in is negative, money received positive. */
export interface CashFlow {
  date: string
  amount: number
}

/**
 * The annual rate r solving Σ CF_i / (1 + r)^(d_i / 365) = 0 (d_i: days since the first flow),
 * or why there is none: `invalid_flow` (a bad date or amount), `no_investment` (nothing was ever
 * paid in), `no_solution` (no rate balances the flows).
 */
export type XirrResult =
  { rate: number } | { rate: null; reason: 'invalid_flow' | 'no_investment' | 'no_solution' }

// The solver works in x = ln(1 + r): every x is a valid rate above −100 %, and rates near −100 %
// (a loss over a few days) stay far apart instead of crowding into −1 + ε. Up to x = 700 the rate
// is finite (e^700 ≈ 10^304); at x = −100000 it is −100 % to every digit a float has.
const LARGEST_X = 700
const SMALLEST_X = -100_000
const GRID = buildGrid()

function buildGrid(): number[] {
  const grid = [0]
  for (let step = 0.001; step < -SMALLEST_X; step *= 2) {
    if (step < LARGEST_X) grid.push(step)
    grid.push(-step)
  }
  grid.push(LARGEST_X, SMALLEST_X)
  return grid.sort((a, b) => a - b)
}

interface Evaluation {
  /** f(x) times a positive factor that keeps every term ≤ 1: same sign and same root as f. */
  value: number
  /** x − f(x) / f'(x). */
  newton: number
}

function evaluate(x: number, years: readonly number[], amounts: readonly number[]): Evaluation {
  // f(x) = Σ a_i e^(−x t_i). Measuring time from the flow that makes the largest exponent zero
  // keeps every exponential ≤ 1, so no term overflows for any x.
  const reference = x >= 0 ? 0 : (years[years.length - 1] ?? 0)
  let value = 0
  let weightedTime = 0
  for (let index = 0; index < amounts.length; index++) {
    const time = years[index] ?? 0
    const term = (amounts[index] ?? 0) * Math.exp(-x * (time - reference))
    value += term
    weightedTime += time * term
  }
  // f'(x) = −Σ t_i a_i e^(−x t_i); the common factor cancels in f / f'.
  return { value, newton: weightedTime === 0 ? NaN : x + value / weightedTime }
}

/** A root of f inside [low, high], where f changes sign: Newton steps, bisection when they stray. */
function refine(
  low: number,
  high: number,
  lowValue: number,
  years: number[],
  amounts: number[],
): number {
  let x = (low + high) / 2
  for (let iteration = 0; iteration < 200; iteration++) {
    const here = evaluate(x, years, amounts)
    if (here.value === 0) return x
    if (Math.sign(here.value) === Math.sign(lowValue)) low = x
    else high = x
    const next = here.newton > low && here.newton < high ? here.newton : (low + high) / 2
    if (
      Math.abs(next - x) <= 1e-15 * Math.max(1, Math.abs(x)) ||
      high - low <= 1e-15 * Math.max(1, Math.abs(x))
    ) {
      return next
    }
    x = next
  }
  return x
}

/**
 * Money-weighted return (XIRR) of dated cash flows: brackets a root on a grid spanning every
 * representable rate, then refines it with safeguarded Newton steps. A total loss (money paid in,
 * nothing back) is −100 %. When several rates fit, the one nearest 0 % is returned.
 *
 * @example xirr([{ date: '2023-01-01', amount: -1000 }, { date: '2024-01-01', amount: 1100 }]) // { rate: 0.1 }
 */
export function xirr(flows: readonly CashFlow[]): XirrResult {
  const days: number[] = []
  const amounts: number[] = []
  for (const flow of flows) {
    const day = parseIsoDate(flow.date)
    if (day === null || !Number.isFinite(flow.amount)) return { rate: null, reason: 'invalid_flow' }
    if (flow.amount === 0) continue
    days.push(day)
    amounts.push(flow.amount)
  }
  if (!amounts.some((amount) => amount < 0)) return { rate: null, reason: 'no_investment' }
  if (!amounts.some((amount) => amount > 0)) return { rate: -1 }
  const order = days.map((_, index) => index).sort((a, b) => (days[a] ?? 0) - (days[b] ?? 0))
  const start = days[order[0] ?? 0] ?? 0
  const years = order.map((index) => ((days[index] ?? 0) - start) / 365)
  const sortedAmounts = order.map((index) => amounts[index] ?? 0)

  // All on one day: the discount factor is the same for every rate, so no rate is the answer.
  if (years[years.length - 1] === 0) return { rate: null, reason: 'no_solution' }

  const values = GRID.map((x) => evaluate(x, years, sortedAmounts).value)
  let best: { low: number; high: number; lowValue: number; distance: number } | null = null
  for (let index = 0; index < GRID.length; index++) {
    const low = GRID[index] ?? 0
    const high = GRID[index + 1] ?? low
    const lowValue = values[index] ?? 0
    const highValue = values[index + 1] ?? lowValue
    // An exact zero on the grid is a root itself; otherwise the interval must change sign.
    const brackets = lowValue === 0 || Math.sign(lowValue) * Math.sign(highValue) < 0
    const distance = lowValue === 0 ? Math.abs(low) : low > 0 ? low : high < 0 ? -high : 0
    if (brackets && (best === null || distance < best.distance)) {
      best = { low, high, lowValue, distance }
    }
  }
  if (best === null) return { rate: null, reason: 'no_solution' }
  if (best.lowValue === 0) return { rate: Math.expm1(best.low) }
  return { rate: Math.expm1(refine(best.low, best.high, best.lowValue, years, sortedAmounts)) }
}
