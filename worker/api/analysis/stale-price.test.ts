import { describe, expect, it } from 'vitest'
import { isStalePrice, lastClosedDay, priceFeedOf, tradingDaysBetween } from './stale-price'

describe('tradingDaysBetween', () => {
  it('counts Mondays to Fridays after the first date up to the second', () => {
    // 2024-01-05 was a Friday.
    expect(tradingDaysBetween('2024-01-05', '2024-01-06')).toBe(0)
    expect(tradingDaysBetween('2024-01-05', '2024-01-08')).toBe(1)
    expect(tradingDaysBetween('2024-01-05', '2024-01-12')).toBe(5)
    expect(tradingDaysBetween('2024-01-04', '2024-01-12')).toBe(6)
    expect(tradingDaysBetween('2024-01-01', '2024-03-01')).toBe(44)
  })

  it('is zero when the second date is not later', () => {
    expect(tradingDaysBetween('2024-01-12', '2024-01-05')).toBe(0)
    expect(tradingDaysBetween('2024-01-12', '2024-01-12')).toBe(0)
  })
})

describe('isStalePrice', () => {
  it('calls a price stale after more than 5 trading days', () => {
    expect(isStalePrice('2024-01-05', '2024-01-12')).toBe(false)
    expect(isStalePrice('2024-01-04', '2024-01-12')).toBe(true)
    // Friday's close is still fresh on the next Sunday and the Friday after.
    expect(isStalePrice('2024-01-05', '2024-01-07')).toBe(false)
  })

  it('calls a holding without any price stale', () => {
    expect(isStalePrice(null, '2024-01-12')).toBe(true)
  })
})

describe('lastClosedDay', () => {
  it('is the weekday before the report date for an exchange, the day before for crypto', () => {
    // 2024-01-08 was a Monday.
    expect(lastClosedDay('2024-01-08', 'weekdays')).toBe('2024-01-05')
    expect(lastClosedDay('2024-01-09', 'weekdays')).toBe('2024-01-08')
    expect(lastClosedDay('2024-01-07', 'weekdays')).toBe('2024-01-05')
    expect(lastClosedDay('2024-01-08', 'daily')).toBe('2024-01-07')
  })
})

describe('isStalePrice for a provider-fed price', () => {
  it("calls it stale once it is older than its market's last closed day", () => {
    expect(isStalePrice('2024-01-05', '2024-01-08', 'weekdays')).toBe(false)
    expect(isStalePrice('2024-01-05', '2024-01-09', 'weekdays')).toBe(true)
    expect(isStalePrice('2024-01-06', '2024-01-08', 'daily')).toBe(true)
    expect(isStalePrice('2024-01-07', '2024-01-08', 'daily')).toBe(false)
    // The manual rule would still call the weekday price fresh.
    expect(isStalePrice('2024-01-05', '2024-01-09')).toBe(false)
  })
})

describe('priceFeedOf', () => {
  const enabled = new Set(['tefas', 'coingecko'] as const)

  it("is the provider's market when it runs here, else by hand", () => {
    expect(priceFeedOf({ priceProvider: 'tefas' }, enabled)).toBe('weekdays')
    expect(priceFeedOf({ priceProvider: 'coingecko' }, enabled)).toBe('daily')
    // EODHD without its key: prices are entered by hand.
    expect(priceFeedOf({ priceProvider: 'eodhd' }, enabled)).toBe('manual')
    expect(priceFeedOf({ priceProvider: null }, enabled)).toBe('manual')
  })
})
