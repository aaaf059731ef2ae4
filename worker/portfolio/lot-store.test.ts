import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Decimal } from './decimal'
import { LOT_ANCHOR_QUANTITY, LOT_COST, LOT_COST_BASE, LOT_QUANTITY, LotStore } from './lot-store'

const units = fc.oneof(
  fc.integer({ min: -1e9, max: 1e9 }),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
  fc.bigInt({ min: -(10n ** 50n), max: 10n ** 50n }),
)
const decimal = fc
  .tuple(units, fc.integer({ min: 0, max: 40 }))
  .map(([coefficient, places]) => new Decimal(coefficient, places))
const lot = fc.record({
  acquiredBy: fc.string(),
  acquiredDay: fc.integer({ min: -100_000, max: 100_000 }),
  quantity: decimal,
  cost: decimal,
  costBase: decimal,
})

/** Coefficient and scale, so a BigInt and a float coefficient of one value are told apart. */
const exactly = (value: Decimal) => [value.units, value.scale]

describe('LotStore', () => {
  it('gives back every field of every lot as stored, after growing and after changes', () => {
    fc.assert(
      // More lots than the first allocation holds, so the rows grow.
      fc.property(fc.array(lot, { minLength: 1, maxLength: 1500 }), decimal, (lots, changed) => {
        const store = new LotStore()
        const rows = lots.map((each) =>
          store.add(each.acquiredBy, each.acquiredDay, each.quantity, each.cost, each.costBase),
        )
        const last = rows[rows.length - 1] ?? 0
        store.set(last, LOT_COST, changed)
        lots.forEach((each, index) => {
          const row = rows[index] ?? 0
          expect(store.acquiredByOf(row)).toBe(each.acquiredBy)
          expect(store.acquiredDayOf(row)).toBe(each.acquiredDay)
          expect(store.next(row)).toBe(-1)
          expect(exactly(store.get(row, LOT_QUANTITY))).toEqual(exactly(each.quantity))
          const cost = row === last ? changed : each.cost
          expect(exactly(store.get(row, LOT_COST))).toEqual(exactly(cost))
          expect(exactly(store.get(row, LOT_COST_BASE))).toEqual(exactly(each.costBase))
          // A new lot is anchored at the units it holds.
          expect(exactly(store.get(row, LOT_ANCHOR_QUANTITY))).toEqual(exactly(each.quantity))
        })
      }),
      { numRuns: 30 },
    )
  })

  it('links rows into queues', () => {
    const store = new LotStore()
    const one = new Decimal(1, 0)
    const first = store.add('a', 1, one, one, one)
    const second = store.add('b', 2, one, one, one)
    store.link(first, second)
    expect(store.next(first)).toBe(second)
    expect(store.next(second)).toBe(-1)
  })
})
