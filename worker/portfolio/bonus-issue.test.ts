import { describe, expect, it } from 'vitest'
import type { Lot } from './cost-basis'
import { decimal, sum } from '../../shared/decimal/decimal'
import { bonusLots } from './bonus-issue'

const lot = (acquiredBy: string, acquiredDay: number, quantity: string, cost: string): Lot => ({
  acquiredBy,
  acquiredDay,
  quantity: decimal(quantity),
  cost: decimal(cost),
  costBase: decimal(cost).times(decimal('30')),
})

const described = (lots: readonly Lot[]) =>
  lots.map((each) => [
    each.acquiredBy,
    each.acquiredDay,
    each.quantity.toString(),
    each.cost.toString(),
    each.costBase.toString(),
  ])

describe('bonus units spread over the lots', () => {
  it('gives each lot its share by its units, keeping its cost and day', () => {
    // 60 and 40 units, 100 bonus units: 60 and 40 more.
    const lots = [lot('a', 10, '60', '2400'), lot('b', 75, '40', '2600')]
    bonusLots(lots, decimal('100'))
    expect(described(lots)).toEqual([
      ['a', 10, '120', '2400', '72000'],
      ['b', 75, '80', '2600', '78000'],
    ])
  })

  it('rounds each share once and gives the newest lot the rest, so the units add up exactly', () => {
    // 1 and 2 units, 1 bonus unit: a third rounded to 20 places, and the rest to the newest.
    const lots = [lot('a', 1, '1', '10'), lot('b', 2, '2', '20')]
    bonusLots(lots, decimal('1'))
    expect(lots.map((each) => each.quantity.toString())).toEqual([
      '1.33333333333333333333',
      '2.66666666666666666667',
    ])
    expect(sum(lots.map((each) => each.quantity)).toString()).toBe('4')
    expect(lots.map((each) => each.cost.toString())).toEqual(['10', '20'])
  })
})
