import Big from 'big.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Decimal } from './decimal'
import {
  DIVISION_DECIMAL_PLACES,
  DecimalSum,
  ZERO,
  decimalOf,
  divide,
  isDecimalText,
  parseDecimal,
  scale,
} from './decimal'

const digitString = (maxLength: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { maxLength }).map((digits) => digits.join(''))

/** Decimal strings with up to 18 integer and 18 fractional digits, either sign. */
const decimalText = fc
  .tuple(fc.boolean(), digitString(18), digitString(18))
  .map(
    ([negative, whole, fraction]) =>
      `${negative ? '-' : ''}${whole === '' ? '0' : whole}${fraction === '' ? '' : `.${fraction}`}`,
  )

// The reference: big.js with the places and rounding of the engine's division, in plain notation.
const Reference = Big()
Reference.DP = DIVISION_DECIMAL_PLACES
Reference.RM = Big.roundHalfEven
Reference.NE = -1e6
Reference.PE = 1e6

/** Wider values for division: up to 30 digits, up to 25 places. */
const wideDecimalText = fc
  .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 25 }))
  .map(([digits, places]) =>
    new Reference(digits.toString()).div(new Reference(10).pow(places)).toString(),
  )

/** Exact agreement with a big.js result: the same value, printed the same way. */
function expectSame(actual: Decimal, expected: Big): void {
  expect(actual.toString()).toBe(expected.toString())
  expect(new Reference(actual.toString()).eq(expected)).toBe(true)
}

describe('parseDecimal', () => {
  it('reads decimal strings exactly and refuses anything else', () => {
    expect(parseDecimal('0.00000001')?.toString()).toBe('0.00000001')
    expect(parseDecimal('-12.5')?.toString()).toBe('-12.5')
    expect(parseDecimal('1e-8')?.toString()).toBe('0.00000001')
    expect(parseDecimal('.5')?.toString()).toBe('0.5')
    expect(parseDecimal('2.')?.toString()).toBe('2')
    expect(parseDecimal('1.5E3')?.toString()).toBe('1500')
    expect(parseDecimal('123456789012345678901234567890.5')?.toString()).toBe(
      '123456789012345678901234567890.5',
    )
    for (const text of ['', ' 1', '1,5', 'abc', '1.2.3', 'NaN', 'Infinity', '-', '.', '+1']) {
      expect(parseDecimal(text)).toBeNull()
    }
  })

  it('accepts exactly the texts isDecimalText accepts', () => {
    const texts = ['1.5', '-3', '.5', '2.', '1e-8', '1E1000', '1e1001', '1e-1001', '', ' 1']
    for (const text of texts) expect(isDecimalText(text)).toBe(parseDecimal(text) !== null)
    fc.assert(
      fc.property(fc.oneof(decimalText, fc.string()), (text) => {
        expect(isDecimalText(text)).toBe(parseDecimal(text) !== null)
      }),
    )
  })

  it('reads every decimal string as big.js does', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        expectSame(decimalOf(text), new Reference(text))
      }),
    )
  })

  it('serializes to JSON as plain decimal strings at any magnitude', () => {
    const values = ['0.00000001', '123456789012345678901234567890.5'].map(decimalOf)
    expect(JSON.stringify(values)).toBe('["0.00000001","123456789012345678901234567890.5"]')
    expect(JSON.stringify(decimalOf('-1.50'))).toBe('"-1.5"')
  })
})

