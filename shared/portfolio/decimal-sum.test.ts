import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareDecimals, divideDecimals, sumDecimals } from './decimal-sum'

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
  it('orders by sign, then magnitude', () => {
    const sorted = ['10', '-2.5', '0', '2.50', '-10', '9.99', '-0'].sort(compareDecimals)
    expect(sorted).toEqual(['-10', '-2.5', '0', '-0', '2.50', '9.99', '10'])
  })

  it('stays exact beyond float precision', () => {
    expect(compareDecimals('12345678901234567.01', '12345678901234567.02')).toBe(-1)
    expect(compareDecimals('0.30', '0.3')).toBe(0)
  })

  it('orders decimals of any length', () => {
    expect(compareDecimals('10', '9.99')).toBe(1)
    expect(compareDecimals('-0.5', '0.1')).toBe(-1)
    expect(compareDecimals('1.50', '1.5')).toBe(0)
  })
})

describe('divideDecimals', () => {
  it.each([
    ['25060', '100', 4, '250.6000'],
    ['9000', '60', 2, '150.00'],
    ['1000', '3', 4, '333.3333'],
    ['2000', '3', 4, '666.6667'],
    ['-1', '8', 2, '-0.13'],
    ['0.5', '0.25', 0, '2'],
    ['12350.6', '10', 12, '1235.060000000000'],
  ] as const)('%s ÷ %s to %i places is %s', (dividend, divisor, places, quotient) => {
    expect(divideDecimals(dividend, divisor, places)).toBe(quotient)
  })

  it('refuses to divide by zero', () => {
    expect(() => divideDecimals('1', '0.00')).toThrow(RangeError)
  })

  it('gives back the dividend when multiplied by the divisor, within half a last place', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 1, max: 1e6 }),
        (cents, units) => {
          const dividend = `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
          const quotient = divideDecimals(dividend, String(units), 6)
          const back = BigInt(quotient.replace('.', '')) * BigInt(units)
          const exact = BigInt(cents) * 10_000n
          const error = back > exact ? back - exact : exact - back
          expect(2n * error <= BigInt(units)).toBe(true)
        },
      ),
    )
  })
})
