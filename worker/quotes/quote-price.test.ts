import { describe, expect, it } from 'vitest'
import { quotePrice } from './quote-price'

describe('quotePrice', () => {
  it('turns a number text into a plain decimal above zero', () => {
    expect(quotePrice('185.640')).toBe('185.64')
    expect(quotePrice('0.812882')).toBe('0.812882')
    expect(quotePrice('1.5e-3')).toBe('0.0015')
    expect(quotePrice('2E+2')).toBe('200')
    expect(quotePrice('42')).toBe('42')
  })

  it('rounds beyond 20 decimal places, half to even', () => {
    expect(quotePrice('0.123456789012345678905')).toBe('0.1234567890123456789')
    expect(quotePrice('0.123456789012345678915')).toBe('0.12345678901234567892')
    expect(quotePrice('1.23456789012345678901255e-1')).toBe('0.1234567890123456789')
  })

  it('refuses zero, negatives, non-finite and absurd values, and anything else', () => {
    for (const text of [
      '0',
      '0.000',
      '-1',
      '-0.5',
      'NaN',
      'Infinity',
      '1e400',
      '1e-999',
      '',
      'abc',
      '1,5',
    ]) {
      expect(quotePrice(text), text).toBeNull()
    }
    expect(quotePrice(12)).toBeNull()
    expect(quotePrice(null)).toBeNull()
  })
})
