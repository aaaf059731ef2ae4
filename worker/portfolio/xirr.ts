import type { Fraction } from './fraction'
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
  { rate: Fraction } | { rate: null; reason: 'invalid_flow' | 'no_investment' | 'no_solution' }

// The solver works in x = ln(1 + r): every x is a valid rate above −100 %, and rates near −100 %
// (a loss over a few days) stay far apart instead of crowding into −1 + ε. Up to x = 700 the rate
// is finite (e^700 ≈ 10^304); at x = −100000 it is −100 % to every digit a float has.
const LARGEST_X = 700
const SMALLEST_X = -100_000
interface Evaluation {
  /** f(x) times a positive factor that keeps every term ≤ 1: same sign and same root as f. */
  value: number
  /** x − f(x) / f'(x). */
  newton: number
}

function evaluate(x: number, years: readonly number[], amounts: readonly number[]): Evaluation {
  // f(x) = Σ a_i e^(−x t_i). Measuring time from the flow that makes the largest exponent zero
  // (the first for x ≥ 0, the last below) keeps every exponential ≤ 1 and one of them exactly 1,
  // so no term overflows, and f never underflows to a false zero: the derivatives `roots` cuts
  // the line with start after the first flow.
  const reference = x >= 0 ? (years[0] ?? 0) : (years[years.length - 1] ?? 0)
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

/**
 * A root of f inside [low, high], where f changes sign: bisection down to a stretch of width 1
 * (far from a root, f is one exponential and Newton crawls), then Newton steps, bisection when
 * they stray.
 */
function refine(
  low: number,
  high: number,
  lowValue: number,
  years: readonly number[],
  amounts: readonly number[],
): number {
  while (high - low > 1) {
    const middle = (low + high) / 2
    const value = evaluate(middle, years, amounts).value
    if (value === 0) return middle
    if (Math.sign(value) === Math.sign(lowValue)) low = middle
    else high = middle
  }
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
 * Money-weighted return (XIRR) of dated cash flows: finds every rate that balances them (see
 * `roots`), each refined with safeguarded Newton steps. A total loss (money paid in, nothing
 * back) is −100 %. When several rates fit, the one nearest 0 % is returned.
 *
 * @example xirr([{ date: '2023-01-01', amount: -1000 }, { date: '2024-01-01', amount: 1100 }]) // { rate: 0.1 }
 */
export function xirr(flows: readonly CashFlow[]): XirrResult {
  const prepared = prepareFlows(flows)
  if (!('years' in prepared)) return prepared
  const { years, amounts } = prepared
  if (evaluate(0, years, amounts).value === 0) return { rate: 0 }
  let nearest: number | null = null
  for (const root of roots(years, amounts)) {
    if (nearest === null || Math.abs(Math.expm1(root)) < Math.abs(Math.expm1(nearest)))
      nearest = root
  }
  return nearest === null ? { rate: null, reason: 'no_solution' } : { rate: Math.expm1(nearest) }
}

/** Every rate that balances `flows`, lowest first: {@link xirr} answers the one nearest 0 %. */
export function xirrRates(flows: readonly CashFlow[]): number[] {
  const prepared = prepareFlows(flows)
  if (!('years' in prepared)) return prepared.rate === null ? [] : [prepared.rate]
  return roots(prepared.years, prepared.amounts).map((root) => Math.expm1(root))
}

/**
 * The flows in years from the first, in date order, zeros dropped; or the answer when no search
 * is needed (invalid, nothing paid in, nothing back, all on one day).
 */
function prepareFlows(
  flows: readonly CashFlow[],
): { years: number[]; amounts: number[] } | XirrResult {
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
  // All on one day: the discount factor is the same for every rate, so no rate is the answer.
  if (years[years.length - 1] === 0) return { rate: null, reason: 'no_solution' }
  return { years, amounts: order.map((index) => amounts[index] ?? 0) }
}

/** How often the signs of `amounts` change, zeros skipped. */
function signChanges(amounts: readonly number[]): number {
  let changes = 0
  let previous = 0
  for (const amount of amounts) {
    if (amount === 0) continue
    if (previous !== 0 && Math.sign(amount) !== previous) changes++
    previous = Math.sign(amount)
  }
  return changes
}

/**
 * Every x in [SMALLEST_X, LARGEST_X] where f(x) = Σ a_i e^(−x t_i) changes sign, `years` ascending.
 * f has at most as many roots as its amounts change sign (Descartes' rule for sums of
 * exponentials). With two or more, the roots of f′ (an exponential sum with one term less,
 * found the same way) cut the line into stretches where f is monotonic, each holding at most one
 * root: so no root is missed, however close two of them lie.
 */
function roots(years: readonly number[], amounts: readonly number[]): number[] {
  const changes = signChanges(amounts)
  if (changes === 0) return []
  const breaks = [SMALLEST_X]
  if (changes > 1) {
    // e^(x t_0) f(x) has the roots of f; its derivative is Σ −(t_i − t_0) a_i e^(−x (t_i − t_0)).
    const first = years[0] ?? 0
    const slopes = amounts
      .slice(1)
      .map((amount, index) => -((years[index + 1] ?? 0) - first) * amount)
    // Scaled to at most 1 in size, so repeated derivatives never overflow.
    const largest = Math.max(...slopes.map(Math.abs))
    const scaled = largest > 0 ? slopes.map((slope) => slope / largest) : slopes
    breaks.push(...roots(years.slice(1), scaled))
  }
  breaks.push(LARGEST_X)
  const found: number[] = []
  for (let index = 0; index + 1 < breaks.length; index++) {
    const low = breaks[index] ?? 0
    const high = breaks[index + 1] ?? 0
    const lowValue = evaluate(low, years, amounts).value
    const highValue = evaluate(high, years, amounts).value
    if (lowValue === 0) found.push(low)
    else if (Math.sign(lowValue) * Math.sign(highValue) < 0) {
      found.push(refine(low, high, lowValue, years, amounts))
    }
  }
  return found
}
