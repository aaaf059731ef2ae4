import { Decimal } from './decimal'

const INITIAL_CAPACITY = 64
// A row's stored scale: s ≥ 0 for a float coefficient; NULL_ROW for null; BIG_ROW − s for a
// BigInt coefficient of scale s, whose float slot then holds its index in `bigUnits`.
const NULL_ROW = -1
const BIG_ROW = -2

/**
 * A growable list of {@link Decimal}s (or nulls) kept in typed arrays: a float coefficient and its
 * scale cost no heap object, and only BigInt coefficients are kept as they are. Long-lived results
 * (tens of thousands of sales) stored as objects cost more garbage collection than computing them;
 * stored here they are plain numbers the collector never visits. `at` builds an equal Decimal
 * with the same coefficient and scale, so it prints exactly as the stored one did.
 */
export class DecimalColumn {
  private units = new Float64Array(INITIAL_CAPACITY)
  private scales = new Int32Array(INITIAL_CAPACITY)
  /** BigInt coefficients, in the order they were pushed (kept dense, so no holes or hashing). */
  private readonly bigUnits: bigint[] = []
  private count = 0

  get length(): number {
    return this.count
  }

  push(value: Decimal | null): void {
    const row = this.count
    if (row === this.units.length) this.grow()
    if (value === null) {
      this.scales[row] = NULL_ROW
    } else if (typeof value.units === 'number') {
      this.units[row] = value.units
      this.scales[row] = value.scale
    } else {
      this.units[row] = this.bigUnits.length
      this.bigUnits.push(value.units)
      this.scales[row] = BIG_ROW - value.scale
    }
    this.count = row + 1
  }

  /** The value at `row`; null where null was pushed. */
  at(row: number): Decimal | null {
    if (row < 0 || row >= this.count) throw new RangeError(`No row ${row}`)
    const stored = this.scales[row] ?? NULL_ROW
    const units = this.units[row] ?? 0
    if (stored >= 0) return new Decimal(units, stored)
    if (stored === NULL_ROW) return null
    return new Decimal(this.bigUnits[units] ?? 0n, BIG_ROW - stored)
  }

  /** The value at `row`, which must not be null. */
  valueAt(row: number): Decimal {
    const value = this.at(row)
    if (value === null) throw new RangeError(`Row ${row} holds no value`)
    return value
  }

  private grow(): void {
    const units = new Float64Array(this.units.length * 2)
    units.set(this.units)
    this.units = units
    const scales = new Int32Array(this.scales.length * 2)
    scales.set(this.scales)
    this.scales = scales
  }
}
