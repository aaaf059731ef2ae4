import { describe, expect, it } from 'vitest'
import { HOLIDAY_YEARS, isMarketOpen, lastOpenDayBefore, openDaysBetween } from './market-calendar'
import { NYSE_HOLIDAYS, TURKISH_HOLIDAYS, XETRA_HOLIDAYS } from './market-holidays'

const tables = {
  'Turkish holidays (Borsa Istanbul, TEFAS)': { days: TURKISH_HOLIDAYS, leastInAYear: 13 },
  "Xetra's": { days: XETRA_HOLIDAYS, leastInAYear: 8 },
  "the NYSE's": { days: NYSE_HOLIDAYS, leastInAYear: 10 },
}

describe('the holiday tables', () => {
  it('reach 2027 at least', () => {
    expect(HOLIDAY_YEARS.last).toBeGreaterThanOrEqual(2027)
  })

  for (const [name, { days, leastInAYear }] of Object.entries(tables)) {
    it(`list ${name} for every year of HOLIDAY_YEARS`, () => {
      for (let year = HOLIDAY_YEARS.first; year <= HOLIDAY_YEARS.last; year++) {
        const inYear = days.filter((day) => day.startsWith(`${year}-`))
        expect(inYear.length, `${name} in ${year}`).toBeGreaterThanOrEqual(leastInAYear)
      }
    })

    it(`list ${name} as real dates, in order, once each`, () => {
      for (const day of days) {
        expect(new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10)).toBe(day)
      }
      expect([...days].sort()).toEqual(days)
      expect(new Set(days).size).toBe(days.length)
    })
  }
})

describe('isMarketOpen', () => {
  it('closes every exchange at the weekend, crypto never', () => {
    for (const market of ['bist', 'tefas', 'xetra', 'nyse', 'weekdays'] as const) {
      expect(isMarketOpen(market, '2026-11-28')).toBe(false)
    }
    expect(isMarketOpen('daily', '2026-11-28')).toBe(true)
    expect(isMarketOpen('daily', '2026-01-01')).toBe(true)
  })

  it('closes a market on its own holidays only', () => {
    // Tuesday 23 April 2024: Ulusal Egemenlik ve Çocuk Bayramı.
    expect(isMarketOpen('bist', '2024-04-23')).toBe(false)
    expect(isMarketOpen('tefas', '2024-04-23')).toBe(false)
    expect(isMarketOpen('xetra', '2024-04-23')).toBe(true)
    expect(isMarketOpen('nyse', '2024-04-23')).toBe(true)
    // Good Friday 2026: Xetra and the NYSE close, Borsa Istanbul trades.
    expect(isMarketOpen('xetra', '2026-04-03')).toBe(false)
    expect(isMarketOpen('nyse', '2026-04-03')).toBe(false)
    expect(isMarketOpen('bist', '2026-04-03')).toBe(true)
    // Whit Monday and German Unity Day are trading days on Xetra.
    expect(isMarketOpen('xetra', '2025-06-09')).toBe(true)
    expect(isMarketOpen('xetra', '2025-10-03')).toBe(true)
    expect(isMarketOpen('weekdays', '2025-12-25')).toBe(true)
  })

  it('opens on a half day: a close is published', () => {
    expect(isMarketOpen('bist', '2026-05-26')).toBe(true) // Kurban Bayramı's arife
    expect(isMarketOpen('bist', '2025-10-28')).toBe(true) // the eve of Cumhuriyet Bayramı
    expect(isMarketOpen('nyse', '2025-11-28')).toBe(true) // the day after Thanksgiving
  })

  it('knows only weekends after the last year listed', () => {
    expect(isMarketOpen('bist', `${HOLIDAY_YEARS.last + 1}-10-30`)).toBe(true)
  })

  it('refuses what is not a date', () => {
    expect(() => isMarketOpen('bist', '2024-02-30')).toThrow(RangeError)
    expect(() => lastOpenDayBefore('bist', 'yesterday')).toThrow(RangeError)
  })
})

describe('lastOpenDayBefore', () => {
  it('skips weekends and holidays', () => {
    expect(lastOpenDayBefore('weekdays', '2024-01-08')).toBe('2024-01-05')
    expect(lastOpenDayBefore('weekdays', '2024-01-09')).toBe('2024-01-08')
    expect(lastOpenDayBefore('daily', '2024-01-08')).toBe('2024-01-07')
    // Kurban Bayramı 2024 (16–19 June): Thursday the 20th follows Friday the 14th.
    expect(lastOpenDayBefore('bist', '2024-06-20')).toBe('2024-06-14')
    expect(lastOpenDayBefore('xetra', '2025-01-02')).toBe('2024-12-30')
  })
})

describe('openDaysBetween', () => {
  it('counts the trading days after the first date up to the second', () => {
    expect(openDaysBetween('weekdays', '2024-01-05', '2024-01-06')).toBe(0)
    expect(openDaysBetween('weekdays', '2024-01-05', '2024-01-08')).toBe(1)
    expect(openDaysBetween('weekdays', '2024-01-05', '2024-01-12')).toBe(5)
    expect(openDaysBetween('weekdays', '2024-01-01', '2024-03-01')).toBe(44)
    // 1 January 2024 was a holiday everywhere but counts only as the first date here.
    expect(openDaysBetween('nyse', '2024-01-01', '2024-03-01')).toBe(42)
    expect(openDaysBetween('xetra', '2024-12-23', '2025-01-02')).toBe(3)
  })

  it('is zero when the second date is not later', () => {
    expect(openDaysBetween('bist', '2024-01-12', '2024-01-05')).toBe(0)
    expect(openDaysBetween('bist', '2024-01-12', '2024-01-12')).toBe(0)
  })
})
