import Big from 'big.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Decimal as DecimalValue } from './decimal'
import {
  compareDecimalText,
  DIVISION_DECIMAL_PLACES,
  Decimal,
  MAX_SIGNIFICANT_DIGITS,
  ZERO,
  decimal,
  parseDecimal,
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

// The reference: big.js with the places and rounding of the engine, in plain notation.
const Reference = Big()
Reference.DP = DIVISION_DECIMAL_PLACES
Reference.RM = Big.roundHalfEven
Reference.NE = -1e6
Reference.PE = 1e6

/** Wider values: up to 30 digits, up to 20 places. */
const wideDecimalText = fc
  .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 20 }))
  .map(([digits, places]) =>
    new Reference(digits.toString()).div(new Reference(10).pow(places)).toString(),
  )

const anyText = fc.oneof(decimalText, wideDecimalText)

/** Exact agreement with a big.js result: the same value, printed the same way. */
function expectSame(actual: DecimalValue, expected: Big): void {
  expect(actual.toString()).toBe(expected.toString())
}

/** The engine's places, rounded half to even, as multiplication keeps them. */
function rounded(value: Big): Big {
  return value.round(DIVISION_DECIMAL_PLACES, Big.roundHalfEven)
}

describe('parseDecimal', () => {
  it('reads plain decimal strings exactly and refuses anything else', () => {
    expect(parseDecimal('0.00000001')?.toString()).toBe('0.00000001')
    expect(parseDecimal('-12.50')?.toString()).toBe('-12.5')
    expect(parseDecimal('007')?.toString()).toBe('7')
    expect(parseDecimal('123456789012345678901234567890.5')?.toString()).toBe(
      '123456789012345678901234567890.5',
    )
    const refused = ['', ' 1', '1 ', '1,5', 'abc', '1.2.3', 'NaN', 'Infinity', '-', '.', '+1']
    for (const text of [...refused, '1e-8', '1.5E3', '.5', '2.', '0x10', '١٢']) {
      expect(parseDecimal(text)).toBeNull()
    }
    expect(parseDecimal(12)).toBeNull()
  })

  it(`refuses more than ${MAX_SIGNIFICANT_DIGITS} significant digits`, () => {
    const forty = '1234567891'.repeat(4)
    expect(parseDecimal(forty)?.toString()).toBe(forty)
    expect(parseDecimal(`0.000${forty}`)?.toString()).toBe(`0.000${forty}`)
    expect(parseDecimal(`${forty}.000`)?.toString()).toBe(forty)
    expect(parseDecimal(`${forty}1`)).toBeNull()
    expect(parseDecimal(`1.${forty}`)).toBeNull()
  })

  it('reads every decimal string as big.js does', () => {
    fc.assert(fc.property(anyText, (text) => expectSame(decimal(text), new Reference(text))))
  })

  it('throws from decimal() on anything parseDecimal refuses', () => {
    expect(() => decimal('1e3')).toThrow(RangeError)
    expect(decimal('5').eq(decimal('5.000'))).toBe(true)
  })

  it('serializes to JSON as plain decimal strings at any magnitude', () => {
    const values = ['0.00000001', '123456789012345678901234567890.5'].map(decimal)
    expect(JSON.stringify(values)).toBe('["0.00000001","123456789012345678901234567890.5"]')
    expect(JSON.stringify(decimal('-1.50'))).toBe('"-1.5"')
  })
})

describe('a decimal is always valid and normalized', () => {
  it('keeps the smallest scale that holds the value', () => {
    fc.assert(
      fc.property(anyText, anyText, (a, b) => {
        for (const value of [
          decimal(a),
          decimal(a).plus(decimal(b)),
          decimal(a).times(decimal(b)),
        ]) {
          expect(value.scale).toBeGreaterThanOrEqual(0)
          expect(value.scale).toBeLessThanOrEqual(DIVISION_DECIMAL_PLACES)
          if (value.scale > 0) expect(value.units % 10n).not.toBe(0n)
        }
      }),
    )
  })

  it('builds from units and a scale only when the scale is an integer', () => {
    expect(Decimal.of(5n, -2).toString()).toBe('500')
    expect(Decimal.of(12300n, 25).toString()).toBe('0.00000000000000000000123')
    expect(decimal('0.000000000000000000015').times(decimal('3')).toString()).toBe(
      '0.00000000000000000004',
    )
    expect(() => Decimal.of(1n, 0.5)).toThrow(RangeError)
  })

  it('stays at the engine’s places through chained divisions', () => {
    let value = decimal('1')
    for (let step = 0; step < 5; step++) value = value.div(decimal('3'))
    expect(value.scale).toBe(DIVISION_DECIMAL_PLACES)
    expect(value.toString()).toBe('0.00411522633744855967')
  })
})

