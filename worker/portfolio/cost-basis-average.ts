import type { AcquiredLot, CostBasisPosition, Disposal } from './cost-basis'
import type { Decimal } from './decimal'
import { DecimalSum, scale } from './decimal'

/**
 * Weighted average cost, as Turkish brokers report it: one pool per instrument; a sale takes the
 * pool's average cost per unit, so the average of what remains does not change.
 */
export class AverageCostBasis implements CostBasisPosition {
  // Running sums changed in place: purchases add to them far more often than they are read.
  private readonly quantitySum = new DecimalSum()
  private readonly costSum = new DecimalSum()
  private readonly costBaseSum: DecimalSum
  /** Quantity-weighted acquisition day of the pool; a float, as it only measures holding periods. */
  private acquiredDay = 0

  /** `inBaseCurrency`: `costBase` is `cost` itself. */
  constructor(private readonly inBaseCurrency: boolean) {
    this.costBaseSum = inBaseCurrency ? this.costSum : new DecimalSum()
  }

  get quantity(): Decimal {
    return this.quantitySum.value
  }

  get cost(): Decimal {
    return this.costSum.value
  }

  get costBase(): Decimal {
    return this.costBaseSum.value
  }

  acquire(lot: AcquiredLot): void {
    const held = this.quantitySum.toNumber()
    const added = lot.quantity.toNumber()
    this.acquiredDay = (this.acquiredDay * held + lot.acquiredDay * added) / (held + added)
    this.quantitySum.add(lot.quantity)
    this.costSum.add(lot.cost)
    if (!this.inBaseCurrency) this.costBaseSum.add(lot.costBase)
  }

  dispose(quantity: Decimal): Disposal {
    const held = this.quantity
    let cost = this.cost
    let costBase = this.costBase
    if (quantity.cmp(held) === 0) {
      // Selling out takes the whole cost, so no division remainder is ever left behind.
      this.quantitySum.clear()
      this.costSum.clear()
      this.costBaseSum.clear()
    } else {
      cost = scale(cost, quantity, held)
      costBase = this.inBaseCurrency ? cost : scale(costBase, quantity, held)
      this.quantitySum.subtract(quantity)
      this.costSum.subtract(cost)
      if (!this.inBaseCurrency) this.costBaseSum.subtract(costBase)
    }
    return {
      cost,
      costBase,
      lots: [{ acquiredBy: null, acquiredDay: this.acquiredDay, quantity, cost, costBase }],
    }
  }

  split(newShares: Decimal, oldShares: Decimal): void {
    const quantity = scale(this.quantity, newShares, oldShares)
    this.quantitySum.clear()
    this.quantitySum.add(quantity)
  }
}
