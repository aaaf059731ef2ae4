import type { Decimal } from './decimal'
import { BigUnits, loadDecimal, storeDecimal } from './decimal-slots'

// Columns of numbers kept in typed arrays, for results with tens of thousands of rows: a typed
// array's contents live outside the collected heap, so the collector neither visits nor copies
// them, where plain arrays and objects would be copied by every young-generation collection
// while they grow.

const INITIAL_CAPACITY = 64

/** A copy of `array` with twice the room. */
function doubled(array: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> {
  const larger = new Float64Array(array.length * 2)
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

/**
 * A growable list of {@link Decimal}s (or nulls), two float slots per row (see
 * `decimal-slots.ts`): a float coefficient and its scale cost no heap object, and a BigInt one
 * none either while it fits 128 bits (see `BigUnits`).
 */
export class DecimalColumn {
  private slots = new Float64Array(INITIAL_CAPACITY * 2)
  private readonly bigUnits = new BigUnits()
  private count = 0

  push(value: Decimal | null): void {
    if (this.count * 2 === this.slots.length) this.slots = doubled(this.slots)
    storeDecimal(this.slots, this.count * 2, value, this.bigUnits)
    this.count++
  }

  /** The value at `row`; null where null was pushed. */
  at(row: number): Decimal | null {
    if (row < 0 || row >= this.count) throw new RangeError(`No row ${row}`)
    return loadDecimal(this.slots, row * 2, this.bigUnits)
  }

  /** The value at `row`, which must not be null. */
  valueAt(row: number): Decimal {
    const value = this.at(row)
    if (value === null) throw new RangeError(`Row ${row} holds no value`)
    return value
  }
}
