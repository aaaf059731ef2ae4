import Big from 'big.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DIVISION_DECIMAL_PLACES,
  Decimal,
  ZERO,
  compare,
  divide,
  parseDecimal,
  scale,
} from './decimal'

const decimalText = fc
  .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 25 }))
  .map(([digits, places]) =>
    new Decimal(digits.toString()).div(new Decimal(10).pow(places)).toString(),
  )

// The reference: big.js's own division with the same places and rounding.
const Reference = Big()
Reference.DP = DIVISION_DECIMAL_PLACES
Reference.RM = Big.roundHalfEven

describe('parseDecimal', () => {
  it('reads decimal strings exactly and refuses anything else', () => {
    expect(parseDecimal('0.00000001')?.toString()).toBe('0.00000001')
    expect(parseDecimal('-12.5')?.toString()).toBe('-12.5')
    for (const text of ['', ' 1', '1,5', 'abc', '1.2.3', 'NaN', 'Infinity']) {
      expect(parseDecimal(text)).toBeNull()
    }
  })

  it('serializes to JSON as plain decimal strings at any magnitude', () => {
    const values = ['0.00000001', '123456789012345678901234567890.5'].map(
      (text) => new Decimal(text),
    )
    expect(JSON.stringify(values)).toBe('["0.00000001","123456789012345678901234567890.5"]')
  })
})

describe('divide', () => {
  it('keeps 20 places, rounding half to even', () => {
    expect(divide(new Decimal(1), new Decimal(3)).toString()).toBe('0.33333333333333333333')
    expect(divide(new Decimal(2), new Decimal(3)).toString()).toBe('0.66666666666666666667')
    expect(divide(new Decimal('0.000000000000000000025'), new Decimal(1)).toString()).toBe(
      '0.00000000000000000002',
    )
    expect(divide(new Decimal(-7), new Decimal(2)).toString()).toBe('-3.5')
    expect(() => divide(new Decimal(1), ZERO)).toThrow(RangeError)
  })

  it('gives exactly what big.js div gives', () => {
    fc.assert(
      fc.property(decimalText, decimalText, (dividend, divisor) => {
        fc.pre(new Decimal(divisor).c[0] !== 0)
        const expected = new Reference(dividend).div(divisor)
        expect(divide(new Decimal(dividend), new Decimal(divisor)).eq(expected)).toBe(true)
      }),
    )
  })

  it('scale stays exact when the ratio divides evenly', () => {
    expect(scale(new Decimal('5000'), new Decimal(150), new Decimal(300)).toString()).toBe('2500')
    expect(scale(new Decimal('7'), new Decimal(2), new Decimal(1)).toString()).toBe('14')
  })
})

describe('compare', () => {
  it('orders like big.js cmp', () => {
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        expect(compare(new Decimal(a), new Decimal(b))).toBe(new Decimal(a).cmp(b))
      }),
    )
  })

  it('treats both zeros as equal', () => {
    expect(compare(new Decimal('-0'), ZERO)).toBe(0)
  })
})
