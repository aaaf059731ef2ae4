import type { Decimal } from './decimal'
import { BigUnits, loadDecimal, storeDecimal } from './decimal-slots'

// A row's fields, as floats: the next row of its queue (−1 at the end), the acquisition day, then
// the units held, and the quantity, cost and base-currency cost the lot is anchored at, each in
// two slots (see `decimal-slots.ts`).
const NEXT = 0
const DAY = 1
const QUANTITY = 2
const ANCHOR_QUANTITY = 4
const COST = 6
const COST_BASE = 8
const ROW_SIZE = 10

/** A decimal field of a row. */
export type LotField = typeof QUANTITY | typeof ANCHOR_QUANTITY | typeof COST | typeof COST_BASE

/** The units the lot holds. */
export const LOT_QUANTITY: LotField = QUANTITY
/** The units it held when its cost was last set: at purchase, or when a transfer or split
 * re-anchored it. `LOT_COST × LOT_QUANTITY / LOT_ANCHOR_QUANTITY` is what its units cost. */
export const LOT_ANCHOR_QUANTITY: LotField = ANCHOR_QUANTITY
export const LOT_COST: LotField = COST
export const LOT_COST_BASE: LotField = COST_BASE

const INITIAL_ROWS = 1024

/**
 * The open FIFO lots of every position of one ledger, each lot a row of one float array, and each
 * position's lots a queue linked through the rows, oldest first. Lots live from their purchase to
 * their sale: as objects holding decimals, they were most of what the collector copied, and a sale
 * read them from all over the heap. Here a lot is one 80-byte row, outside the collected heap, and
 * so are the BigInt coefficients of a cost divided when a lot is anchored anew (see `BigUnits`). Rows are never
 * reused: a portfolio has at most as many lots as purchases.
 */
export class LotStore {
  // Empty until the first lot, so a ledger under the average method allocates nothing here.
  private rows = new Float64Array(0)
  private readonly acquiredBy: string[] = []
  private readonly bigUnits = new BigUnits()

  /** Adds a lot at the end of no queue yet, anchored at `quantity`; returns its row. */
  add(
    acquiredBy: string,
    acquiredDay: number,
    quantity: Decimal,
    cost: Decimal,
    costBase: Decimal,
  ): number {
    const row = this.acquiredBy.length
    if ((row + 1) * ROW_SIZE > this.rows.length) {
      const larger = new Float64Array(Math.max(INITIAL_ROWS * ROW_SIZE, this.rows.length * 2))
      larger.set(this.rows)
      this.rows = larger
    }
    this.acquiredBy.push(acquiredBy)
    const start = row * ROW_SIZE
    this.rows[start + NEXT] = -1
    this.rows[start + DAY] = acquiredDay
    this.set(row, QUANTITY, quantity)
    this.set(row, ANCHOR_QUANTITY, quantity)
    this.set(row, COST, cost)
    this.set(row, COST_BASE, costBase)
    return row
  }

  /** The row after `row` in its queue; −1 at the end. */
  next(row: number): number {
    return this.rows[row * ROW_SIZE + NEXT] ?? -1
  }

  link(row: number, next: number): void {
    this.rows[row * ROW_SIZE + NEXT] = next
  }

  acquiredDayOf(row: number): number {
    return this.rows[row * ROW_SIZE + DAY] ?? 0
  }

  acquiredByOf(row: number): string {
    return this.acquiredBy[row] ?? ''
  }

  get(row: number, field: LotField): Decimal {
    const value = loadDecimal(this.rows, row * ROW_SIZE + field, this.bigUnits)
    if (value === null) throw new RangeError(`No lot in row ${row}`)
    return value
  }

  set(row: number, field: LotField, value: Decimal): void {
    storeDecimal(this.rows, row * ROW_SIZE + field, value, this.bigUnits)
  }
}
