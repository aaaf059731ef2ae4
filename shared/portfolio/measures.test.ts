import { describe, expect, it } from 'vitest'
import { isMeasure, measuresFor, realIndexOf } from './measures'

describe('measures', () => {
  it('offers each base currency its own index and the other currencies', () => {
    expect(measuresFor('TRY')).toEqual(['nominal', 'real', 'USD', 'EUR'])
    expect(measuresFor('EUR')).toEqual(['nominal', 'real', 'real-vpi', 'USD', 'TRY'])
    expect(measuresFor('USD')).toEqual(['nominal', 'real', 'EUR', 'TRY'])
    expect(measuresFor('CHF')).toEqual(['nominal', 'USD', 'EUR', 'TRY'])
  })

  it('deflates by the base currency index, the VPI for euros only', () => {
    expect(realIndexOf('TRY', 'real')).toBe('TR-TUFE')
    expect(realIndexOf('EUR', 'real')).toBe('EA-HICP-2025')
    expect(realIndexOf('EUR', 'real-vpi')).toBe('DE-VPI-2020')
    expect(realIndexOf('USD', 'real-vpi')).toBeNull()
    expect(realIndexOf('GBP', 'real')).toBeNull()
    expect(realIndexOf('EUR', 'USD')).toBeNull()
  })

  it('knows its values', () => {
    expect(isMeasure('real-vpi')).toBe(true)
    expect(isMeasure('XAU')).toBe(false)
  })
})
