import type { Lot } from './cost-basis'
import { takeFromLot } from './cost-basis'
import type { Decimal } from '../../shared/decimal/decimal'
import { sum, ZERO } from '../../shared/decimal/decimal'

/**
 * Applies a split to `lots` (which hold `held` units): each lot's units are multiplied by
 * `newShares / oldShares` and keep their cost and acquisition day. A position of whole units stays
 * one of whole units, as brokers keep it: the fraction of a unit the split would leave is paid
 * out in cash (cash in lieu). It is taken from the newest lots, in units before the split, with
 * its proportional cost, and returned so the caller books it as a sale. Positions already holding
 * fractions (funds, crypto) keep every unit, to the engine's places.
 *
 * @example 10 units for 700, 1-for-3: 3 units stay at 630; ⅓ of a unit leaves with 70.
 */
export function splitLots(
  lots: Lot[],
  held: Decimal,
  newShares: Decimal,
  oldShares: Decimal,
): Lot[] {
  const kept = held.isWhole() ? held.share(newShares, oldShares).floor() : null
  const paidOut: Lot[] = []
  if (kept !== null) {
    let excess = held.minus(kept.share(oldShares, newShares))
    for (let at = lots.length - 1; at >= 0 && excess.sign() > 0; at--) {
      const part = takeFromLot(lots[at] as Lot, excess)
      excess = excess.minus(part.quantity)
      paidOut.unshift(part)
    }
  }
  for (const lot of [...lots, ...paidOut]) lot.quantity = lot.quantity.share(newShares, oldShares)
  const newest = lots.findLast((lot) => !lot.quantity.isZero())
  // A ratio that does not divide evenly leaves a rounding residue: the newest lot absorbs it.
  if (kept !== null && newest !== undefined) {
    newest.quantity = newest.quantity.plus(kept.minus(sum(lots.map((lot) => lot.quantity))))
    keepCostOfEmptiedLots(lots)
  }
  return paidOut
}

/**
 * A lot the residue emptied (it held only the last digits of a unit) hands its cost to the next
 * older lot that holds units, so dropping empty lots never loses cost.
 */
function keepCostOfEmptiedLots(lots: Lot[]): void {
  for (let at = lots.length - 1; at > 0; at--) {
    const emptied = lots[at] as Lot
    if (!emptied.quantity.isZero() || (emptied.cost.isZero() && emptied.costBase.isZero())) {
      continue
    }
    const older = lots.slice(0, at).findLast((lot) => !lot.quantity.isZero())
    if (!older) return
    older.cost = older.cost.plus(emptied.cost)
    older.costBase = older.costBase.plus(emptied.costBase)
    emptied.cost = ZERO
    emptied.costBase = ZERO
  }
}
