import { AmountsTally } from './amounts'
import type { AcquiredLot, CostBasisPosition, DisposedLot, Disposal, SoldCost } from './cost-basis'
import type { Decimal } from './decimal'
import { DecimalSum, ZERO, scale } from './decimal'
import { CostAtSaleRates } from './sold-cost'

/**
 * Weighted average cost, as Turkish brokers report it: one pool per instrument; a sale takes the
 * pool's average cost per unit, so the average of what remains does not change.
 *
 * As a FIFO lot does (see `FifoCostBasis`), the pool keeps the cost and units it was anchored at
 * (by its last purchase, transfer or split), and the units it holds cost `anchored cost × units /
 * anchored units`, to 20 places. A sale takes the difference between the pool's cost before and
 * after, so the sales between two purchases add up to exactly what the pool cost, and a sale needs
 * no division unless its own cost is asked for: the next purchase anchors the pool anew.
 * With a single purchase, the pool and the FIFO lot are the same, and so are their figures.
 *
 * What sales took is never added up sale by sale: it is exactly what purchases brought, less what
 * transfers took, less what the pool holds now (every cost that left is one of these differences).
 * Adding up each sale's part instead cost a 20-place subtraction and addition at every purchase
 * after a sale, most of what anchoring cost beside its one division.
 */
export class AverageCostBasis implements CostBasisPosition {
  /** Quantity-weighted acquisition day of the pool; a float, as it only measures holding periods. */
  private acquiredDay = 0
  private readonly quantitySum = new DecimalSum()
  private readonly anchoredCost = new DecimalSum()
  private readonly anchoredCostBase: DecimalSum
  /** The units held when the pool was anchored; null until a sale after the anchoring. */
  private anchorQuantity: Decimal | null = null
  /** What purchases brought, less what transfers took: the cost of what is held and was sold. */
  private readonly kept: AmountsTally
  /** Only in another currency than the base. */
  private readonly costAtSaleRates = new CostAtSaleRates()
  /** The pool's cost at the units it holds, once worked out since they last changed. */
  private poolCost: Decimal | null = null
  private poolCostBase: Decimal | null = null

  /** `inBaseCurrency`: every base-currency cost is the matching cost itself. */
  constructor(private readonly inBaseCurrency: boolean) {
    this.anchoredCostBase = inBaseCurrency ? this.anchoredCost : new DecimalSum()
    this.kept = new AmountsTally(inBaseCurrency)
  }

  get quantity(): Decimal {
    return this.quantitySum.value
  }

  get cost(): Decimal {
    return this.currentCost(false)
  }

  get costBase(): Decimal {
    return this.currentCost(true)
  }

  soldCost(): SoldCost {
    const cost = this.kept.instrument.minus(this.currentCost(false))
    if (this.inBaseCurrency)
      return { cost: { instrument: cost, base: cost }, costAtSaleRates: ZERO }
    return {
      cost: { instrument: cost, base: this.kept.base.minus(this.currentCost(true)) },
      costAtSaleRates: this.costAtSaleRates.value,
    }
  }

  acquire(lot: AcquiredLot): void {
    const held = this.quantitySum.toNumber()
    const added = lot.quantity.toNumber()
    this.acquiredDay = (this.acquiredDay * held + lot.acquiredDay * added) / (held + added)
    this.anchor()
    this.quantitySum.add(lot.quantity)
    this.anchoredCost.add(lot.cost)
    if (!this.inBaseCurrency) this.anchoredCostBase.add(lot.costBase)
    this.kept.add(lot.cost, lot.costBase)
    this.forgetCost()
  }

  sell(quantity: Decimal, fxRate: Decimal, withLots: boolean): Disposal | null {
    // The sale's own cost: for its record, or for its currency effect in another currency.
    const costed = withLots || !this.inBaseCurrency
    const before = costed ? this.currentCost(false) : null
    const beforeBase = withLots ? this.currentCost(true) : null
    this.anchorQuantity ??= this.quantity
    this.quantitySum.subtract(quantity)
    this.forgetCost()
    if (before === null) return null
    const cost = before.minus(this.currentCost(false))
    this.costAtSaleRates.add(cost, fxRate)
    if (beforeBase === null) return null
    const costBase = this.inBaseCurrency ? cost : beforeBase.minus(this.currentCost(true))
    return { cost, costBase, lots: [this.pooledLot(quantity, cost, costBase)] }
  }

  dispose(quantity: Decimal): Disposal {
    // Not a sale: the pool is anchored first, so what leaves is the cost of units held now.
    this.anchor()
    const held = this.quantity
    const cost = this.anchoredCost.value
    const costBase = this.anchoredCostBase.value
    const left = held.minus(quantity)
    const leftCost = left.isZero() ? ZERO : scale(cost, left, held)
    const leftCostBase =
      this.inBaseCurrency || left.isZero() ? leftCost : scale(costBase, left, held)
    // What stays is anchored anew at its own units and cost.
    this.quantitySum.subtract(quantity)
    this.setAnchoredCost(leftCost, leftCostBase)
    const part = cost.minus(leftCost)
    const partBase = this.inBaseCurrency ? part : costBase.minus(leftCostBase)
    this.kept.subtract(part, partBase)
    return { cost: part, costBase: partBase, lots: [this.pooledLot(quantity, part, partBase)] }
  }

  split(newShares: Decimal, oldShares: Decimal): void {
    // Units change, cost does not; the pool is anchored at its new units.
    this.anchor()
    const units = scale(this.quantity, newShares, oldShares)
    this.quantitySum.clear()
    this.quantitySum.add(units)
  }

  /** The pool's cost at the units it holds: a division after a sale, then kept. */
  private currentCost(base: boolean): Decimal {
    const inBase = base && !this.inBaseCurrency
    const known = inBase ? this.poolCostBase : this.poolCost
    if (known !== null) return known
    const anchored = (inBase ? this.anchoredCostBase : this.anchoredCost).value
    const units = this.quantity
    const anchorUnits = this.anchorQuantity
    const cost =
      anchorUnits === null ? anchored : units.isZero() ? ZERO : scale(anchored, units, anchorUnits)
    if (inBase) this.poolCostBase = cost
    else this.poolCost = cost
    return cost
  }

  /** Anchors the pool at the units and cost it holds now, once sales took some since the last. */
  private anchor(): void {
    if (this.anchorQuantity === null) return
    this.setAnchoredCost(this.currentCost(false), this.currentCost(true))
  }

  /** Anchors the pool at `cost` for the units it holds. */
  private setAnchoredCost(cost: Decimal, costBase: Decimal): void {
    this.anchoredCost.clear()
    this.anchoredCost.add(cost)
    if (!this.inBaseCurrency) {
      this.anchoredCostBase.clear()
      this.anchoredCostBase.add(costBase)
    }
    this.anchorQuantity = null
    this.forgetCost()
  }

  private forgetCost(): void {
    this.poolCost = null
    this.poolCostBase = null
  }

  /** The pool as the one lot units left, dated at its average acquisition day. */
  private pooledLot(quantity: Decimal, cost: Decimal, costBase: Decimal): DisposedLot {
    return { acquiredBy: null, acquiredDay: this.acquiredDay, quantity, cost, costBase }
  }
}
