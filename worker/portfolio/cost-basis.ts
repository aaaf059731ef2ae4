import { AverageCostBasis } from './cost-basis-average'
import { FifoCostBasis } from './cost-basis-fifo'
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
   * Removes units; the caller has checked that `quantity` does not exceed what is held. `withLots`:
   * whether to list the lots they came from (a sale's record shows them; holdings do not need
   * them, and a FIFO sale that lists none reads no lot but its quantity).
   */
  dispose(quantity: Decimal, withLots: boolean): Disposal
  /** Multiplies units by `newShares / oldShares`; cost is unchanged. */
  split(newShares: Decimal, oldShares: Decimal): void
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