describe('arithmetic', () => {
  it('adds and subtracts exactly, and multiplies to 20 places, as big.js does', () => {
    fc.assert(
      fc.property(anyText, anyText, (a, b) => {
        const [left, right] = [decimal(a), decimal(b)]
        expectSame(left.plus(right), new Reference(a).plus(b))
        expectSame(left.minus(right), new Reference(a).minus(b))
        expectSame(left.times(right), rounded(new Reference(a).times(b)))
        expectSame(left.neg(), new Reference(a).neg())
      }),
    )
  })

  it('orders like big.js cmp', () => {
    fc.assert(
      fc.property(anyText, anyText, (a, b) => {
        expect(decimal(a).cmp(decimal(b))).toBe(new Reference(a).cmp(b))
        expect(decimal(a).eq(decimal(b))).toBe(new Reference(a).eq(b))
        expect(decimal(a).lt(decimal(b))).toBe(new Reference(a).lt(b))
        expect(decimal(a).gt(decimal(b))).toBe(new Reference(a).gt(b))
        expect(decimal(a).sign()).toBe(new Reference(a).cmp(0))
      }),
    )
  })

  it('treats both zeros as equal', () => {
    expect(decimal('-0').eq(ZERO)).toBe(true)
    expect(decimal('0.000').eq(ZERO)).toBe(true)
  })

  it('converts to the float Number reads from the decimal string', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        // `+ 0`: a decimal has no negative zero, so '-0' reads as 0.
        expect(decimal(text).toNumber()).toBe(Number(text) + 0)
      }),
    )
  })

  it('floors to whole numbers', () => {
    expect(decimal('3.7').floor().toString()).toBe('3')
    expect(decimal('-3.2').floor().toString()).toBe('-4')
    expect(decimal('5').floor().toString()).toBe('5')
    expect(decimal('5').isWhole()).toBe(true)
    expect(decimal('5.5').isWhole()).toBe(false)
  })
})

describe('compareDecimalText', () => {
  it('sorts decimal strings exactly, by sign then magnitude, at any length', () => {
    const sorted = ['10', '-2.5', '0', '2.50', '-10', '9.99', '-0'].sort(compareDecimalText)
    expect(sorted).toEqual(['-10', '-2.5', '0', '-0', '2.50', '9.99', '10'])
    expect(compareDecimalText('12345678901234567.01', '12345678901234567.02')).toBe(-1)
    expect(compareDecimalText('0.30', '0.3')).toBe(0)
  })
})

describe('rounding', () => {
  it('rounds half to even to the places asked, and keeps a shorter value as it is', () => {
    expect(decimal('189.97999572753906').round(2).toString()).toBe('189.98')
    expect(decimal('0.125').round(2).toString()).toBe('0.12')
    expect(decimal('0.135').round(2).toString()).toBe('0.14')
    expect(decimal('-2.5').round(0).toString()).toBe('-2')
    expect(decimal('1.5').round(4).toString()).toBe('1.5')
  })

  it('rounds half away from zero when asked, as brokers convert', () => {
    expect(decimal('0.125').round(2, 'half-away-from-zero').toString()).toBe('0.13')
    expect(decimal('-0.125').round(2, 'half-away-from-zero').toString()).toBe('-0.13')
    expect(decimal('0.124').round(2, 'half-away-from-zero').toString()).toBe('0.12')
  })
})

describe('division', () => {
  it('keeps 20 places, rounding half to even', () => {
    expect(decimal('1').div(decimal('3')).toString()).toBe('0.33333333333333333333')
    expect(decimal('2').div(decimal('3')).toString()).toBe('0.66666666666666666667')
    expect(decimal('0.000000000000000000025').div(decimal('1')).toString()).toBe(
      '0.00000000000000000002',
    )
    expect(decimal('0.000000000000000000035').div(decimal('1')).toString()).toBe(
      '0.00000000000000000004',
    )
    expect(decimal('-7').div(decimal('2')).toString()).toBe('-3.5')
    expect(() => decimal('1').div(ZERO)).toThrow(RangeError)
  })

  it('divides to the places and rounding asked, rounding once', () => {
    expect(decimal('25060').div(decimal('100'), 4).toString()).toBe('250.6')
    expect(decimal('1').div(decimal('8'), 2).toString()).toBe('0.12')
    expect(decimal('1').div(decimal('8'), 2, 'half-away-from-zero').toString()).toBe('0.13')
    expect(decimal('-1').div(decimal('8'), 2, 'half-away-from-zero').toString()).toBe('-0.13')
    // One rounding: 0.004999…9 (21 nines) is below half a cent, however close.
    const justBelow = decimal(`0.004${'9'.repeat(21)}`)
    expect(justBelow.div(decimal('1'), 2, 'half-away-from-zero').toString()).toBe('0')
  })

  it('gives exactly what big.js div gives', () => {
    fc.assert(
      fc.property(anyText, anyText, (dividend, divisor) => {
        fc.pre(new Reference(divisor).cmp(0) !== 0)
        expectSame(decimal(dividend).div(decimal(divisor)), new Reference(dividend).div(divisor))
      }),
    )
  })

  it('takes a share with one rounding, at the end', () => {
    fc.assert(
      fc.property(anyText, anyText, anyText, (value, part, whole) => {
        fc.pre(new Reference(whole).cmp(0) !== 0)
        expectSame(
          decimal(value).share(decimal(part), decimal(whole)),
          new Reference(value).times(part).div(whole),
        )
      }),
    )
    expect(decimal('5000').share(decimal('150'), decimal('300')).toString()).toBe('2500')
  })
})
