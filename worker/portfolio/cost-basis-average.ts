import type { AcquiredLot, CostBasisPosition, Disposal } from './cost-basis'
import type { Decimal } from './decimal'
import { ZERO, scale } from './decimal'

/**
 * Weighted average cost, as Turkish brokers report it: one pool per instrument; a sale takes the
 * pool's average cost per unit, so the average of what remains does not change.
 */
export class AverageCostBasis implements CostBasisPosition {
  quantity: Decimal = ZERO
  cost: Decimal = ZERO
  costBase: Decimal = ZERO
  /** Quantity-weighted acquisition day of the pool; a float, as it only measures holding periods. */
  private acquiredDay = 0

  /** `inBaseCurrency`: `costBase` is `cost` itself. */
  constructor(private readonly inBaseCurrency: boolean) {}

  acquire(lot: AcquiredLot): void {
    const held = this.quantity.toNumber()
    const added = lot.quantity.toNumber()
    this.acquiredDay = (this.acquiredDay * held + lot.acquiredDay * added) / (held + added)
    this.quantity = this.quantity.plus(lot.quantity)
    this.cost = this.cost.plus(lot.cost)
    this.costBase = this.inBaseCurrency ? this.cost : this.costBase.plus(lot.costBase)
  }

  dispose(quantity: Decimal): Disposal {
    let cost = this.cost
    let costBase = this.costBase
    if (quantity.cmp(this.quantity) === 0) {
      // Selling out takes the whole cost, so no division remainder is ever left behind.
      this.quantity = ZERO
      this.cost = ZERO
      this.costBase = ZERO
    } else {
      cost = scale(this.cost, quantity, this.quantity)
      costBase = this.inBaseCurrency ? cost : scale(this.costBase, quantity, this.quantity)
      this.quantity = this.quantity.minus(quantity)
      this.cost = this.cost.minus(cost)
      this.costBase = this.inBaseCurrency ? this.cost : this.costBase.minus(costBase)
    }
    return {
      cost,
      costBase,
      lots: [{ acquiredBy: null, acquiredDay: this.acquiredDay, quantity, cost, costBase }],
    }
  }

  split(newShares: Decimal, oldShares: Decimal): void {
    this.quantity = scale(this.quantity, newShares, oldShares)
  }
}
