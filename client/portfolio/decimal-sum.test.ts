import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareDecimals, sumDecimals } from './decimal-sum'

describe('sumDecimals', () => {
  it.each([
    [['0.1', '0.2'], '0.3'],
    [['1234.5', '0.05'], '1234.55'],
    [['-1.5', '1.25'], '-0.25'],
    [['10', '-10.00'], '0.00'],
    [[], '0'],
    [['123456789012345678901234567890.1', '0.9'], '123456789012345678901234567891.0'],
  ])('adds %j exactly to %s', (values, total) => {
    expect(sumDecimals(values)).toBe(total)
  })

  it('agrees with integer arithmetic in cents', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e9, max: 1e9 })), (cents) => {
        const text = (value: number) =>
          `${value < 0 ? '-' : ''}${Math.trunc(Math.abs(value) / 100)}.${String(Math.abs(value) % 100).padStart(2, '0')}`
        const total = cents.reduce((sum, value) => sum + value, 0)
        expect(sumDecimals(cents.map(text))).toBe(cents.length ? text(total) : '0')
      }),
    )
  })
})

describe('compareDecimals', () => {
  it('orders decimals of any length', () => {
    expect(compareDecimals('10', '9.99')).toBe(1)
    expect(compareDecimals('-0.5', '0.1')).toBe(-1)
    expect(compareDecimals('1.50', '1.5')).toBe(0)
  })
})
