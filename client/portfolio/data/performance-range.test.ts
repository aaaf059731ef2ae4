import { describe, expect, it } from 'vitest'
import { rangeDates } from './performance-range'

describe('rangeDates', () => {
  it('counts months back from the report date, clamped to short months', () => {
    expect(rangeDates('1M', '2026-05-31')).toEqual({ from: '2026-04-30', to: '2026-05-31' })
    expect(rangeDates('6M', '2026-08-31')).toEqual({ from: '2026-02-28', to: '2026-08-31' })
    expect(rangeDates('1Y', '2024-02-29')).toEqual({ from: '2023-02-28', to: '2024-02-29' })
    expect(rangeDates('5Y', '2026-01-15')).toEqual({ from: '2021-01-15', to: '2026-01-15' })
  })

  it('starts YTD on the first of January and MAX at the first transaction', () => {
    expect(rangeDates('YTD', '2026-05-31')).toEqual({ from: '2026-01-01', to: '2026-05-31' })
    expect(rangeDates('MAX', '2026-05-31')).toEqual({ from: null, to: '2026-05-31' })
  })
})
