import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatIsoDate, lastDayOfYear, parseIsoDate, yearOf } from './iso-date'

describe('ISO dates as day numbers', () => {
  it('counts days from 1970-01-01', () => {
    expect(parseIsoDate('1970-01-01')).toBe(0)
    expect(parseIsoDate('2024-02-29')).toBe(19782)
    expect(parseIsoDate('1969-12-31')).toBe(-1)
    expect(formatIsoDate(19782)).toBe('2024-02-29')
  })

  it('refuses what is not a calendar date', () => {
    for (const text of [
      '2023-02-29',
      '2024-13-01',
      '2024-00-10',
      '2024-04-31',
      '2024-1-01',
      '20240101',
      '',
      20240101,
    ]) {
      expect(parseIsoDate(text)).toBeNull()
    }
    expect(parseIsoDate('2000-02-29')).not.toBeNull()
    expect(parseIsoDate('1900-02-29')).toBeNull()
  })

  it('round-trips every day of four centuries', () => {
    fc.assert(
      fc.property(fc.integer({ min: -200_000, max: 200_000 }), (day) => {
        expect(parseIsoDate(formatIsoDate(day))).toBe(day)
      }),
    )
  })

  it('knows years and their last days', () => {
    expect(yearOf(parseIsoDate('2024-12-31') ?? 0)).toBe(2024)
    expect(formatIsoDate(lastDayOfYear(2023))).toBe('2023-12-31')
  })
})
