import { describe, expect, it } from 'vitest'
import { formatDate, formatMoney, formatNumber, formatPercent } from './format'

describe('formatDate', () => {
  it('writes day.month.year in Turkish and German, mm/dd/yy in English', () => {
    expect(formatDate('tr', '2026-11-02')).toBe('02.11.2026')
    expect(formatDate('de', '2026-11-02')).toBe('02.11.2026')
    expect(formatDate('en', '2026-11-02')).toBe('11/02/26')
  })
})

describe('formatMoney', () => {
  it('formats each currency in the locale style', () => {
    expect(formatMoney('tr', '1490', 'TRY')).toBe('₺1.490,00')
    expect(formatMoney('de', '49.90', 'EUR')).toBe('49,90\u00a0€')
    expect(formatMoney('en', '4.99', 'USD')).toBe('$4.99')
  })

  it('keeps decimals exact beyond float precision', () => {
    expect(formatMoney('en', '12345678901234567.89', 'USD')).toBe('$12,345,678,901,234,567.89')
  })

  it('can drop a zero fraction', () => {
    expect(formatMoney('tr', '149', 'TRY', { trimZeroFraction: true })).toBe('₺149')
    expect(formatMoney('tr', '149.50', 'TRY', { trimZeroFraction: true })).toBe('₺149,50')
  })
})

describe('formatNumber', () => {
  it('uses the locale separators', () => {
    expect(formatNumber('de', '1234.5')).toBe('1.234,5')
    expect(formatNumber('en', '1234.5')).toBe('1,234.5')
  })
})

describe('formatPercent', () => {
  it('writes fractions as signed percentages in the locale style', () => {
    expect(formatPercent('tr', 0.1234, { signed: true })).toBe('+%12,34')
    expect(formatPercent('de', -0.05)).toBe('-5,00\u00a0%')
    expect(formatPercent('en', 0.5, { signed: true })).toBe('+50.00%')
  })
})

describe('signed money', () => {
  it('marks gains with + and losses with −', () => {
    expect(formatMoney('en', '12.5', 'USD', { signed: true })).toBe('+$12.50')
    expect(formatMoney('de', '-12.5', 'EUR', { signed: true })).toBe('-12,50\u00a0€')
  })
})
