import { describe, expect, it } from 'vitest'
import { compareDecimal } from './compare-decimal'

describe('compareDecimal', () => {
  it('orders by sign, then magnitude', () => {
    const sorted = ['10', '-2.5', '0', '2.50', '-10', '9.99', '-0'].sort(compareDecimal)
    expect(sorted).toEqual(['-10', '-2.5', '0', '-0', '2.50', '9.99', '10'])
  })

  it('stays exact beyond float precision', () => {
    expect(compareDecimal('12345678901234567.01', '12345678901234567.02')).toBe(-1)
    expect(compareDecimal('0.30', '0.3')).toBe(0)
  })
})
