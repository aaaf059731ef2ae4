import { Decimal } from './decimal'

// A decimal (or null) kept in two slots of a float array, outside the collected heap: its
// coefficient, then its scale. The scale slot holds s ≥ 0 for a float coefficient, NULL_SCALE for
// null, or BIG − s for a BigInt coefficient of scale s, whose coefficient slot then holds its index
// in a list of BigInts kept beside the array. Read back, a decimal has the same coefficient and
// scale as stored, so it prints exactly as it did.
const NULL_SCALE = -1
const BIG = -2

/** Writes `value` into `slots[at]` and `slots[at + 1]`; a BigInt coefficient joins `bigUnits`. */
export function storeDecimal(
  slots: Float64Array,
  at: number,
  value: Decimal | null,
  bigUnits: bigint[],
): void {
  if (value === null) {
    slots[at + 1] = NULL_SCALE
  } else if (typeof value.units === 'number') {
    slots[at] = value.units
    slots[at + 1] = value.scale
  } else {
    slots[at] = bigUnits.length
    bigUnits.push(value.units)
    slots[at + 1] = BIG - value.scale
  }
}

/** The decimal stored at `slots[at]`, or null where null was stored. */
export function loadDecimal(
  slots: Float64Array,
  at: number,
  bigUnits: readonly bigint[],
): Decimal | null {
  const units = slots[at] ?? 0
  const scale = slots[at + 1] ?? NULL_SCALE
  if (scale >= 0) return new Decimal(units, scale)
  if (scale === NULL_SCALE) return null
  return new Decimal(bigUnits[units] ?? 0n, BIG - scale)
}
