import type { AcquiredLot, CostBasisPosition, DisposedLot, Disposal, SoldCost } from './cost-basis'
import type { Decimal } from './decimal'
import { DecimalSum, ZERO, scale } from './decimal'
import { LOT_ANCHOR_QUANTITY, LOT_COST, LOT_COST_BASE, LOT_QUANTITY } from './lot-store'
import type { LotStore } from './lot-store'
import { SoldCostTally } from './sold-cost'

/**
 * First in, first out, as German tax law requires for securities: each purchase is a lot; a sale
 * consumes the oldest lots first. The lots are rows of a {@link LotStore} shared by the ledger's
 * positions.
 *
 * The units a lot holds cost `anchored cost × units / anchored quantity` (to 20 places, and
 * exactly the anchored cost while the lot is whole), so units leaving a lot take the difference
 * between its cost before and after: the parts of a lot add up to exactly its cost, however the
 * sales divide it. Only the oldest lot, the head, is ever partly sold, so what sales took is the
 * anchored cost of every lot they emptied plus the head's anchored cost less its cost now. That
 * needs no division per sale: holdings and totals divide once per position when they read it,
 * where dividing out each sale's part was most of what a FIFO sale cost. A sale's own cost is
 * still worked out when its record or its currency effect needs it.
 */
export class FifoCostBasis implements CostBasisPosition {
  /** The oldest open lot's row and the newest's; −1 when none is open. */
  private head = -1
  private tail = -1
  /** The newest lot's acquisition day, kept here: reading it from its row was a cache miss. */
  private tailDay = 0
  private readonly quantitySum = new DecimalSum()
  /** The anchored costs of the open lots, summed. */
  private readonly anchoredCost = new DecimalSum()
  private readonly anchoredCostBase: DecimalSum
  /** What sales took, but for what they took of the head since it was last anchored. */
  private readonly sold: SoldCostTally
  /** Whether sales took part of the head since it was last anchored. */
  private headPartlySold = false
  /** The head's cost at the units it holds, once worked out since they last changed. */
  private headCost: Decimal | null = null
  private headCostBase: Decimal | null = null
  /** The cost of the sale being applied, in the instrument's currency. */
  private readonly saleCost = new DecimalSum()

  /** `inBaseCurrency`: every base-currency cost is the matching cost itself. */
  constructor(
    private readonly lots: LotStore,
    private readonly inBaseCurrency: boolean,
  ) {
    this.anchoredCostBase = inBaseCurrency ? this.anchoredCost : new DecimalSum()
    this.sold = new SoldCostTally(inBaseCurrency)
  }

  get quantity(): Decimal {
    return this.quantitySum.value
  }

  get cost(): Decimal {
    if (!this.headPartlySold) return this.anchoredCost.value
    return this.anchoredCost.value.minus(this.headSoldPart(false))
  }

  get costBase(): Decimal {
    if (this.inBaseCurrency) return this.cost
    if (!this.headPartlySold) return this.anchoredCostBase.value
    return this.anchoredCostBase.value.minus(this.headSoldPart(true))
  }

  soldCost(): SoldCost {
    if (!this.headPartlySold) return this.sold.value()
    const cost = this.headSoldPart(false)
    return this.sold.value({
      cost,
      costBase: this.inBaseCurrency ? cost : this.headSoldPart(true),
    })
  }

  acquire(lot: AcquiredLot): void {
    const lots = this.lots
    const costBase = this.inBaseCurrency ? lot.cost : lot.costBase
    const row = lots.add(lot.acquiredBy, lot.acquiredDay, lot.quantity, lot.cost, costBase)
    if (this.tail < 0) {
      this.head = row
      this.tail = row
      this.tailDay = lot.acquiredDay
    } else if (this.tailDay <= lot.acquiredDay) {
      lots.link(this.tail, row)
      this.tail = row
      this.tailDay = lot.acquiredDay
    } else if (lots.acquiredDayOf(this.head) > lot.acquiredDay) {
      // A transfer may bring lots older than those held: keep the queue in acquisition order. Only
      // the head may be partly sold, so the old head is settled before it stops being one.
      this.anchorHead()
      lots.link(row, this.head)
      this.head = row
      this.forgetHeadCost()
    } else {
      let before = this.head
      while (lots.acquiredDayOf(lots.next(before)) <= lot.acquiredDay) before = lots.next(before)
      lots.link(row, lots.next(before))
      lots.link(before, row)
    }
    this.quantitySum.add(lot.quantity)
    this.anchoredCost.add(lot.cost)
    if (!this.inBaseCurrency) this.anchoredCostBase.add(costBase)
  }

