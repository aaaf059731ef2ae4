import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decimalString } from '../api/schemas/common'
import { LOCALE_CODES } from '../i18n/locales'
import { decimalExample, formatDecimalInput, parseDecimalInput } from './decimal-input'

const ok = (value: string) => ({ ok: true, value })
const refused = (error: string) => ({ ok: false, error })

describe('parseDecimalInput', () => {
  it.each([
    ['1.234,56', 'de', '1234.56'],
    ['1.234,56', 'tr', '1234.56'],
    ['1,234.56', 'en', '1234.56'],
    ['1234,56', 'de', '1234.56'],
    ['1234.56', 'en', '1234.56'],
    ['1.234.567,891', 'tr', '1234567.891'],
    ['1,234,567', 'en', '1234567'],
    ['1.234', 'de', '1234'],
    ['1,234', 'en', '1234'],
    [',5', 'de', '0.5'],
    ['.5', 'en', '0.5'],
    ['5,', 'de', '5'],
    ['0,50', 'tr', '0.50'],
    ['007', 'en', '7'],
    ['000', 'de', '0'],
    ['  12,5 ', 'de', '12.5'],
    ['\u00a012.5\u202f', 'en', '12.5'],
    ['1.234,', 'de', '1234'],
    ['-0', 'de', '0'],
    ['0.00000000000000000001', 'en', '0.00000000000000000001'],
  ] as const)('reads %j in %s as %s', (input, locale, value) => {
    expect(parseDecimalInput(input, locale)).toEqual(ok(value))
  })

  it.each([
    ['1,2,3', 'de', 'malformed'],
    ['1.23.4', 'de', 'malformed'],
    ['1.23.4', 'en', 'malformed'],
    ['12,,5', 'tr', 'malformed'],
    ['1.234.', 'de', 'malformed'],
    ['12a', 'en', 'malformed'],
    ['abc', 'tr', 'malformed'],
    ['', 'de', 'malformed'],
    ['   ', 'en', 'malformed'],
    [',', 'de', 'malformed'],
    ['-', 'en', 'malformed'],
    ['--5', 'en', 'malformed'],
    ['+5', 'en', 'malformed'],
    ['1 234', 'de', 'malformed'],
    ['1e5', 'en', 'malformed'],
    ['12.5', 'de', 'ambiguous'],
    ['0.234', 'tr', 'ambiguous'],
    ['12,5', 'en', 'ambiguous'],
    ['1234,56', 'en', 'ambiguous'],
    ['1,234.56', 'de', 'ambiguous'],
    ['1.234,56', 'en', 'ambiguous'],
    ['-5', 'de', 'negative'],
    ['\u22125', 'en', 'negative'],
    ['123456789012345678901', 'en', 'too_large'],
    ['1,000000000000000000001', 'de', 'too_precise'],
  ] as const)('refuses %j in %s as %s', (input, locale, error) => {
    expect(parseDecimalInput(input, locale)).toEqual(refused(error))
  })

  it('takes a leading minus only where it is allowed', () => {
    expect(parseDecimalInput('-1.234,5', 'de', { allowNegative: true })).toEqual(ok('-1234.5'))
    expect(parseDecimalInput('\u22120,25', 'tr', { allowNegative: true })).toEqual(ok('-0.25'))
    expect(parseDecimalInput('-0,00', 'tr', { allowNegative: true })).toEqual(ok('0.00'))
    expect(parseDecimalInput('5-', 'en', { allowNegative: true })).toEqual(refused('malformed'))
  })

  it('gives only what the API accepts as a decimal', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALE_CODES),
        fc.stringMatching(/^-?[\d.,]{0,12}$/),
        (locale, input) => {
          const parsed = parseDecimalInput(input, locale, { allowNegative: true })
          if (parsed.ok) expect(decimalString.safeParse(parsed.value).success).toBe(true)
        },
      ),
    )
  })
})

/** Every decimal string the API writes, without a negative zero. */
const apiDecimal = fc
  .tuple(
    fc.boolean(),
    fc.oneof(fc.constant('0'), fc.stringMatching(/^[1-9]\d{0,19}$/)),
    fc.option(fc.stringMatching(/^\d{1,20}$/), { nil: undefined }),
  )
  .map(([negative, whole, fraction]) => {
    const value = fraction === undefined ? whole : `${whole}.${fraction}`
    return negative && /[1-9]/.test(value) ? `-${value}` : value
  })

describe('formatDecimalInput', () => {
  it.each([
    ['1234.56', 'de', '1.234,56'],
    ['1234.56', 'tr', '1.234,56'],
    ['1234.56', 'en', '1,234.56'],
    ['-1234567.5', 'de', '-1.234.567,5'],
    ['0.50', 'en', '0.50'],
    ['999', 'tr', '999'],
    ['1000', 'en', '1,000'],
  ] as const)('writes %s in %s as %s', (value, locale, text) => {
    expect(formatDecimalInput(value, locale)).toBe(text)
  })

  it('is read back to the same decimal in every language', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOCALE_CODES), apiDecimal, (locale, value) => {
        const text = formatDecimalInput(value, locale)
        expect(parseDecimalInput(text, locale, { allowNegative: true })).toEqual(ok(value))
      }),
    )
  })

  it('is read back without the grouping too', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LOCALE_CODES), apiDecimal, (locale, value) => {
        const decimal = locale === 'en' ? '.' : ','
        const text = value.replace('.', decimal)
        expect(parseDecimalInput(text, locale, { allowNegative: true })).toEqual(ok(value))
      }),
    )
  })

  it('gives an example in the locale format', () => {
    expect(decimalExample('de')).toBe('1.234,56')
    expect(decimalExample('en')).toBe('1,234.56')
  })
})
