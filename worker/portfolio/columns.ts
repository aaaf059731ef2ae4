import { Decimal } from './decimal'

// Columns of numbers kept in typed arrays, for results with tens of thousands of rows: a typed
// array's contents live outside the collected heap, so the collector neither visits nor copies
// them, where plain arrays and objects would be copied by every young-generation collection
// while they grow.

const INITIAL_CAPACITY = 64

/** A copy of `array` with twice the room. */
function doubled<T extends Float64Array | Int32Array>(array: T): T {
  const larger = new (array.constructor as new (length: number) => T)(array.length * 2)
  larger.set(array)
  return larger
}

/** A growable list of floats. */
export class NumberColumn {
  private values = new Float64Array(INITIAL_CAPACITY)
  private count = 0

  push(value: number): void {
    if (this.count === this.values.length) this.values = doubled(this.values)
    this.values[this.count++] = value
  }

  at(row: number): number {
    if (row < 0 || row >= this.count) throw new RangeError(`No row ${row}`)
    return this.values[row] ?? 0
  }
}

// A row's stored scale: s ≥ 0 for a float coefficient; NULL_ROW for null; BIG_ROW − s for a
// BigInt coefficient of scale s, whose float slot then holds its index in `bigUnits`.
const NULL_ROW = -1
const BIG_ROW = -2

/**
 * A growable list of {@link Decimal}s (or nulls): a float coefficient and its scale cost no heap
 * object, and only BigInt coefficients are kept as they are. `at` builds an equal Decimal with the
 * same coefficient and scale, so it prints exactly as the stored one did.
 */
export class DecimalColumn {
  private units = new Float64Array(INITIAL_CAPACITY)
  private scales = new Int32Array(INITIAL_CAPACITY)
  /** BigInt coefficients, in the order they were pushed (kept dense, so no holes or hashing). */
  private readonly bigUnits: bigint[] = []
  private count = 0

  push(value: Decimal | null): void {
    const row = this.count
    if (row === this.units.length) {
      this.units = doubled(this.units)
      this.scales = doubled(this.scales)
    }
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
}
