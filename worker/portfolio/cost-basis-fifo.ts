import type { AcquiredLot, CostBasisPosition, DisposedLot, Disposal } from './cost-basis'
import type { Decimal } from './decimal'
import { DecimalSum, scale } from './decimal'
import { HeldUnits } from './held-units'
import { LOT_COST, LOT_COST_BASE, LOT_QUANTITY } from './lot-store'
import type { LotStore } from './lot-store'

/**
 * First in, first out, as German tax law requires for securities: each purchase is a lot; a sale
 * consumes the oldest lots first, a part of a lot taking its share of that lot's cost. The lots
 * are rows of a {@link LotStore} shared by the ledger's positions.
 */
export class FifoCostBasis extends HeldUnits implements CostBasisPosition {
  /** The oldest open lot's row and the newest's; −1 when none is open. */
  private head = -1
  private tail = -1

  /** `inBaseCurrency`: every `costBase` is the matching `cost` itself. */
  constructor(
    private readonly lots: LotStore,
    inBaseCurrency: boolean,
  ) {
    super(inBaseCurrency)
  }

  acquire(lot: AcquiredLot): void {
    const lots = this.lots
    const costBase = this.inBaseCurrency ? lot.cost : lot.costBase
    const row = lots.add(lot.acquiredBy, lot.acquiredDay, lot.quantity, lot.cost, costBase)
    if (this.tail < 0) {
      this.head = row
      this.tail = row
    } else if (lots.acquiredDayOf(this.tail) <= lot.acquiredDay) {
      lots.link(this.tail, row)
      this.tail = row
    } else if (lots.acquiredDayOf(this.head) > lot.acquiredDay) {
      // A transfer may bring lots older than those held: keep the queue in acquisition order.
      lots.link(row, this.head)
      this.head = row
    } else {
      let before = this.head
      while (lots.acquiredDayOf(lots.next(before)) <= lot.acquiredDay) before = lots.next(before)
      lots.link(row, lots.next(before))
      lots.link(before, row)
    }
    this.addHeld(lot.quantity, lot.cost, costBase)
  }

  dispose(quantity: Decimal): Disposal {
    const lots = this.lots
    const taken: DisposedLot[] = []
    const cost = new DecimalSum()
    const costBase = this.inBaseCurrency ? cost : new DecimalSum()
    let remaining = quantity
    while (!remaining.isZero()) {
      const row = this.head
      if (row < 0) throw new Error('FIFO lots hold less than the position quantity')
      const lotQuantity = lots.get(row, LOT_QUANTITY)
      const lotCost = lots.get(row, LOT_COST)
      const lotCostBase = this.inBaseCurrency ? lotCost : lots.get(row, LOT_COST_BASE)
      let part: DisposedLot
      if (lotQuantity.cmp(remaining) <= 0) {
        part = {
          acquiredBy: lots.acquiredByOf(row),
          acquiredDay: lots.acquiredDayOf(row),
          quantity: lotQuantity,
          cost: lotCost,
          costBase: lotCostBase,
        }
        this.head = lots.next(row)
        if (this.head < 0) this.tail = -1
      } else {
        const partCost = scale(lotCost, remaining, lotQuantity)
        const partCostBase = this.inBaseCurrency
          ? partCost
          : scale(lotCostBase, remaining, lotQuantity)
        part = {
          acquiredBy: lots.acquiredByOf(row),
          acquiredDay: lots.acquiredDayOf(row),
          quantity: remaining,
          cost: partCost,
          costBase: partCostBase,
        }
        lots.set(row, LOT_QUANTITY, lotQuantity.minus(remaining))
        const left = lotCost.minus(partCost)
        lots.set(row, LOT_COST, left)
        lots.set(row, LOT_COST_BASE, this.inBaseCurrency ? left : lotCostBase.minus(partCostBase))
      }
      taken.push(part)
      remaining = remaining.minus(part.quantity)
      cost.add(part.cost)
      if (!this.inBaseCurrency) costBase.add(part.costBase)
    }
    this.removeHeld(quantity, cost.value, costBase.value)
    return { cost: cost.value, costBase: costBase.value, lots: taken }
  }

  split(newShares: Decimal, oldShares: Decimal): void {
    // Lots keep their dates and cost; only their units change.
    const quantity = new DecimalSum()
    for (let row = this.head; row >= 0; row = this.lots.next(row)) {
      const units = scale(this.lots.get(row, LOT_QUANTITY), newShares, oldShares)
      this.lots.set(row, LOT_QUANTITY, units)
      quantity.add(units)
    }
    this.setQuantity(quantity.value)
  }
}
