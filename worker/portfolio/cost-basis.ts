import { AverageCostBasis } from './cost-basis-average'
import { FifoCostBasis } from './cost-basis-fifo'
import type { Decimal } from '../../shared/decimal/decimal'
import type { CostBasisMethod } from './transactions'

/**
 * Units entering or leaving a position, with everything they cost (fees and taxes included): in
 * the instrument's currency, and in the base currency at the purchase FX rate.
 */
export interface Lot {
  /** The BUY, RIGHTS_ISSUE or TRANSFER_IN that brought them; null for the weighted-average pool. */
  acquiredBy: string | null
  /** For the pool: the quantity-weighted average acquisition day (may be fractional). */
  acquiredDay: number
  quantity: Decimal
  cost: Decimal
  costBase: Decimal
}

/** The open units of one instrument and their cost, kept by one cost-basis method. */
export interface CostBasis {
  readonly quantity: Decimal
  readonly cost: Decimal
  readonly costBase: Decimal
  /** Its open lots, oldest first (the average method's one pool). */
  readonly lots: readonly Lot[]
  /** Adds units and their cost. */
  acquire(lot: Lot): void
  /**
   * Removes units (a sale or a transfer out) and returns the lots or parts of lots they came
   * from, with their cost. The caller has checked that `quantity` does not exceed what is held.
   */
  take(quantity: Decimal): Lot[]
  /**
   * Multiplies units by `newShares / oldShares`; cost is unchanged. Returns the fractional units
   * paid out in cash, with their cost (see `splitLots`).
   */
  split(newShares: Decimal, oldShares: Decimal): Lot[]
  /**
   * Adds units at no cost, spread over the open lots by their units, each keeping its cost and
   * date (a bonus issue, see `bonusLots`). The caller has checked that units are held.
   */
  addBonusUnits(quantity: Decimal): void
}

/**
 * The part of `lot` that `quantity` of its units take, by the proportional rule every method uses:
 * `cost × quantity / units`, rounded once to the engine's places. What is left keeps exactly the
 * rest, so the parts of a lot always add up to its cost.
 */
export function takeFromLot(lot: Lot, quantity: Decimal): Lot {
  const whole = quantity.cmp(lot.quantity) >= 0
  const part: Lot = {
    acquiredBy: lot.acquiredBy,
    acquiredDay: lot.acquiredDay,
    quantity: whole ? lot.quantity : quantity,
    cost: whole ? lot.cost : lot.cost.share(quantity, lot.quantity),
    costBase: whole ? lot.costBase : lot.costBase.share(quantity, lot.quantity),
  }
  lot.quantity = lot.quantity.minus(part.quantity)
  lot.cost = lot.cost.minus(part.cost)
  lot.costBase = lot.costBase.minus(part.costBase)
  return part
}

/** A new, empty position kept by the portfolio's cost-basis method. */
export function createCostBasis(method: CostBasisMethod): CostBasis {
  return method === 'FIFO' ? new FifoCostBasis() : new AverageCostBasis()
}
