// Past this many days per transaction, counting days would cost more than comparing.
const MAX_DAYS_PER_TRANSACTION = 64

/**
 * Positions in applying order of the transactions whose days, sequence numbers and ids are given
 * (three lists of one length): by day, then sequence, then id. Days are whole numbers over a span
 * of years, so they are placed by counting (one pass, no comparisons); only transactions sharing a
 * day are compared, a handful at a time, on their keys in typed arrays rather than on the input
 * objects. Sorting all 100,000 of the benchmark with one comparison function took several times
 * as long.
 */
export function applyingOrder(
  days: Int32Array,
  sequences: Float64Array,
  ids: readonly string[],
): Uint32Array {
  const count = days.length
  const order = new Uint32Array(count)
  const sameDay = (a: number, b: number): number => {
    const bySequence = (sequences[a] ?? 0) - (sequences[b] ?? 0)
    if (bySequence !== 0) return bySequence
    const idA = ids[a] ?? ''
    const idB = ids[b] ?? ''
    return idA < idB ? -1 : idA > idB ? 1 : 0
  }
  const { first, last } = dayRange(days)
  const span = last - first + 1
  if (count === 0 || span > count * MAX_DAYS_PER_TRANSACTION) {
    return inputOrder(order).sort((a, b) => (days[a] ?? 0) - (days[b] ?? 0) || sameDay(a, b))
  }
  const starts = runningTotals(countPerDay(days, first, span))
  placeByDay(days, first, starts, order)
  orderWithinDays(order, starts, sameDay)
  return order
}

// Each loop is a function of its own that returns right after it: see `checkedKeys` in
// transactions.ts for why (V8 kept on-stack-replaced code whose code after the loop had no type
// feedback, and left it at every later call).

/** The first and last of `days`. */
function dayRange(days: Int32Array): { first: number; last: number } {
  // Built before the loop: an object literal after it deoptimized as code after a loop does.
  const range = { first: Infinity, last: -Infinity }
  for (let index = 0; index < days.length; index++) {
    const day = days[index] ?? 0
    if (day < range.first) range.first = day
    if (day > range.last) range.last = day
  }
  return range
}

/** Positions 0, 1, 2, … in `order`. */
function inputOrder(order: Uint32Array): Uint32Array {
  for (let index = 0; index < order.length; index++) order[index] = index
  return order
}

/** `counts[d + 1]` = how many of `days` are day `first + d`, for d in 0..span − 1. */
function countPerDay(days: Int32Array, first: number, span: number): Uint32Array {
  const counts = new Uint32Array(span + 1)
  for (let index = 0; index < days.length; index++) {
    const slot = (days[index] ?? 0) - first + 1
    counts[slot] = (counts[slot] ?? 0) + 1
  }
  return counts
}

/**
 * Each count replaced, in place, by the sum up to it: then `starts[d]` is where day `first + d`
 * begins.
 */
function runningTotals(counts: Uint32Array): Uint32Array {
  for (let slot = 1; slot < counts.length; slot++) {
    counts[slot] = (counts[slot] ?? 0) + (counts[slot - 1] ?? 0)
  }
  return counts
}

/** Fills `order` with positions by day, in input order within a day (one pass, no comparisons). */
function placeByDay(
  days: Int32Array,
  first: number,
  starts: Uint32Array,
  order: Uint32Array,
): void {
  const next = starts.slice(0, starts.length - 1)
  for (let index = 0; index < days.length; index++) {
    const slot = (days[index] ?? 0) - first
    const position = next[slot] ?? 0
    order[position] = index
    next[slot] = position + 1
  }
}

/** Sorts the transactions of each day that are not already in order. */
function orderWithinDays(
  order: Uint32Array,
  starts: Uint32Array,
  sameDay: (a: number, b: number) => number,
): void {
  for (let slot = 0; slot + 1 < starts.length; slot++) {
    const start = starts[slot] ?? 0
    const end = starts[slot + 1] ?? 0
    if (end - start > 1 && !isOrdered(order, start, end, sameDay)) {
      order.subarray(start, end).sort(sameDay)
    }
  }
}

/**
 * Whether `order[start..end)` is already in order: a query sorted by date and sequence gives
 * every day's transactions so, and checking them costs far less than sorting them again.
 */
function isOrdered(
  order: Uint32Array,
  start: number,
  end: number,
  compare: (a: number, b: number) => number,
): boolean {
  for (let index = start + 1; index < end; index++) {
    if (compare(order[index - 1] ?? 0, order[index] ?? 0) > 0) return false
  }
  return true
}
