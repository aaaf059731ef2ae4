import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DecimalColumn, NumberColumn } from './columns'
import { Decimal } from './decimal'

describe('columns', () => {
  it('give back every decimal pushed, with its coefficient and scale, and every null', () => {
    const units = fc.oneof(
      fc.integer({ min: -1e9, max: 1e9 }),
      fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).filter((big) => big !== 0n),
      fc.bigInt({ min: -(10n ** 50n), max: 10n ** 50n }).filter((big) => big !== 0n),
    )
    const decimal = fc
      .tuple(units, fc.integer({ min: 0, max: 40 }))
      .map(([coefficient, places]) => new Decimal(coefficient, places))
    fc.assert(
      // More than the initial capacity, so the columns grow.
      fc.property(fc.array(fc.option(decimal), { maxLength: 200 }), (values) => {
        const column = new DecimalColumn()
        const days = new NumberColumn()
        values.forEach((value, index) => {
          column.push(value)
          days.push(index + 0.5)
        })
        values.forEach((value, index) => {
          const read = column.at(index)
          expect(read === null ? null : [read.units, read.scale]).toEqual(
            value === null ? null : [value.units, value.scale],
          )
          expect(days.at(index)).toBe(index + 0.5)
        })
        expect(() => column.at(values.length)).toThrow(RangeError)
      }),
    )
  })
})
