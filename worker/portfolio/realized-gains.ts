import { AmountsTally } from './amounts'
import type { Amounts } from './amounts'
import type { CostBasisPosition, DisposedLot, Disposal } from './cost-basis'
import type { Decimal } from './decimal'
import { ONE, ZERO, divide } from './decimal'
import { formatIsoDate } from './iso-date'

/** Units that left a position, with where they came from. */
export interface LotRecord {
  /** The BUY or TRANSFER_IN that acquired them; null for the weighted-average pool. */
  acquiredBy: string | null
  /** For the pool: the quantity-weighted average acquisition date. */
  acquiredDate: string
  quantity: Decimal
  cost: Amounts
  holdingPeriodDays: number
}

/** One sale and the gain it realized. */
export interface RealizedSale {
  transactionId: string
  instrumentCode: string
  date: string
  quantity: Decimal
  /** Quantity × price − fee − tax. */
  proceeds: Amounts
  /** Cost of the units sold, by the portfolio's method. */
  cost: Amounts
  gain: Amounts
  /** The part of `gain.base` that came from the exchange rate (see docs/portfolio-math.md). */
  currencyEffect: Decimal
  /** Weighted average method: the average cost per unit applied. FIFO: null. */
  averageCost: Decimal | null
  /** FIFO: the lots consumed, oldest first. Average: the one pool. */
  lots: LotRecord[]
  /** Quantity-weighted, in whole days. */
  holdingPeriodDays: number
}

/** Units transferred out, with the cost basis the receiving portfolio should carry. */
export interface TransferOut {
  transactionId: string
  instrumentCode: string
  currency: string
  date: string
  quantity: Decimal
  cost: Amounts
  lots: LotRecord[]
}

/** The record of units that left a position on `day`. */
export function lotRecord(lot: DisposedLot, day: number): LotRecord {
  return {
    acquiredBy: lot.acquiredBy,
    acquiredDate: formatIsoDate(Math.round(lot.acquiredDay)),
    quantity: lot.quantity,
    cost: { instrument: lot.cost, base: lot.costBase },
    holdingPeriodDays: Math.round(day - lot.acquiredDay),
  }
}

/** The quantity-weighted holding period of the lots a sale on `day` consumed, in whole days. */
export function averageHoldingPeriod(lots: readonly DisposedLot[], day: number): number {
  let weightedDays = 0
  let quantity = 0
  for (const lot of lots) {
    const units = lot.quantity.toNumber()
    weightedDays += units * (day - lot.acquiredDay)
    quantity += units
  }
  return quantity > 0 ? Math.round(weightedDays / quantity) : 0
}

/**
 * What a sale realized: proceeds − cost in both currencies, and the part of the base-currency
 * gain that came from the exchange rate at the sale's `fxRate`.
 */
export function saleGain(
  proceeds: Amounts,
  disposal: Pick<Disposal, 'cost' | 'costBase'>,
  fxRate: Decimal,
): { gain: Amounts; currencyEffect: Decimal } {
  const gain = proceeds.instrument.minus(disposal.cost)
  return {
    gain: {
      instrument: gain,
      base: fxRate === ONE ? gain : proceeds.base.minus(disposal.costBase),
    },
    currencyEffect: currencyEffect(disposal.cost, disposal.costBase, fxRate),
  }
}

/**
 * The realized gain of one position so far: the sales' proceeds, less what the units they took
 * cost, which the position's cost basis keeps (see {@link CostBasisPosition.soldCost}). Sums of
 * proceeds and of costs rather than of gains: the sums are exact, so Σ proceeds − Σ costs is
 * exactly the sum of the gains, and a sale needs no gain of its own worked out.
 */
export class RealizedTally {
  private readonly proceeds: AmountsTally

  /** `inBaseCurrency`: sales carry the shared `ONE` rate and move no exchange rate. */
  constructor(
    private readonly inBaseCurrency: boolean,
    private readonly basis: CostBasisPosition,
  ) {
    this.proceeds = new AmountsTally(inBaseCurrency)
  }

  /** Adds a sale's proceeds in both currencies. */
  add(proceeds: Decimal, proceedsBase: Decimal): void {
    this.proceeds.add(proceeds, proceedsBase)
  }

  /**
   * Σ (proceeds − cost) of the sales so far, and the sum of their currency effects (see
   * {@link currencyEffect}) in the base currency. One call reads the cost basis's sums once.
   */
  figures(): { gain: Amounts; currencyEffect: Decimal } {
    const sold = this.basis.soldCost()
    const instrument = this.proceeds.instrument.minus(sold.cost.instrument)
    if (this.inBaseCurrency) return { gain: { instrument, base: instrument }, currencyEffect: ZERO }
    return {
      gain: { instrument, base: this.proceeds.base.minus(sold.cost.base) },
      currencyEffect: sold.costAtSaleRates.minus(sold.cost.base),
    }
  }
}

/** The record of a transfer out. */
export function transferOut(
  transfer: {
    id: string
    instrumentCode: string
    currency: string
    date: string
    day: number
    quantity: Decimal
  },
  disposal: Disposal,
): TransferOut {
  return {
    transactionId: transfer.id,
    instrumentCode: transfer.instrumentCode,
    currency: transfer.currency,
    date: transfer.date,
    quantity: transfer.quantity,
    cost: { instrument: disposal.cost, base: disposal.costBase },
    lots: disposal.lots.map((lot) => lotRecord(lot, transfer.day)),
  }
}

/**
 * Currency effect in the base currency: cost in the instrument's currency × (FX now − the
 * cost-weighted FX at purchase) = cost × FX now − cost in base.
 */
export function currencyEffect(cost: Decimal, costBase: Decimal, fxRate: Decimal): Decimal {
  // The shared ONE rate marks the base currency, where there is no exchange rate to move.
  return fxRate === ONE ? ZERO : cost.times(fxRate).minus(costBase)
}

/**
 * The TRANSFER_IN fields that carry a transferred lot's cost basis into another portfolio:
 * the cost per unit, the purchase FX rate (base per unit of the instrument's currency; when the
 * other portfolio has another base currency, convert it) and the acquisition date.
 *
 * @example transferInDetails(transfer.lots[0]) // { quantity: '10', unitPrice: '100.5', ... }
 */
export function transferInDetails(lot: LotRecord): {
  quantity: string
  unitPrice: string
  acquiredDate: string
  acquisitionFxRate: string
} {
  return {
    quantity: lot.quantity.toString(),
    unitPrice: divide(lot.cost.instrument, lot.quantity).toString(),
    acquiredDate: lot.acquiredDate,
    acquisitionFxRate: divide(lot.cost.base, lot.cost.instrument).toString(),
  }
}