describe('arithmetic', () => {
  it('adds, subtracts and multiplies exactly as big.js does', () => {
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        const [left, right] = [decimalOf(a), decimalOf(b)]
        expectSame(left.plus(right), new Reference(a).plus(b))
        expectSame(left.minus(right), new Reference(a).minus(b))
        expectSame(left.times(right), new Reference(a).times(b))
        expectSame(left.neg(), new Reference(a).neg())
      }),
    )
  })

  it('is exact on both sides of the safe-integer range of its float coefficients', () => {
    // Short values stay floats; their sums and products cross 2^53 into BigInts.
    const near = fc
      .tuple(fc.bigInt({ min: -(2n ** 54n), max: 2n ** 54n }), fc.integer({ min: 0, max: 4 }))
      .map(([units, places]) => new Reference(units.toString()).div(10 ** places).toString())
    const short = fc
      .tuple(fc.boolean(), digitString(8), digitString(6))
      .map(
        ([negative, whole, fraction]) =>
          `${negative ? '-' : ''}${whole === '' ? '0' : whole}${fraction === '' ? '' : `.${fraction}`}`,
      )
    fc.assert(
      fc.property(fc.oneof(near, short), fc.oneof(near, short), (a, b) => {
        const [left, right] = [decimalOf(a), decimalOf(b)]
        expectSame(left.plus(right), new Reference(a).plus(b))
        expectSame(left.minus(right), new Reference(a).minus(b))
        expectSame(left.times(right), new Reference(a).times(b))
        expectSame(left.times(right).times(right), new Reference(a).times(b).times(b))
        expect(left.times(right).cmp(right)).toBe(new Reference(a).times(b).cmp(b))
        expect(left.toNumber()).toBe(Number(a) + 0)
      }),
    )
  })

  it('orders like big.js cmp', () => {
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        expect(decimalOf(a).cmp(decimalOf(b))).toBe(new Reference(a).cmp(b))
        expect(decimalOf(a).eq(decimalOf(b))).toBe(new Reference(a).eq(b))
        expect(decimalOf(a).cmp(decimalOf(a))).toBe(0)
        expect(decimalOf(a).sign()).toBe(new Reference(a).cmp(0))
      }),
    )
  })

  it('treats both zeros as equal', () => {
    expect(decimalOf('-0').cmp(ZERO)).toBe(0)
    expect(decimalOf('0.000').eq(ZERO)).toBe(true)
  })

  it('converts to the float Number reads from the decimal string', () => {
    fc.assert(
      fc.property(fc.oneof(decimalText, wideDecimalText), (text) => {
        // `+ 0`: a decimal has no negative zero, so '-0' reads as 0.
        expect(decimalOf(text).toNumber()).toBe(Number(text) + 0)
      }),
    )
  })
})

describe('divide', () => {
  it('keeps 20 places, rounding half to even', () => {
    expect(divide(decimalOf('1'), decimalOf('3')).toString()).toBe('0.33333333333333333333')
    expect(divide(decimalOf('2'), decimalOf('3')).toString()).toBe('0.66666666666666666667')
    expect(divide(decimalOf('0.000000000000000000025'), decimalOf('1')).toString()).toBe(
      '0.00000000000000000002',
    )
    expect(divide(decimalOf('0.000000000000000000035'), decimalOf('1')).toString()).toBe(
      '0.00000000000000000004',
    )
    expect(divide(decimalOf('-7'), decimalOf('2')).toString()).toBe('-3.5')
    expect(() => divide(decimalOf('1'), ZERO)).toThrow(RangeError)
  })

  it('gives exactly what big.js div gives', () => {
    fc.assert(
      fc.property(
        fc.oneof(decimalText, wideDecimalText),
        fc.oneof(decimalText, wideDecimalText),
        (dividend, divisor) => {
          fc.pre(new Reference(divisor).cmp(0) !== 0)
          expectSame(
            divide(decimalOf(dividend), decimalOf(divisor)),
            new Reference(dividend).div(divisor),
          )
        },
      ),
    )
  })

  it('scale stays exact when the ratio divides evenly', () => {
    expect(scale(decimalOf('5000'), decimalOf('150'), decimalOf('300')).toString()).toBe('2500')
    expect(scale(decimalOf('7'), decimalOf('2'), decimalOf('1')).toString()).toBe('14')
  })
})

describe('DecimalSum', () => {
  it('sums to exactly what a chain of plus and minus gives', () => {
    const term = fc.tuple(fc.boolean(), fc.oneof(decimalText, wideDecimalText))
    fc.assert(
      fc.property(fc.array(term, { maxLength: 12 }), (terms) => {
        const sum = new DecimalSum()
        let chain = ZERO
        let reference = new Reference(0)
        for (const [subtract, text] of terms) {
          const value = decimalOf(text)
          if (subtract) sum.subtract(value)
          else sum.add(value)
          chain = subtract ? chain.minus(value) : chain.plus(value)
          reference = subtract ? reference.minus(text) : reference.plus(text)
          expect(sum.value.toString()).toBe(chain.toString())
        }
        expect(sum.value.toString()).toBe(reference.toString())
        expect(sum.value.toNumber()).toBe(chain.toNumber())
        expect(sum.toNumber()).toBe(chain.toNumber())
      }),
    )
  })

  it('keeps adding exactly after a BigInt term, and starts again from zero when cleared', () => {
    const sum = new DecimalSum()
    sum.add(decimalOf('1000.25'))
    sum.subtract(divide(decimalOf('1'), decimalOf('3')))
    sum.add(decimalOf('99999999999.99'))
    sum.add(decimalOf('0.001'))
    expect(sum.value.toString()).toBe('100000000999.90766666666666666667')
    sum.clear()
    expect(sum.value.toString()).toBe('0')
    sum.add(decimalOf('2.5'))
    expect(sum.value.toString()).toBe('2.5')
    expect(sum.toNumber()).toBe(2.5)
  })
})
