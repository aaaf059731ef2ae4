import { describe, expect, it } from 'vitest'
import { dayInZone, isTimeZone } from './day-in-zone'

const at = (iso: string) => new Date(iso)

describe('dayInZone', () => {
  it('turns the day at midnight in Istanbul (UTC+3 all year)', () => {
    expect(dayInZone(at('2026-01-01T20:59:59.999Z'), 'Europe/Istanbul')).toBe('2026-01-01')
    expect(dayInZone(at('2026-01-01T21:00:00Z'), 'Europe/Istanbul')).toBe('2026-01-02')
    expect(dayInZone(at('2026-01-01T22:30:00Z'), 'Europe/Istanbul')).toBe('2026-01-02')
    expect(dayInZone(at('2026-07-01T21:00:00Z'), 'Europe/Istanbul')).toBe('2026-07-02')
    expect(dayInZone(at('2026-12-31T21:00:00Z'), 'Europe/Istanbul')).toBe('2027-01-01')
  })

  it('turns the day at midnight in Berlin in winter (CET, UTC+1) and summer (CEST, UTC+2)', () => {
    expect(dayInZone(at('2026-01-15T22:59:59Z'), 'Europe/Berlin')).toBe('2026-01-15')
    expect(dayInZone(at('2026-01-15T23:00:00Z'), 'Europe/Berlin')).toBe('2026-01-16')
    expect(dayInZone(at('2026-07-01T21:59:59Z'), 'Europe/Berlin')).toBe('2026-07-01')
    expect(dayInZone(at('2026-07-01T22:00:00Z'), 'Europe/Berlin')).toBe('2026-07-02')
  })

  it('keeps Berlin’s 23-hour day of the spring switch (29 March 2026, 02:00 CET → 03:00 CEST)', () => {
    // It begins at midnight CET and ends at midnight CEST.
    expect(dayInZone(at('2026-03-28T22:59:59Z'), 'Europe/Berlin')).toBe('2026-03-28')
    expect(dayInZone(at('2026-03-28T23:00:00Z'), 'Europe/Berlin')).toBe('2026-03-29')
    expect(dayInZone(at('2026-03-29T00:59:59Z'), 'Europe/Berlin')).toBe('2026-03-29')
    expect(dayInZone(at('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe('2026-03-29')
    expect(dayInZone(at('2026-03-29T21:59:59Z'), 'Europe/Berlin')).toBe('2026-03-29')
    expect(dayInZone(at('2026-03-29T22:00:00Z'), 'Europe/Berlin')).toBe('2026-03-30')
  })

  it('keeps Berlin’s 25-hour day of the autumn switch (25 October 2026, 03:00 CEST → 02:00 CET)', () => {
    expect(dayInZone(at('2026-10-24T21:59:59Z'), 'Europe/Berlin')).toBe('2026-10-24')
    expect(dayInZone(at('2026-10-24T22:00:00Z'), 'Europe/Berlin')).toBe('2026-10-25')
    expect(dayInZone(at('2026-10-25T01:00:00Z'), 'Europe/Berlin')).toBe('2026-10-25')
    // 23:30 CET: a day of CEST's reckoning would have ended half an hour ago.
    expect(dayInZone(at('2026-10-25T22:30:00Z'), 'Europe/Berlin')).toBe('2026-10-25')
    expect(dayInZone(at('2026-10-25T23:00:00Z'), 'Europe/Berlin')).toBe('2026-10-26')
  })

  it('is the UTC day in UTC, and earlier west of it', () => {
    expect(dayInZone(at('2026-01-01T23:59:59Z'), 'UTC')).toBe('2026-01-01')
    expect(dayInZone(at('2026-01-02T00:00:00Z'), 'UTC')).toBe('2026-01-02')
    expect(dayInZone(at('2026-01-02T04:59:59Z'), 'America/New_York')).toBe('2026-01-01')
  })
})

describe('isTimeZone', () => {
  it('knows IANA names, their aliases and UTC', () => {
    for (const zone of ['Europe/Istanbul', 'Europe/Berlin', 'America/Argentina/Buenos_Aires']) {
      expect(isTimeZone(zone)).toBe(true)
    }
    expect(isTimeZone('Europe/Kiev')).toBe(true)
    expect(isTimeZone('UTC')).toBe(true)
    expect(isTimeZone('Etc/GMT-3')).toBe(true)
  })

  it('refuses what is no zone: unknown names, offsets, other types', () => {
    for (const value of ['', 'Mars/Olympus', 'Europe', '+03:00', 'Europe/Istanbul ', '../etc']) {
      expect(isTimeZone(value), value).toBe(false)
    }
    expect(isTimeZone(`Europe/${'A'.repeat(64)}`)).toBe(false)
    expect(isTimeZone(null)).toBe(false)
    expect(isTimeZone(3)).toBe(false)
  })
})
