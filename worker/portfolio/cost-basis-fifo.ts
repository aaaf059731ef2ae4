import { takeFromLot } from './cost-basis'
import type { CostBasis, Lot } from './cost-basis'
import type { Decimal } from '../../shared/decimal/decimal'
import { ZERO } from '../../shared/decimal/decimal'
import { bonusLots } from './bonus-issue'
import { splitLots } from './split'

/**
 * First in, first out, as German tax law requires for securities: each purchase is a lot, kept in
 * acquisition order; a sale takes the oldest lots first, and its proportional share of the cost
 * of a lot it only partly takes.
 */
export class FifoCostBasis implements CostBasis {
  private readonly open: Lot[] = []
  // The sums of the open lots, kept as lots come and go.
  private totals = { quantity: ZERO, cost: ZERO, costBase: ZERO }

  get quantity(): Decimal {
    return this.totals.quantity
  }

  get cost(): Decimal {
    return this.totals.cost
  }

  get costBase(): Decimal {
    return this.totals.costBase
  }

  get lots(): readonly Lot[] {
    return this.open
  }

  acquire(lot: Lot): void {
    // A transfer may bring lots older than those held: the queue stays in acquisition order.
    let at = this.open.length
    while (at > 0 && (this.open[at - 1] as Lot).acquiredDay > lot.acquiredDay) at--
    this.open.splice(at, 0, { ...lot })
    this.count(lot, 1)
  }

  take(quantity: Decimal): Lot[] {
    const taken: Lot[] = []
    let remaining = quantity
    while (remaining.sign() > 0) {
      const oldest = this.open[0]
      if (oldest === undefined) throw new Error('FIFO lots hold less than the position quantity')
      const part = takeFromLot(oldest, remaining)
      if (oldest.quantity.isZero()) this.open.shift()
      this.count(part, -1)
      taken.push(part)
      remaining = remaining.minus(part.quantity)
    }
    return taken
  }

  split(newShares: Decimal, oldShares: Decimal): Lot[] {
    const paidOut = splitLots(this.open, this.quantity, newShares, oldShares)
    this.totals = { quantity: ZERO, cost: ZERO, costBase: ZERO }
    for (const lot of this.open) this.count(lot, 1)
    for (let at = this.open.length - 1; at >= 0; at--) {
      if ((this.open[at] as Lot).quantity.isZero()) this.open.splice(at, 1)
    }
    return paidOut
  }

  addBonusUnits(quantity: Decimal): void {
    bonusLots(this.open, quantity)
    this.totals = { ...this.totals, quantity: this.totals.quantity.plus(quantity) }
  }

  private count(lot: Lot, sign: 1 | -1): void {
    const add = (total: Decimal, value: Decimal) =>
      sign > 0 ? total.plus(value) : total.minus(value)
    const { quantity, cost, costBase } = this.totals
    this.totals = {
      quantity: add(quantity, lot.quantity),
      cost: add(cost, lot.cost),
      costBase: add(costBase, lot.costBase),
    }
  }
}
