import { takeFromLot } from './cost-basis'
import type { CostBasis, Lot } from './cost-basis'
import type { Decimal } from '../../shared/decimal/decimal'
import { ZERO } from '../../shared/decimal/decimal'
import { bonusLots } from './bonus-issue'
import { splitLots } from './split'

/**
 * Weighted average cost, as Turkish brokers report it: one pool per instrument. A purchase adds
 * its units and cost to the pool; a sale takes its proportional share of the pool's cost, so the
 * average cost per unit of what remains does not change.
 */
export class AverageCostBasis implements CostBasis {
  private readonly pool: Lot = {
    acquiredBy: null,
    acquiredDay: 0,
    quantity: ZERO,
    cost: ZERO,
    costBase: ZERO,
  }

  get quantity(): Decimal {
    return this.pool.quantity
  }

  get cost(): Decimal {
    return this.pool.cost
  }

  get costBase(): Decimal {
    return this.pool.costBase
  }

  get lots(): readonly Lot[] {
    return this.pool.quantity.isZero() ? [] : [this.pool]
  }

  acquire(lot: Lot): void {
    const pool = this.pool
    // The pool's acquisition day is quantity-weighted; a float, as it only measures holding periods.
    const held = pool.quantity.toNumber()
    const added = lot.quantity.toNumber()
    pool.acquiredDay = (pool.acquiredDay * held + lot.acquiredDay * added) / (held + added)
    pool.quantity = pool.quantity.plus(lot.quantity)
    pool.cost = pool.cost.plus(lot.cost)
    pool.costBase = pool.costBase.plus(lot.costBase)
  }

  take(quantity: Decimal): Lot[] {
    return [takeFromLot(this.pool, quantity)]
  }

  split(newShares: Decimal, oldShares: Decimal): Lot[] {
    return splitLots([this.pool], this.pool.quantity, newShares, oldShares)
  }

  addBonusUnits(quantity: Decimal): void {
    bonusLots([this.pool], quantity)
  }
}
