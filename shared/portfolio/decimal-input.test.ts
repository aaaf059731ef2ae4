import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decimalString } from '../api/schemas/common'
import { FORMAT_LOCALE_TAGS, formatConventions } from '../i18n/format-locale'
import { decimalExample, formatDecimalInput, parseDecimalInput } from './decimal-input'

const ok = (value: string) => ({ ok: true, value })
const refused = (error: string) => ({ ok: false, error })

describe('parseDecimalInput', () => {
  it.each([
    ['1.234,56', 'de-DE', '1234.56'],
    ['1.234,56', 'tr-TR', '1234.56'],
    ['1,234.56', 'en-US', '1234.56'],
    ['1234,56', 'de-DE', '1234.56'],
    ['1234.56', 'en-US', '1234.56'],
    ['1.234.567,891', 'tr-TR', '1234567.891'],
    ['1,234,567', 'en-US', '1234567'],
    ['1.234', 'de-DE', '1234'],
    ['1,234', 'en-US', '1234'],
    [',5', 'de-DE', '0.5'],
    ['.5', 'en-US', '0.5'],
    ['5,', 'de-DE', '5'],
    ['0,50', 'tr-TR', '0.50'],
    ['007', 'en-US', '7'],
    ['000', 'de-DE', '0'],
    ['  12,5 ', 'de-DE', '12.5'],
    ['\u00a012.5\u202f', 'en-US', '12.5'],
    ['1.234,', 'de-DE', '1234'],
    ['-0', 'de-DE', '0'],
    ['0.00000000000000000001', 'en-US', '0.00000000000000000001'],
  ] as const)('reads %j in %s as %s', (input, locale, value) => {
    expect(parseDecimalInput(input, locale)).toEqual(ok(value))
  })

  it.each([
    ['1,2,3', 'de-DE', 'malformed'],
    ['1.23.4', 'de-DE', 'malformed'],
    ['1.23.4', 'en-US', 'malformed'],
    ['12,,5', 'tr-TR', 'malformed'],
    ['1.234.', 'de-DE', 'malformed'],
    ['12a', 'en-US', 'malformed'],
    ['abc', 'tr-TR', 'malformed'],
    ['', 'de-DE', 'malformed'],
    ['   ', 'en-US', 'malformed'],
    [',', 'de-DE', 'malformed'],
    ['-', 'en-US', 'malformed'],
    ['--5', 'en-US', 'malformed'],
    ['+5', 'en-US', 'malformed'],
    ['1 234', 'de-DE', 'malformed'],
    ['1e5', 'en-US', 'malformed'],
    ['12.5', 'de-DE', 'ambiguous'],
    ['0.234', 'tr-TR', 'ambiguous'],
    ['12,5', 'en-US', 'ambiguous'],
    ['1234,56', 'en-US', 'ambiguous'],
    ['1,234.56', 'de-DE', 'ambiguous'],
    ['1.234,56', 'en-US', 'ambiguous'],
    ['-5', 'de-DE', 'negative'],
    ['\u22125', 'en-US', 'negative'],
    ['123456789012345678901', 'en-US', 'too_large'],
    ['1,000000000000000000001', 'de-DE', 'too_precise'],
  ] as const)('refuses %j in %s as %s', (input, locale, error) => {
    expect(parseDecimalInput(input, locale)).toEqual(refused(error))
  })

  it('takes a leading minus only where it is allowed', () => {
    expect(parseDecimalInput('-1.234,5', 'de-DE', { allowNegative: true })).toEqual(ok('-1234.5'))
    expect(parseDecimalInput('\u22120,25', 'tr-TR', { allowNegative: true })).toEqual(ok('-0.25'))
    expect(parseDecimalInput('-0,00', 'tr-TR', { allowNegative: true })).toEqual(ok('0.00'))
    expect(parseDecimalInput('5-', 'en-US', { allowNegative: true })).toEqual(refused('malformed'))
  })

  it('gives only what the API accepts as a decimal', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FORMAT_LOCALE_TAGS),
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
    ['1234.56', 'de-DE', '1.234,56'],
    ['1234.56', 'tr-TR', '1.234,56'],
    ['1234.56', 'en-US', '1,234.56'],
    ['-1234567.5', 'de-DE', '-1.234.567,5'],
    ['0.50', 'en-US', '0.50'],
    ['999', 'tr-TR', '999'],
    ['1000', 'en-US', '1,000'],
  ] as const)('writes %s in %s as %s', (value, locale, text) => {
    expect(formatDecimalInput(value, locale)).toBe(text)
  })

  it('is read back to the same decimal in every language', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FORMAT_LOCALE_TAGS), apiDecimal, (locale, value) => {
        const text = formatDecimalInput(value, locale)
        expect(parseDecimalInput(text, locale, { allowNegative: true })).toEqual(ok(value))
      }),
    )
  })

  it('is read back without the grouping too', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FORMAT_LOCALE_TAGS), apiDecimal, (locale, value) => {
        const { decimal } = formatConventions(locale)
        const text = value.replace('.', decimal)
        expect(parseDecimalInput(text, locale, { allowNegative: true })).toEqual(ok(value))
      }),
    )
  })

  it('gives an example in the locale format', () => {
    expect(decimalExample('de-DE')).toBe('1.234,56')
    expect(decimalExample('en-US')).toBe('1,234.56')
    expect(decimalExample('en-DE')).toBe('1.234,56')
  })
})

describe('numbers in English, by region', () => {
  it.each([
    ['1,234.56', 'en-GB', '1234.56'],
    ['1234.56', 'en-IE', '1234.56'],
    ['1.234,56', 'en-DE', '1234.56'],
    ['12,5', 'en-TR', '12.5'],
  ] as const)('reads %j in %s as %s', (input, locale, value) => {
    expect(parseDecimalInput(input, locale)).toEqual(ok(value))
  })

  it('refuses the other convention as ambiguous', () => {
    expect(parseDecimalInput('12,5', 'en-GB')).toEqual(refused('ambiguous'))
    expect(parseDecimalInput('12.5', 'en-DE')).toEqual(refused('ambiguous'))
  })

  it('writes the region’s separators', () => {
    expect(formatDecimalInput('1234.56', 'en-GB')).toBe('1,234.56')
    expect(formatDecimalInput('-1234.5', 'en-TR')).toBe('-1.234,5')
  })
})
