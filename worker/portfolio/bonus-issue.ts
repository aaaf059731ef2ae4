import type { Lot } from './cost-basis'
import type { Decimal } from '../../shared/decimal/decimal'
import { sum } from '../../shared/decimal/decimal'

/**
 * Adds `added` units at no cost to `lots` (a bonus issue): each lot gets its share by its units,
 * rounded once to the engine's places, and the newest lot the rest, so the lots hold exactly
 * `added` more. Every lot keeps its cost and acquisition day: the new units belong to the units
 * they were issued on (KapErhStG § 3; docs/portfolio-math.md). `lots` must hold units.
 *
 * @example lots of 60 and 40 units, 100 added: 120 and 80, their costs unchanged.
 */
export function bonusLots(lots: readonly Lot[], added: Decimal): void {
  const held = sum(lots.map((lot) => lot.quantity))
  const shares = lots.map((lot) => added.share(lot.quantity, held))
  shares[shares.length - 1] = added.minus(sum(shares.slice(0, -1)))
  lots.forEach((lot, at) => {
    lot.quantity = lot.quantity.plus(shares[at] as Decimal)
  })
}