  sell(quantity: Decimal, fxRate: Decimal, withLots: boolean): Disposal | null {
    // The sale's own cost: for its record, or for its currency effect in another currency.
    const costed = withLots || !this.inBaseCurrency
    const lots = this.lots
    // Sales far outnumber positions: the sum of a sale's cost is the position's, cleared for each.
    const cost = this.saleCost
    cost.clear()
    const taken = withLots ? new Taken(cost, this.inBaseCurrency) : null
    let remaining = quantity
    while (!remaining.isZero()) {
      const row = this.headRow()
      const lotQuantity = lots.get(row, LOT_QUANTITY)
      if (lotQuantity.cmp(remaining) <= 0) {
        if (costed) {
          const left = this.currentHeadCost(false)
          cost.add(left)
          taken?.add(this.disposedLot(row, lotQuantity, left, this.currentHeadCost(true)))
        }
        // With what sales took of it before, the lot has sold at its whole anchored cost.
        const anchored = lots.get(row, LOT_COST)
        const anchoredBase = this.inBaseCurrency ? anchored : lots.get(row, LOT_COST_BASE)
        this.sold.add(anchored, anchoredBase)
        this.anchoredCost.subtract(anchored)
        if (!this.inBaseCurrency) this.anchoredCostBase.subtract(anchoredBase)
        this.advanceHead()
        remaining = remaining.minus(lotQuantity)
      } else {
        const before = costed ? this.currentHeadCost(false) : null
        const beforeBase = withLots ? this.currentHeadCost(true) : null
        lots.set(row, LOT_QUANTITY, lotQuantity.minus(remaining))
        this.forgetHeadCost()
        this.headPartlySold = true
        if (before !== null) {
          const part = before.minus(this.currentHeadCost(false))
          cost.add(part)
          if (taken !== null && beforeBase !== null) {
            const partBase = beforeBase.minus(this.currentHeadCost(true))
            taken.add(this.disposedLot(row, remaining, part, partBase))
          }
        }
        remaining = ZERO
      }
    }
    this.quantitySum.subtract(quantity)
    if (!costed) return null
    this.sold.addAtSaleRate(cost.value, fxRate)
    return taken === null ? null : taken.disposal()
  }

  dispose(quantity: Decimal): Disposal {
    // Not a sale: what sales took of the head is settled first, so none of this counts as sold.
    this.anchorHead()
    const lots = this.lots
    const taken = new Taken(new DecimalSum(), this.inBaseCurrency)
    let remaining = quantity
    while (!remaining.isZero()) {
      const row = this.headRow()
      const lotQuantity = lots.get(row, LOT_QUANTITY)
      const lotCost = lots.get(row, LOT_COST)
      const lotCostBase = this.inBaseCurrency ? lotCost : lots.get(row, LOT_COST_BASE)
      let part = lotCost
      let partBase = lotCostBase
      let partQuantity = lotQuantity
      if (lotQuantity.cmp(remaining) <= 0) {
        this.advanceHead()
      } else {
        // Part of the lot leaves; what stays is anchored anew at its own units and cost.
        const left = lotQuantity.minus(remaining)
        const leftCost = scale(lotCost, left, lotQuantity)
        const leftCostBase = this.inBaseCurrency ? leftCost : scale(lotCostBase, left, lotQuantity)
        lots.set(row, LOT_QUANTITY, left)
        lots.set(row, LOT_ANCHOR_QUANTITY, left)
        lots.set(row, LOT_COST, leftCost)
        lots.set(row, LOT_COST_BASE, leftCostBase)
        this.forgetHeadCost()
        part = lotCost.minus(leftCost)
        partBase = this.inBaseCurrency ? part : lotCostBase.minus(leftCostBase)
        partQuantity = remaining
      }
      taken.cost.add(part)
      taken.add(this.disposedLot(row, partQuantity, part, partBase))
      this.anchoredCost.subtract(part)
      if (!this.inBaseCurrency) this.anchoredCostBase.subtract(partBase)
      remaining = remaining.minus(partQuantity)
    }
    this.quantitySum.subtract(quantity)
    return taken.disposal()
  }

