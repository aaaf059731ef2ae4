import { describe, expect, it } from 'vitest'
import { minorUnits } from './catalog'
import { addInterval, isoOfMicros, microsOfIso, PaddleClock, paddleId } from './paddle-clock'
import { share, taxInclusive } from './totals'

describe('Paddle’s ids and times', () => {
  it('makes ids of a prefix and 26 ULID characters that start with the time', () => {
    const early = paddleId('sub', Date.UTC(2026, 0, 1))
    const late = paddleId('sub', Date.UTC(2026, 0, 2))
    expect(early).toMatch(/^sub_[0-9a-hjkmnp-tv-z]{26}$/)
    expect(early.slice(0, 14) < late.slice(0, 14)).toBe(true)
  })

  it('writes microseconds and reads them back', () => {
    const micros = Date.UTC(2023, 7, 11, 8, 7, 35, 449) * 1000 + 123
    expect(isoOfMicros(micros)).toBe('2023-08-11T08:07:35.449123Z')
    expect(microsOfIso('2023-08-11T08:07:35.449123Z')).toBe(micros)
    expect(microsOfIso('2024-10-12T07:20:50.52Z')).toBe(
      Date.UTC(2024, 9, 12, 7, 20, 50, 520) * 1000,
    )
  })

  it('hands out strictly increasing stamps from a fixed clock', () => {
    const clock = new PaddleClock(() => new Date('2026-03-04T10:00:00Z'))
    expect([clock.stamp(), clock.stamp(), clock.stamp()]).toEqual([
      '2026-03-04T10:00:00.000000Z',
      '2026-03-04T10:00:00.000001Z',
      '2026-03-04T10:00:00.000002Z',
    ])
  })

  it('moves on by a month or a year on the calendar, keeping the time of day', () => {
    expect(addInterval('2026-03-04T10:00:00.000003Z', 'month')).toBe('2026-04-04T10:00:00.000003Z')
    expect(addInterval('2026-12-15T00:00:00.000000Z', 'month')).toBe('2027-01-15T00:00:00.000000Z')
    expect(addInterval('2026-01-31T08:00:00.000000Z', 'month')).toBe('2026-02-28T08:00:00.000000Z')
    expect(addInterval('2028-02-29T08:00:00.000000Z', 'year')).toBe('2029-02-28T08:00:00.000000Z')
  })
})

describe('money', () => {
  it('reads plan prices as minor units', () => {
    expect([minorUnits('149'), minorUnits('4.99'), minorUnits('49.9')]).toEqual([14900, 499, 4990])
  })

  it('splits tax out of tax-inclusive totals, and refunds in proportion', () => {
    expect(taxInclusive(14900, '0.2')).toEqual({ subtotal: 12417, tax: 2483, total: 14900 })
    expect(taxInclusive(499, '0')).toEqual({ subtotal: 499, tax: 0, total: 499 })
    expect(share(taxInclusive(499, '0.19'), 100)).toEqual({ subtotal: 84, tax: 16, total: 100 })
  })
})
