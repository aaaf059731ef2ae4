import type { AcquiredLot, CostBasisPosition, DisposedLot, Disposal } from './cost-basis'
import type { Decimal } from './decimal'
import { ZERO, scale } from './decimal'

interface OpenLot {
  acquiredBy: string
  acquiredDay: number
  quantity: Decimal
  cost: Decimal
  costBase: Decimal
}

// Consumed lots stay in the array until this many pile up, so a sale never shifts the whole queue.
const COMPACT_AFTER = 1024

/**
 * First in, first out, as German tax law requires for securities: each purchase is a lot; a sale
 * consumes the oldest lots first, a part of a lot taking its share of that lot's cost.
 */
export class FifoCostBasis implements CostBasisPosition {
  quantity: Decimal = ZERO
  cost: Decimal = ZERO
  costBase: Decimal = ZERO
  private lots: OpenLot[] = []
  private head = 0

  /** `inBaseCurrency`: every `costBase` is the matching `cost` itself. */
  constructor(private readonly inBaseCurrency: boolean) {}

  acquire(lot: AcquiredLot): void {
    // The lot itself joins the queue rather than a copy: open lots live long, and every object
    // that does is copied by the collector. It is changed in place when part of it is sold.
    const open: OpenLot = lot
    if (this.inBaseCurrency) open.costBase = lot.cost
    // A transfer may bring lots older than those held: keep the queue in acquisition order.
    let index = this.lots.length
    while (index > this.head && (this.lots[index - 1]?.acquiredDay ?? 0) > lot.acquiredDay) index--
    if (index === this.lots.length) this.lots.push(open)
    else this.lots.splice(index, 0, open)
    this.quantity = this.quantity.plus(lot.quantity)
    this.cost = this.cost.plus(lot.cost)
    this.costBase = this.inBaseCurrency ? this.cost : this.costBase.plus(lot.costBase)
  }

  dispose(quantity: Decimal): Disposal {
    if (quantity.cmp(this.quantity) === 0) return this.disposeAll()
    const lots: DisposedLot[] = []
    let remaining = quantity
    let cost = ZERO
    let costBase = ZERO
    while (!remaining.isZero()) {
      const lot = this.lots[this.head]
      if (lot === undefined) throw new Error('FIFO lots hold less than the position quantity')
      let taken: DisposedLot
      if (lot.quantity.cmp(remaining) <= 0) {
        taken = lot
        this.head++
      } else {
        const partCost = scale(lot.cost, remaining, lot.quantity)
        taken = {
          acquiredBy: lot.acquiredBy,
          acquiredDay: lot.acquiredDay,
          quantity: remaining,
          cost: partCost,
          costBase: this.inBaseCurrency ? partCost : scale(lot.costBase, remaining, lot.quantity),
        }
        lot.quantity = lot.quantity.minus(remaining)
        lot.cost = lot.cost.minus(partCost)
        lot.costBase = this.inBaseCurrency ? lot.cost : lot.costBase.minus(taken.costBase)
      }
      lots.push(taken)
      remaining = remaining.minus(taken.quantity)
      cost = cost.plus(taken.cost)
      if (!this.inBaseCurrency) costBase = costBase.plus(taken.costBase)
    }
    if (this.head >= COMPACT_AFTER) {
      this.lots = this.lots.slice(this.head)
      this.head = 0
    }
    this.quantity = this.quantity.minus(quantity)
    this.cost = this.cost.minus(cost)
    if (this.inBaseCurrency) {
      costBase = cost
      this.costBase = this.cost
    } else {
      this.costBase = this.costBase.minus(costBase)
    }
    return { cost, costBase, lots }
  }

  private disposeAll(): Disposal {
    const disposal = { cost: this.cost, costBase: this.costBase, lots: this.lots.slice(this.head) }
    this.lots = []
    this.head = 0
    this.quantity = ZERO
    this.cost = ZERO
    this.costBase = ZERO
    return disposal
  }

  split(newShares: Decimal, oldShares: Decimal): void {
    // Lots keep their dates and cost; only their units change.
    let quantity = ZERO
    for (let index = this.head; index < this.lots.length; index++) {
      const lot = this.lots[index]
      if (lot === undefined) continue
      lot.quantity = scale(lot.quantity, newShares, oldShares)
      quantity = quantity.plus(lot.quantity)
    }
    this.quantity = quantity
  }
}
