import type { AcquiredLot, CostBasisPosition, Disposal } from './cost-basis'
import type { Decimal } from './decimal'
import { scale } from './decimal'
import { HeldUnits } from './held-units'

/**
 * Weighted average cost, as Turkish brokers report it: one pool per instrument; a sale takes the
 * pool's average cost per unit, so the average of what remains does not change.
 */
export class AverageCostBasis extends HeldUnits implements CostBasisPosition {
  /** Quantity-weighted acquisition day of the pool; a float, as it only measures holding periods. */
  private acquiredDay = 0

  acquire(lot: AcquiredLot): void {
    const held = this.quantityAsNumber()
    const added = lot.quantity.toNumber()
    this.acquiredDay = (this.acquiredDay * held + lot.acquiredDay * added) / (held + added)
    this.addHeld(lot.quantity, lot.cost, lot.costBase)
  }

  dispose(quantity: Decimal, withLots: boolean): Disposal {
    const held = this.quantity
    let cost = this.cost
    let costBase = this.costBase
    if (quantity.cmp(held) === 0) {
      // Selling out takes the whole cost, so no division remainder is ever left behind.
      this.clearHeld()
    } else {
      cost = scale(cost, quantity, held)
      costBase = this.inBaseCurrency ? cost : scale(costBase, quantity, held)
      this.removeHeld(quantity, cost, costBase)
    }
    return {
      cost,
      costBase,
      lots: withLots
        ? [{ acquiredBy: null, acquiredDay: this.acquiredDay, quantity, cost, costBase }]
        : [],
    }
  }

  split(newShares: Decimal, oldShares: Decimal): void {
    this.setQuantity(scale(this.quantity, newShares, oldShares))
  }
}
