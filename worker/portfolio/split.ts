import type { Lot } from './cost-basis'
import { takeFromLot } from './cost-basis'
import type { Decimal } from './decimal'
import { sum } from './decimal'

/**
 * Applies a split to `lots` (which hold `held` units): each lot's units are multiplied by
 * `newShares / oldShares` and keep their cost and acquisition day. A position of whole units stays
 * one of whole units, as brokers keep it: the fraction of a unit the split leaves is paid out in
 * cash (cash in lieu), taken from the newest lots with its proportional cost, and returned so the
 * caller can book it as a sale. Positions already holding fractions (funds, crypto) keep every
 * unit, to the engine's places.
 *
 * @example 10 units, 1-for-3: 3 units stay, ⅓ of a unit is paid out with ⅒ of the cost.
 */
export function splitLots(
  lots: Lot[],
  held: Decimal,
  newShares: Decimal,
  oldShares: Decimal,
): Lot[] {
  for (const lot of lots) lot.quantity = lot.quantity.share(newShares, oldShares)
  if (!held.isWhole()) return []
  const kept = held.share(newShares, oldShares).floor()
  let excess = sum(lots.map((lot) => lot.quantity)).minus(kept)
  const paidOut: Lot[] = []
  for (let at = lots.length - 1; at >= 0 && excess.sign() > 0; at--) {
    const part = takeFromLot(lots[at] as Lot, excess)
    excess = excess.minus(part.quantity)
    paidOut.unshift(part)
  }
  return paidOut
}
