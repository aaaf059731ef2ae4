import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { IdSet } from './id-set'

describe('IdSet', () => {
  it('tells a new id from a repeated one, as a Set does', () => {
    // Few distinct characters, so repeats (and shared hash slots) are common.
    const id = fc.string({ unit: fc.constantFrom('a', 'b', 'ç', '1'), maxLength: 3 })
    fc.assert(
      fc.property(fc.array(id, { maxLength: 80 }), (ids) => {
        const idSet = new IdSet(ids.length)
        const reference = new Set<string>()
        for (const value of ids) {
          expect(idSet.add(value)).toBe(!reference.has(value))
          reference.add(value)
        }
      }),
    )
  })

  it('refuses more ids than it was made for, rather than losing one', () => {
    const idSet = new IdSet(2)
    idSet.add('a')
    idSet.add('b')
    expect(idSet.add('a')).toBe(false)
    expect(() => idSet.add('c')).toThrow(RangeError)
  })
})
