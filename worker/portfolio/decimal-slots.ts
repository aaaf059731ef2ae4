import { Decimal } from './decimal'

// A decimal (or null) kept in two slots of a float array, outside the collected heap: its
// coefficient, then its scale. The scale slot holds s ≥ 0 for a float coefficient, NULL_SCALE for
// null, or BIG − s for a BigInt coefficient of scale s, whose coefficient slot then holds where
// `BigUnits` keeps it. Read back, a decimal has the same coefficient and scale as stored, so it
// prints exactly as it did.
const NULL_SCALE = -1
const BIG = -2

// BigInts of fewer than 128 bits (two's complement) are kept as two 64-bit halves.
const HALVES_LIMIT = 2n ** 127n
const INITIAL_HALVES = 256

/**
 * The BigInt coefficients of a list of decimals, kept off the collected heap. A sale's cost at an
 * average price, or of part of a FIFO lot, is divided to 20 places and so is a BigInt; kept as
 * objects for the report, tens of thousands of them survived every young-generation collection
 * of an analysis, which cost more than anything else a sale does. Here one that fits 128 bits is
 * two 64-bit halves of a typed array, and only larger ones are kept as objects.
 */
export class BigUnits {
  private halves = new BigInt64Array(0)
  private used = 0
  private readonly large: bigint[] = []

  /** Keeps `units`; returns where, for {@link load}. */
  store(units: bigint): number {
    if (units >= HALVES_LIMIT || units < -HALVES_LIMIT) {
      this.large.push(units)
      return -this.large.length
    }
    if (this.used + 2 > this.halves.length) {
      const larger = new BigInt64Array(Math.max(INITIAL_HALVES, this.halves.length * 2))
      larger.set(this.halves)
      this.halves = larger
    }
    const at = this.used
    // The low half is stored as `units` modulo 2^64, the high half as the rest, rounded down.
    this.halves[at] = units
    this.halves[at + 1] = units >> 64n
    this.used += 2
    return at
  }

  load(at: number): bigint {
    if (at < 0) return this.large[-at - 1] ?? 0n
    return ((this.halves[at + 1] ?? 0n) << 64n) + BigInt.asUintN(64, this.halves[at] ?? 0n)
  }
}

/** Writes `value` into `slots[at]` and `slots[at + 1]`; a BigInt coefficient goes to `bigUnits`. */
export function storeDecimal(
  slots: Float64Array,
  at: number,
  value: Decimal | null,
  bigUnits: BigUnits,
): void {
  if (value === null) {
    slots[at + 1] = NULL_SCALE
  } else if (typeof value.units === 'number') {
    slots[at] = value.units
    slots[at + 1] = value.scale
  } else {
    slots[at] = bigUnits.store(value.units)
    slots[at + 1] = BIG - value.scale
  }
}

/** The decimal stored at `slots[at]`, or null where null was stored. */
export function loadDecimal(slots: Float64Array, at: number, bigUnits: BigUnits): Decimal | null {
  const units = slots[at] ?? 0
  const scale = slots[at + 1] ?? NULL_SCALE
  if (scale >= 0) return new Decimal(units, scale)
  if (scale === NULL_SCALE) return null
  return new Decimal(bigUnits.load(units), BIG - scale)
}
