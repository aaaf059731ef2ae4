import { describe, expect, it } from 'vitest'
import { heldOverAYear } from './holding-period'

describe('heldOverAYear', () => {
  it.each([
    ['2025-03-10', '2026-03-10', false],
    ['2025-03-10', '2026-03-11', true],
    ['2025-03-10', '2025-12-31', false],
    ['2023-03-01', '2024-03-01', false],
    ['2023-03-01', '2024-03-02', true],
    ['2024-02-29', '2025-02-28', false],
    ['2024-02-29', '2025-03-01', true],
    ['2025-12-31', '2027-01-01', true],
  ] as const)('bought %s, on %s: %s', (acquired, asOf, over) => {
    expect(heldOverAYear(acquired, asOf)).toBe(over)
  })
})
