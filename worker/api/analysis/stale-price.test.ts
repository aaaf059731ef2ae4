import { describe, expect, it } from 'vitest'
import { isStalePrice, tradingDaysBetween } from './stale-price'

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
