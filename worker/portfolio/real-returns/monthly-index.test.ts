import { describe, expect, it } from 'vitest'
import { expectError, unwrap } from '../test-fixtures'
import { chainIndex, indexOn } from './monthly-index'
import type { MonthlyIndex } from './monthly-index'

const index = (code: string, ...months: [string, string][]): MonthlyIndex => ({
  code,
  months: months.map(([month, value]) => ({ month, value })),
})

describe('indexOn (docs/real-returns.md, rules 2 and 3)', () => {
  const cpi = index('US-CPI-1982', ['2025-09', '324.800'], ['2025-11', '324.122'])

  it("a day has its month's value through the month", () => {
    for (const date of ['2025-09-01', '2025-09-30']) {
      const found = unwrap(indexOn(cpi, date))
      expect(found.value.toString()).toBe('324.8')
      expect(found).toMatchObject({ month: '2025-09', valueMonth: '2025-09', provisional: false })
    }
  })

  it("a skipped month has the month before's value, final", () => {
    const found = unwrap(indexOn(cpi, '2025-10-31'))
    expect(found.value.toString()).toBe('324.8')
    expect(found).toMatchObject({ month: '2025-10', valueMonth: '2025-09', provisional: false })
  })

  it('after the newest month the newest value carries forward, provisional', () => {
    const found = unwrap(indexOn(cpi, '2026-02-14'))
    expect(found.value.toString()).toBe('324.122')
    expect(found).toMatchObject({ month: '2026-02', valueMonth: '2025-11', provisional: true })
  })

  it('before the first month there is none', () => {
    expectError(indexOn(cpi, '2025-08-31'), 'missing_price_index', null)
  })

  it('refuses months out of order and values that are not positive', () => {
    expectError(
      indexOn(index('X', ['2025-02', '1'], ['2025-01', '1']), '2025-03-01'),
      'invalid_market_data',
      null,
    )
    expectError(indexOn(index('X', ['2025-13', '1']), '2026-01-01'), 'invalid_market_data', null)
    expectError(indexOn(index('X', ['2025-01', '0']), '2025-01-01'), 'invalid_market_data', null)
  })
})

describe('chainIndex (rule 10; worked example 7)', () => {
  const old = index('TR-TUFE-2003', ['2024-12', '2400'], ['2025-06', '2700'], ['2025-12', '3000'])
  const next = index(
    'TR-TUFE-2025',
    ['2025-01', '83'],
    ['2025-12', '120'],
    ['2026-01', '126'],
    ['2026-06', '144'],
  )

  it('links at the old series’ last month, on the new base: 2,400 × 120 ÷ 3,000 = 96', () => {
    const chained = unwrap(chainIndex(old, next))
    expect(chained.code).toBe('TR-TUFE-2003+TR-TUFE-2025')
    expect(chained.months).toEqual([
      { month: '2024-12', value: '96' },
      { month: '2025-06', value: '108' },
      { month: '2025-12', value: '120' },
      { month: '2026-01', value: '126' },
      { month: '2026-06', value: '144' },
    ])
  })

  it('keeps a link factor that does not divide evenly to 20 decimal places', () => {
    const chained = unwrap(chainIndex(index('A', ['2025-11', '1'], ['2025-12', '3']), next))
    expect(chained.months[0]).toEqual({ month: '2025-11', value: '40' })
    const uneven = unwrap(chainIndex(index('A', ['2025-11', '1'], ['2025-12', '7']), next))
    expect(uneven.months[0]?.value).toBe('17.14285714285714285714')
  })

  it('links at another month when asked, and refuses one not in both', () => {
    const atJune = unwrap(
      chainIndex(old, index('N', ['2025-06', '90'], ['2026-01', '126']), '2025-06'),
    )
    expect(atJune.months).toEqual([
      { month: '2024-12', value: '80' },
      { month: '2025-06', value: '90' },
      { month: '2026-01', value: '126' },
    ])
    expectError(chainIndex(old, next, '2025-06'), 'missing_price_index', null)
  })
})
