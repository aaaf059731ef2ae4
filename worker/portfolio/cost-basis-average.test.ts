import { describe, expect, it } from 'vitest'
import { AverageCostBasis } from './cost-basis-average'
import { decimal, sum } from '../../shared/decimal/decimal'

const lot = (quantity: string, cost: string, costBase: string, acquiredDay = 0) => ({
  acquiredBy: 'b',
  acquiredDay,
  quantity: decimal(quantity),
  cost: decimal(cost),
  costBase: decimal(costBase),
})

/** Takes `quantity` out of the pool: the one pooled lot it leaves as. */
function take(basis: AverageCostBasis, quantity: string) {
  const [taken, ...more] = basis.take(decimal(quantity))
  if (taken === undefined || more.length > 0) throw new Error('The pool leaves as one lot')
  return taken
}

describe('AverageCostBasis', () => {
  it('leaves the average cost per unit unchanged by a sale', () => {
    // 3 units for 100 (33.33… each), then 1 sold: 2 left at the same 33.33…
    const basis = new AverageCostBasis()
    basis.acquire(lot('3', '100', '3000'))
    const sold = take(basis, '1')
    expect(sold.cost.toString()).toBe('33.33333333333333333333')
    expect(sold.costBase.toString()).toBe('1000')
    expect(basis.cost.div(basis.quantity).toString()).toBe('33.33333333333333333334')
    expect(basis.cost.plus(sold.cost).toString()).toBe('100')
  })

  it('moves part of the pool out at the average cost and keeps the rest at that average', () => {
    // 10 for 100 and 10 for 130 (TRY 3,000 and 3,900): 20 at 11.5. 5 transferred out take 57.5
    // (TRY 1,725); 15 stay at 172.5 (TRY 5,175), still 11.5 each.
    const basis = new AverageCostBasis()
    basis.acquire(lot('10', '100', '3000'))
    basis.acquire(lot('10', '130', '3900'))
    const moved = take(basis, '5')
    expect(moved.cost.toString()).toBe('57.5')
    expect(moved.costBase.toString()).toBe('1725')
    expect(basis.quantity.toString()).toBe('15')
    expect(basis.cost.toString()).toBe('172.5')
    expect(basis.costBase.toString()).toBe('5175')
    expect(basis.cost.div(basis.quantity).toString()).toBe('11.5')
  })

  it('takes the whole cost when selling out, leaving no remainder', () => {
    const basis = new AverageCostBasis()
    basis.acquire(lot('3', '100', '3000'))
    const first = take(basis, '1')
    const rest = take(basis, '2')
    expect(rest.cost.toString()).toBe('66.66666666666666666667')
    expect(sum([first.cost, rest.cost]).toString()).toBe('100')
    expect(basis.cost.toString()).toBe('0')
    expect(basis.costBase.toString()).toBe('0')
    expect(basis.lots).toEqual([])
  })

  it('dates the pool at the quantity-weighted acquisition day', () => {
    const basis = new AverageCostBasis()
    basis.acquire(lot('1', '10', '10', 100))
    basis.acquire(lot('3', '30', '30', 200))
    expect(take(basis, '2').acquiredDay).toBe(175)
  })
})