  split(newShares: Decimal, oldShares: Decimal): void {
    // Lots keep their dates and cost; only their units change, and each is anchored at its new
    // units, so what sales took before the split is settled first.
    this.anchorHead()
    const quantity = new DecimalSum()
    for (let row = this.head; row >= 0; row = this.lots.next(row)) {
      const units = scale(this.lots.get(row, LOT_QUANTITY), newShares, oldShares)
      this.lots.set(row, LOT_QUANTITY, units)
      this.lots.set(row, LOT_ANCHOR_QUANTITY, units)
      quantity.add(units)
    }
    this.quantitySum.clear()
    this.quantitySum.add(quantity.value)
  }

  /** The oldest open lot's row; callers have checked that the units asked for are held. */
  private headRow(): number {
    if (this.head < 0) throw new Error('FIFO lots hold less than the position quantity')
    return this.head
  }

  /** What sales took of the head since it was last anchored, in one currency. */
  private headSoldPart(base: boolean): Decimal {
    const field = base && !this.inBaseCurrency ? LOT_COST_BASE : LOT_COST
    return this.lots.get(this.head, field).minus(this.currentHeadCost(base))
  }

  /** The head's cost at the units it holds: a division while it is partly sold, then kept. */
  private currentHeadCost(base: boolean): Decimal {
    const inBase = base && !this.inBaseCurrency
    const known = inBase ? this.headCostBase : this.headCost
    if (known !== null) return known
    const lots = this.lots
    const row = this.head
    const anchored = lots.get(row, inBase ? LOT_COST_BASE : LOT_COST)
    const units = lots.get(row, LOT_QUANTITY)
    const anchorUnits = lots.get(row, LOT_ANCHOR_QUANTITY)
    const cost = units.cmp(anchorUnits) === 0 ? anchored : scale(anchored, units, anchorUnits)
    if (inBase) this.headCostBase = cost
    else this.headCost = cost
    return cost
  }

  private forgetHeadCost(): void {
    this.headCost = null
    this.headCostBase = null
  }

  /** Settles what sales took of the head and anchors it at the units and cost it holds now. */
  private anchorHead(): void {
    if (!this.headPartlySold) return
    const lots = this.lots
    const row = this.head
    const part = this.headSoldPart(false)
    const partBase = this.inBaseCurrency ? part : this.headSoldPart(true)
    this.sold.add(part, partBase)
    this.anchoredCost.subtract(part)
    if (!this.inBaseCurrency) this.anchoredCostBase.subtract(partBase)
    const cost = this.currentHeadCost(false)
    lots.set(row, LOT_COST, cost)
    lots.set(row, LOT_COST_BASE, this.inBaseCurrency ? cost : this.currentHeadCost(true))
    lots.set(row, LOT_ANCHOR_QUANTITY, lots.get(row, LOT_QUANTITY))
    this.headPartlySold = false
  }

  /** Moves the head to the next lot, which no sale has touched. */
  private advanceHead(): void {
    this.head = this.lots.next(this.head)
    if (this.head < 0) this.tail = -1
    this.headPartlySold = false
    this.forgetHeadCost()
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
}

/**
 * The cost and the lots units leaving a position take, added up lot by lot. The cost in the
 * instrument's currency is added to `cost` by the caller (a sale that lists no lots may still need
 * it); each listed lot adds its base-currency cost.
 */
class Taken {
  private readonly costBase: DecimalSum
  private readonly lots: DisposedLot[] = []

  constructor(
    readonly cost: DecimalSum,
    private readonly inBaseCurrency: boolean,
  ) {
    this.costBase = inBaseCurrency ? cost : new DecimalSum()
  }

  /** Lists `lot`, adding its base-currency cost. */
  add(lot: DisposedLot): void {
    this.lots.push(lot)
    if (!this.inBaseCurrency) this.costBase.add(lot.costBase)
  }

  disposal(): Disposal {
    return { cost: this.cost.value, costBase: this.costBase.value, lots: this.lots }
  }
}
