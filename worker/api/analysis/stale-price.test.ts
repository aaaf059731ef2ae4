import { describe, expect, it } from 'vitest'
import type { MarketCalendar } from '../../../shared/markets/market-calendar'
import { isStalePrice, priceFeedOf } from './stale-price'

const byHand = (market: MarketCalendar = 'weekdays') => ({ fetched: false, market })
const fetched = (market: MarketCalendar) => ({ fetched: true, market })

describe('isStalePrice for a price entered by hand', () => {
  it('calls a price stale after more than 5 trading days', () => {
    // 2024-01-05 was a Friday.
    expect(isStalePrice('2024-01-05', '2024-01-12', byHand())).toBe(false)
    expect(isStalePrice('2024-01-04', '2024-01-12', byHand())).toBe(true)
    // Friday's close is still fresh on the next Sunday.
    expect(isStalePrice('2024-01-05', '2024-01-07', byHand())).toBe(false)
  })

  it("does not count its market's holidays", () => {
    // Kurban Bayramı closed Borsa Istanbul from Monday 17 to Wednesday 19 June 2024: from Friday
    // the 14th to Tuesday the 25th it traded on the 20th, 21st, 24th and 25th only.
    expect(isStalePrice('2024-06-14', '2024-06-25', byHand('bist'))).toBe(false)
    expect(isStalePrice('2024-06-14', '2024-06-25', byHand())).toBe(true)
    // Ramazan Bayramı 2027 (9–11 March): Friday 5 March to Tuesday 16 March is 5 trading days.
    expect(isStalePrice('2027-03-05', '2027-03-16', byHand('tefas'))).toBe(false)
    // Christmas 2025 on Xetra (24–26 December): Monday the 22nd to Wednesday the 31st is 3.
    expect(isStalePrice('2025-12-22', '2026-01-02', byHand('xetra'))).toBe(false)
    // Thanksgiving 2026 on the NYSE (Thursday 26 November).
    expect(isStalePrice('2026-11-20', '2026-11-27', byHand('nyse'))).toBe(false)
  })

  it('calls a holding without any price stale', () => {
    expect(isStalePrice(null, '2024-01-12', byHand())).toBe(true)
  })
})

describe('isStalePrice for a fetched price', () => {
  it("calls it stale once it is older than its market's last trading day", () => {
    // Monday 8 January 2024: Friday's close is the latest there can be.
    expect(isStalePrice('2024-01-05', '2024-01-08', fetched('weekdays'))).toBe(false)
    expect(isStalePrice('2024-01-05', '2024-01-09', fetched('weekdays'))).toBe(true)
    expect(isStalePrice('2024-01-06', '2024-01-08', fetched('daily'))).toBe(true)
    expect(isStalePrice('2024-01-07', '2024-01-08', fetched('daily'))).toBe(false)
  })

  // For each market and year: the last close before a holiday, and the first day after it, on
  // which that close is still the latest. Weekdays only, that day would want the holiday's close.
  const afterHolidays: [MarketCalendar, string, string, string][] = [
    ['bist', '2024-04-09', '2024-04-15', 'Ramazan Bayramı, 10–12 April (arife a half day)'],
    ['bist', '2025-03-28', '2025-04-02', 'Ramazan Bayramı, 30 March – 1 April'],
    ['bist', '2026-05-26', '2026-06-01', 'Kurban Bayramı, 27–30 May (arife a half day)'],
    ['bist', '2027-05-14', '2027-05-20', 'Kurban Bayramı, 16–19 May'],
    ['tefas', '2024-10-28', '2024-10-30', 'Cumhuriyet Bayramı (28 October a half day)'],
    ['tefas', '2025-06-05', '2025-06-10', 'Kurban Bayramı, 6–9 June (arife a half day)'],
    ['tefas', '2026-03-19', '2026-03-23', 'Ramazan Bayramı, 20–22 March (arife a half day)'],
    ['tefas', '2027-03-08', '2027-03-12', 'Ramazan Bayramı, 9–11 March (arife a half day)'],
    ['xetra', '2024-03-28', '2024-04-02', 'Good Friday and Easter Monday'],
    ['xetra', '2025-12-23', '2025-12-29', 'Christmas Eve to Boxing Day'],
    ['xetra', '2026-04-30', '2026-05-04', 'Labour Day'],
    ['xetra', '2027-03-25', '2027-03-30', 'Good Friday and Easter Monday'],
    ['nyse', '2024-07-03', '2024-07-05', 'Independence Day'],
    ['nyse', '2025-01-08', '2025-01-10', 'the National Day of Mourning for President Carter'],
    ['nyse', '2026-07-02', '2026-07-06', 'Independence Day, observed on Friday 3 July'],
    ['nyse', '2027-12-23', '2027-12-27', 'Christmas Day, observed on Friday 24 December'],
  ]

  it.each(afterHolidays)('%s: the close of %s is current on %s, after %s', (market, close, day) => {
    expect(isStalePrice(close, day, fetched(market))).toBe(false)
    expect(isStalePrice(close, day, fetched('weekdays'))).toBe(true)
  })
})

describe('priceFeedOf', () => {
  const enabled = new Set(['tefas', 'coingecko'] as const)
  const instrument = { priceSymbol: null, exchange: null }

  it('is fetched when its provider runs here, on the calendar of its market', () => {
    expect(
      priceFeedOf({ priceProvider: 'tefas', priceSymbol: 'TTE', exchange: 'TEFAS' }, enabled),
    ).toEqual({ fetched: true, market: 'tefas' })
    expect(priceFeedOf({ ...instrument, priceProvider: 'coingecko' }, enabled)).toEqual({
      fetched: true,
      market: 'daily',
    })
    // EODHD without its key: prices are entered by hand, for Xetra's days all the same.
    expect(
      priceFeedOf({ priceProvider: 'eodhd', priceSymbol: 'SAP.XETRA', exchange: 'XETRA' }, enabled),
    ).toEqual({ fetched: false, market: 'xetra' })
    expect(priceFeedOf({ ...instrument, priceProvider: null }, enabled)).toEqual({
      fetched: false,
      market: 'weekdays',
    })
  })
})
