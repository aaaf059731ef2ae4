import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BigUnits } from './decimal-slots'

describe('BigUnits', () => {
  it('gives back every BigInt stored, of any size and sign', () => {
    const limit = 2n ** 127n
    // Both sides of the 128-bit boundary where storage switches from halves to objects.
    const boundaries = [0n, 1n, -1n, 2n ** 63n, -(2n ** 63n), 2n ** 64n, -(2n ** 64n)]
    boundaries.push(limit - 1n, -limit, limit, -limit - 1n, 10n ** 40n, -(10n ** 40n))
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom(...boundaries),
            fc.bigInt({ min: -limit, max: limit - 1n }),
            fc.bigInt({ min: -(10n ** 60n), max: 10n ** 60n }),
          ),
          // More than the first allocation holds, so the halves grow.
          { maxLength: 300 },
        ),
        (values) => {
          const store = new BigUnits()
          const places = values.map((value) => store.store(value))
          values.forEach((value, index) => expect(store.load(places[index] ?? 0)).toBe(value))
        },
      ),
    )
  })
})
