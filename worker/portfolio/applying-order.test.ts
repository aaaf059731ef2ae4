import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyingOrder } from './applying-order'

describe('applyingOrder', () => {
  it('orders by day, then sequence, then id, as one comparison sort would', () => {
    const entry = fc.record({
      // Narrow spans take the counting path; the wide one takes the comparison sort.
      day: fc.oneof(fc.integer({ min: 19_000, max: 19_010 }), fc.integer({ min: -1e6, max: 1e6 })),
      sequence: fc.integer({ min: -3, max: 3 }),
      id: fc.constantFrom('a', 'b', 'c', 'd'),
    })
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 60 }), (entries) => {
        const order = applyingOrder(
          Int32Array.from(entries.map((e) => e.day)),
          Float64Array.from(entries.map((e) => e.sequence)),
          entries.map((e) => e.id),
        )
        const expected = entries
          .map((_, index) => index)
          .sort((a, b) => {
            const [x, y] = [entries[a], entries[b]]
            if (x === undefined || y === undefined) return 0
            return (
              x.day - y.day || x.sequence - y.sequence || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0)
            )
          })
        const key = (index: number) => JSON.stringify(entries[index])
        expect([...order].map(key)).toEqual(expected.map(key))
        expect(new Set(order).size).toBe(entries.length)
      }),
    )
  })

  it('keeps transactions given in applying order where they are', () => {
    const days = fc.array(fc.integer({ min: 19_000, max: 19_005 }), { maxLength: 60 })
    fc.assert(
      fc.property(days, (unsorted) => {
        // Many transactions a day, as a query ordered by date and sequence returns them.
        const sorted = Int32Array.from(unsorted).sort()
        const order = applyingOrder(
          sorted,
          Float64Array.from(sorted, (_, index) => index),
          Array.from(sorted, (_, index) => `t${index}`),
        )
        expect([...order]).toEqual([...sorted.keys()])
      }),
    )
  })
})
