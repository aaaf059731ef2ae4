import type { DisposedLot, Disposal } from './cost-basis'
import type { Decimal } from './decimal'
import { ONE, ZERO, divide, toBase } from './decimal'
import { formatIsoDate } from './iso-date'
import { DecimalColumn, NumberColumn } from './columns'
import { averageHoldingPeriod, lotRecord, saleGain } from './realized-gains'
import type { RealizedSale } from './realized-gains'

/**
 * A report's sales, in the order they happened. Each detailed {@link RealizedSale} is built when
 * asked for (a new object on every call); `JSON.stringify` writes them all as an array.
 *
 * @example
 * for (const sale of report.sales) console.log(sale.transactionId, sale.gain.base.toString())
 * report.sales.at(0).lots[0]?.acquiredDate // '2024-01-02'
 */
export interface RealizedSales extends Iterable<RealizedSale> {
  readonly length: number
  /** The sale at `index`, 0 ≤ `index` < `length`; RangeError otherwise. */
  at(index: number): RealizedSale
  /** Every sale, as `JSON.stringify` writes them. */
  toJSON(): RealizedSale[]
}

/** The fields of a SELL that its record repeats. */
interface SaleTransaction {
  id: string
  instrumentCode: string
  day: number
  /** The shared `ONE` in the base currency. */
  fxRate: Decimal
}

/**
 * Sales kept as columns of plain numbers rather than as objects: a large history holds tens of
 * thousands of sales and more lots, and as objects (with a `Decimal` per figure) they were the
 * main cost of garbage collection while the ledger ran. The lots of all sales share one set of
 * columns; sale `i` owns the rows from `lotEnds[i − 1]` (0 for the first) to `lotEnds[i]`.
 *
 * Only what cannot be derived is kept; the rest is computed again when read, by the same
 * arithmetic, so it is the same value: the quantity and cost of a sale are the sums of its lots'
 * (the FIFO queue and the pool hand out exactly the units and cost they take), its proceeds in the
 * base currency are its proceeds at its FX rate, and its gain is proceeds − cost. Each column
 * pushed costs time on every sale, and a gain on a cost divided to 20 places is a BigInt, which
 * costs the collector a copy while it is kept.
 */
export class SaleLog implements RealizedSales {
  private readonly ids: string[] = []
  private readonly instrumentCodes: string[] = []
  /** Trade days; the date is written from the day when read, as it was valid text for it. */
  private readonly days = new NumberColumn()
  /** In the instrument's currency. */
  private readonly proceeds = new DecimalColumn()
  /** Null in the base currency, whose rate is the shared `ONE`. */
  private readonly fxRates = new DecimalColumn()
  /** Average method: the pool before the sale, to divide when read. FIFO: nulls. */
  private readonly poolCosts = new DecimalColumn()
  private readonly poolQuantities = new DecimalColumn()
  private readonly lotEnds = new NumberColumn()
  private readonly lotAcquiredBy: (string | null)[] = []
  private readonly lotAcquiredDays = new NumberColumn()
  private readonly lotQuantities = new DecimalColumn()
  private readonly lotCosts = new DecimalColumn()
  private readonly lotCostsBase = new DecimalColumn()

  get length(): number {
    return this.ids.length
  }

  /**
   * Appends a sale: what it received, the units it disposed of and, under the average method,
   * the cost and quantity of the pool it took them from (nulls under FIFO).
   */
  record(
    sale: SaleTransaction,
    proceeds: Decimal,
    disposal: Disposal,
    poolCost: Decimal | null,
    poolQuantity: Decimal | null,
  ): void {
    this.ids.push(sale.id)
    this.instrumentCodes.push(sale.instrumentCode)
    this.days.push(sale.day)
    this.proceeds.push(proceeds)
    this.fxRates.push(sale.fxRate === ONE ? null : sale.fxRate)
    this.poolCosts.push(poolCost)
    this.poolQuantities.push(poolQuantity)
    for (const lot of disposal.lots) {
      this.lotAcquiredBy.push(lot.acquiredBy)
      this.lotAcquiredDays.push(lot.acquiredDay)
      this.lotQuantities.push(lot.quantity)
      this.lotCosts.push(lot.cost)
      this.lotCostsBase.push(lot.costBase)
    }
    this.lotEnds.push(this.lotAcquiredBy.length)
  }

  at(index: number): RealizedSale {
    if (!Number.isInteger(index) || index < 0 || index >= this.length) {
      throw new RangeError(`No sale ${index}: there are ${this.length}`)
    }
    const day = this.days.at(index)
    const lots = this.lotsOf(index)
    let quantity = ZERO
    let cost = ZERO
    let costBase = ZERO
    for (const lot of lots) {
      quantity = quantity.plus(lot.quantity)
      cost = cost.plus(lot.cost)
      costBase = costBase.plus(lot.costBase)
    }
    const fxRate = this.fxRates.at(index) ?? ONE
    const proceedsInstrument = this.proceeds.valueAt(index)
    const proceeds = { instrument: proceedsInstrument, base: toBase(proceedsInstrument, fxRate) }
    const poolCost = this.poolCosts.at(index)
    const { gain, currencyEffect } = saleGain(proceeds, { cost, costBase }, fxRate)
    return {
      transactionId: this.ids[index] ?? '',
      instrumentCode: this.instrumentCodes[index] ?? '',
      date: formatIsoDate(day),
      quantity,
      proceeds,
      cost: { instrument: cost, base: costBase },
      gain,
      currencyEffect,
      averageCost: poolCost === null ? null : divide(poolCost, this.poolQuantities.valueAt(index)),
      lots: lots.map((lot) => lotRecord(lot, day)),
      holdingPeriodDays: averageHoldingPeriod(lots, day),
    }
  }

  *[Symbol.iterator](): Iterator<RealizedSale> {
    for (let index = 0; index < this.length; index++) yield this.at(index)
  }

  toJSON(): RealizedSale[] {
    return Array.from(this)
  }

  private lotsOf(index: number): DisposedLot[] {
    const lots: DisposedLot[] = []
    const end = this.lotEnds.at(index)
    for (let row = index === 0 ? 0 : this.lotEnds.at(index - 1); row < end; row++) {
      lots.push({
        acquiredBy: this.lotAcquiredBy[row] ?? null,
        acquiredDay: this.lotAcquiredDays.at(row),
        quantity: this.lotQuantities.valueAt(row),
        cost: this.lotCosts.valueAt(row),
        costBase: this.lotCostsBase.valueAt(row),
      })
    }
    return lots
  }
}
