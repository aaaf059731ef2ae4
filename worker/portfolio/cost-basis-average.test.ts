import { describe, expect, it } from 'vitest'
import { AverageCostBasis } from './cost-basis-average'
import type { Decimal } from './decimal'
import { ONE, decimalOf, divide } from './decimal'

const lot = (quantity: string, cost: string, costBase: string, acquiredDay = 0) => ({
  acquiredBy: 'b',
  acquiredDay,
  quantity: decimalOf(quantity),
  cost: decimalOf(cost),
  costBase: decimalOf(costBase),
})

/** Sells `quantity` in the base currency, listing the pool. */
function sell(basis: AverageCostBasis, quantity: Decimal) {
  const disposal = basis.sell(quantity, ONE, true)
  if (disposal === null) throw new Error('A sale that lists its lots returns them')
  return disposal
}

describe('AverageCostBasis', () => {
  it('leaves the average cost per unit unchanged by a sale', () => {
    // 3 units for 100 (33.33… each), then 1 sold: 2 left at the same 33.33…
    const basis = new AverageCostBasis(false)
    basis.acquire(lot('3', '100', '3000'))
    const sold = sell(basis, decimalOf('1'))
    expect(sold.cost.toString()).toBe('33.33333333333333333333')
    expect(sold.costBase.toString()).toBe('1000')
    expect(divide(basis.cost, basis.quantity).toString()).toBe('33.33333333333333333334')
    expect(basis.cost.plus(sold.cost).toString()).toBe('100')
  })

  it('moves part of the pool out at the average cost and keeps the rest at that average', () => {
    // 10 for 100 and 10 for 130 (TRY 3,000 and 3,900): 20 at 11.5. 5 transferred out take 57.5
    // (TRY 1,725); 15 stay at 172.5 (TRY 5,175), still 11.5 each; nothing counts as sold.
    const basis = new AverageCostBasis(false)
    basis.acquire(lot('10', '100', '3000'))
    basis.acquire(lot('10', '130', '3900'))
    const moved = basis.dispose(decimalOf('5'))
    expect(moved.cost.toString()).toBe('57.5')
    expect(moved.costBase.toString()).toBe('1725')
    expect(basis.quantity.toString()).toBe('15')
    expect(basis.cost.toString()).toBe('172.5')
    expect(basis.costBase.toString()).toBe('5175')
    expect(divide(basis.cost, basis.quantity).toString()).toBe('11.5')
    expect(basis.soldCost().cost.instrument.toString()).toBe('0')
    expect(basis.soldCost().cost.base.toString()).toBe('0')
  })

  it('takes the whole cost when selling out, leaving no remainder', () => {
    const basis = new AverageCostBasis(false)
    basis.acquire(lot('3', '100', '3000'))
    sell(basis, decimalOf('1'))
    const rest = sell(basis, decimalOf('2'))
    expect(rest.cost.toString()).toBe('66.66666666666666666667')
    expect(basis.cost.toString()).toBe('0')
    expect(basis.costBase.toString()).toBe('0')
  })

  it('dates the pool at the quantity-weighted acquisition day', () => {
    const basis = new AverageCostBasis(true)
    basis.acquire(lot('1', '10', '10', 100))
    basis.acquire(lot('3', '30', '30', 200))
    expect(sell(basis, decimalOf('2')).lots[0]?.acquiredDay).toBe(175)
  })
})
