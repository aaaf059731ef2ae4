import { AverageCostBasis } from './cost-basis-average'
import { FifoCostBasis } from './cost-basis-fifo'
import type { Amounts } from './amounts'
import type { Decimal } from './decimal'
import type { LotStore } from './lot-store'
import type { CostBasisMethod } from './transactions'

/** Units entering a position and everything they cost (fees and taxes included). */
export interface AcquiredLot {
  /** The BUY or TRANSFER_IN transaction that brought them. */
  acquiredBy: string
  acquiredDay: number
  quantity: Decimal
  /** In the instrument's currency. */
  cost: Decimal
  /** In the base currency, at the purchase FX rate. */
  costBase: Decimal
}

/** Units leaving a position through a sale or a transfer, with the cost they take along. */
export interface DisposedLot {
  /** The acquiring transaction; null for the weighted-average pool, which has no single one. */
  acquiredBy: string | null
  /** For the pool: the quantity-weighted average acquisition day (may be fractional). */
  acquiredDay: number
  quantity: Decimal
  cost: Decimal
  costBase: Decimal
}

export interface Disposal {
  cost: Decimal
  costBase: Decimal
  /**
   * FIFO: the lots or parts of lots consumed, oldest first. Average: one pooled lot. Empty when
   * not asked for.
   */
  lots: DisposedLot[]
}

/** The open units of one instrument and their cost, kept by one cost-basis method. */
export interface CostBasisPosition {
  readonly quantity: Decimal
  readonly cost: Decimal
  readonly costBase: Decimal
  /** Adds the units of `lot` and their cost; `lot` itself is not kept. */
  acquire(lot: AcquiredLot): void
  /**
   * Sells units: their cost counts in {@link soldCost}. The caller has checked that `quantity`
   * does not exceed what is held. `fxRate`: the sale's, the shared `ONE` in the base currency.
   * With `withLots`, returns the cost the units took and the lots they came from (a sale's record
   * shows them); otherwise null, as holdings and totals need only the sums, and working out each
   * sale's cost may be what a sale costs most.
   */
  sell(quantity: Decimal, fxRate: Decimal, withLots: boolean): Disposal | null
  /**
   * Removes units without selling them (a transfer out), returning the cost they take and the lots
   * they came from. The caller has checked that `quantity` does not exceed what is held.
   */
  dispose(quantity: Decimal): Disposal
  /** The cost of every unit sold so far. */
  soldCost(): SoldCost
  /** Multiplies units by `newShares / oldShares`; cost is unchanged. */
  split(newShares: Decimal, oldShares: Decimal): void
}

/** What the units sold so far cost. */
export interface SoldCost {
  cost: Amounts
  /**
   * Base currency: each sale's cost in the instrument's currency at that sale's FX rate, summed
   * (see `currencyEffect`). Zero for an instrument in the base currency.
   */
  costAtSaleRates: Decimal
}

/**
 * A new, empty position kept by the portfolio's cost-basis method. For an instrument in the base
 * currency the base figures are the instrument figures, so they are not computed twice.
 */
export function createCostBasis(
  method: CostBasisMethod,
  inBaseCurrency: boolean,
  lots: LotStore,
): CostBasisPosition {
  return method === 'FIFO'
    ? new FifoCostBasis(lots, inBaseCurrency)
    : new AverageCostBasis(inBaseCurrency)
}
