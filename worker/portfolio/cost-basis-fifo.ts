import type { AcquiredLot, CostBasisPosition, DisposedLot, Disposal } from './cost-basis'
import type { Decimal } from './decimal'
import { DecimalSum, ZERO, scale } from './decimal'
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

  dispose(quantity: Decimal, withLots: boolean): Disposal {
    const lots = this.lots
    const taken: DisposedLot[] = []
    const cost = new DecimalSum()
    const costBase = this.inBaseCurrency ? cost : new DecimalSum()
    let remaining = quantity
    while (!remaining.isZero()) {
      const row = this.head
      if (row < 0) throw new Error('FIFO lots hold less than the position quantity')
      const lotQuantity = lots.get(row, LOT_QUANTITY)
      if (lotQuantity.cmp(remaining) <= 0) {
        // The whole lot: its cost goes over as it is.
        if (withLots) taken.push(this.lotRecord(row, lotQuantity))
        lots.addTo(cost, row, LOT_COST)
        if (!this.inBaseCurrency) lots.addTo(costBase, row, LOT_COST_BASE)
        this.head = lots.next(row)
        if (this.head < 0) this.tail = -1
        remaining = remaining.minus(lotQuantity)
      } else {
        const part = this.takePart(row, lotQuantity, remaining)
        if (withLots) taken.push(part)
        cost.add(part.cost)
        if (!this.inBaseCurrency) costBase.add(part.costBase)
        remaining = ZERO
      }
    }
    this.removeHeld(quantity, cost.value, costBase.value)
    return { cost: cost.value, costBase: costBase.value, lots: taken }
  }

  /** A whole lot as it leaves. */
  private lotRecord(row: number, quantity: Decimal): DisposedLot {
    const cost = this.lots.get(row, LOT_COST)
    const costBase = this.inBaseCurrency ? cost : this.lots.get(row, LOT_COST_BASE)
    return this.disposedLot(row, quantity, cost, costBase)
  }

  /** Takes `quantity` units of the lot in `row`, which holds more, with their share of its cost. */
  private takePart(row: number, lotQuantity: Decimal, quantity: Decimal): DisposedLot {
    const lots = this.lots
    const lotCost = lots.get(row, LOT_COST)
    const lotCostBase = this.inBaseCurrency ? lotCost : lots.get(row, LOT_COST_BASE)
    const cost = scale(lotCost, quantity, lotQuantity)
    const costBase = this.inBaseCurrency ? cost : scale(lotCostBase, quantity, lotQuantity)
    lots.set(row, LOT_QUANTITY, lotQuantity.minus(quantity))
    const left = lotCost.minus(cost)
    lots.set(row, LOT_COST, left)
    lots.set(row, LOT_COST_BASE, this.inBaseCurrency ? left : lotCostBase.minus(costBase))
    return this.disposedLot(row, quantity, cost, costBase)
  }

  /** `quantity` units leaving the lot in `row`, with the cost they take. */
  private disposedLot(
    row: number,
    quantity: Decimal,
    cost: Decimal,
    costBase: Decimal,
  ): DisposedLot {
    return {
      acquiredBy: this.lots.acquiredByOf(row),
      acquiredDay: this.lots.acquiredDayOf(row),
      quantity,
      cost,
      costBase,
    }
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
