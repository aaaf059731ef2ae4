import type { Amounts } from './amounts'
import { addAmounts } from './amounts'
import type { Lot } from './cost-basis'
import type { Decimal } from '../../shared/decimal/decimal'
import { ZERO, sum } from '../../shared/decimal/decimal'
import { formatIsoDate } from './iso-date'

/** Units of one lot, with where they came from: units that left a position, or units still held. */
export interface LotRecord {
  /** The BUY, RIGHTS_ISSUE or TRANSFER_IN that acquired them; null for the weighted-average pool. */
  acquiredBy: string | null
  /** For the pool: the quantity-weighted average acquisition date. */
  acquiredDate: string
  quantity: Decimal
  cost: Amounts
  /** Whole days from acquisition to when the units left (or, still held, to the report date). */
  holdingPeriodDays: number
}

/** One sale (or cash in lieu of fractional units after a split) and the gain it realized. */
export interface RealizedSale {
  /** The SELL, or the SPLIT that paid cash in lieu. */
  transactionId: string
  instrumentCode: string
  date: string
  quantity: Decimal
  /** Quantity × price − fee − tax (for cash in lieu: the cash). */
  proceeds: Amounts
  /** Tax withheld on the sale (none on cash in lieu). */
  tax: Amounts
  /** Cost of the units sold, by the portfolio's method. */
  cost: Amounts
  /** Proceeds − cost: after the tax withheld. */
  gain: Amounts
  /** Proceeds + tax − cost: what a broker's statement and a tax return show. */
  gainBeforeTax: Amounts
  /** Base currency: the part of `gain.base` that came from the exchange rate. */
  currencyEffect: Decimal
  /** Base currency: the rest of `gain.base`, from the price. */
  priceEffect: Decimal
  /** The sale's FX rate (base per unit of the instrument's currency); null in the base currency. */
  fxRate: Decimal | null
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

/** The record of a lot's units on `day`: when they left the position, or the report date. */
export function lotRecord(lot: Lot, day: number): LotRecord {
  return {
    acquiredBy: lot.acquiredBy,
    acquiredDate: formatIsoDate(Math.round(lot.acquiredDay)),
    quantity: lot.quantity,
    cost: { instrument: lot.cost, base: lot.costBase },
    holdingPeriodDays: Math.round(day - lot.acquiredDay),
  }
}

/** The quantity-weighted holding period of `lots` left on `day`, in whole days. */
function averageHoldingPeriod(lots: readonly Lot[], day: number): number {
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
 * Currency effect in the base currency: cost in the instrument's currency × (FX now − the
 * cost-weighted FX at purchase) = cost × FX now − cost in base. `fxRate` is null for an
 * instrument in the base currency, where no exchange rate moves.
 */
export function currencyEffect(cost: Decimal, costBase: Decimal, fxRate: Decimal | null): Decimal {
  return fxRate === null ? ZERO : cost.times(fxRate).minus(costBase)
}

/**
 * What a sale of `lots` for `proceeds` (after `tax` withheld) realized. `fxRate`: the sale's, null
 * in the base currency.
 */
export function realizedSale(
  sale: { id: string; instrumentCode: string; date: string; day: number },
  { proceeds, tax }: { proceeds: Amounts; tax: Amounts },
  lots: readonly Lot[],
  fxRate: Decimal | null,
  averageCost: Decimal | null,
): RealizedSale {
  const cost = {
    instrument: sum(lots.map((lot) => lot.cost)),
    base: sum(lots.map((lot) => lot.costBase)),
  }
  const gain = {
    instrument: proceeds.instrument.minus(cost.instrument),
    base: proceeds.base.minus(cost.base),
  }
  const effect = currencyEffect(cost.instrument, cost.base, fxRate)
  return {
    transactionId: sale.id,
    instrumentCode: sale.instrumentCode,
    date: sale.date,
    quantity: sum(lots.map((lot) => lot.quantity)),
    proceeds,
    tax,
    cost,
    gain,
    gainBeforeTax: addAmounts(gain, tax.instrument, tax.base),
    currencyEffect: effect,
    priceEffect: gain.base.minus(effect),
    fxRate,
    averageCost,
    lots: lots.map((lot) => lotRecord(lot, sale.day)),
    holdingPeriodDays: averageHoldingPeriod(lots, sale.day),
  }
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
    unitPrice: lot.cost.instrument.div(lot.quantity).toString(),
    acquiredDate: lot.acquiredDate,
    acquisitionFxRate: lot.cost.base.div(lot.cost.instrument).toString(),
  }
}
