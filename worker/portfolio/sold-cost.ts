import { AmountsTally } from './amounts'
import type { SoldCost } from './cost-basis'
import type { Decimal } from './decimal'
import { DecimalSum, ONE, ZERO } from './decimal'

/**
 * Each sale's cost in the instrument's currency at that sale's FX rate, summed: the base-currency
 * side of a realized currency effect (see `currencyEffect`). Both cost-basis methods keep one.
 */
export class CostAtSaleRates {
  private readonly sum = new DecimalSum()

  /** Adds one sale's cost at its FX rate; the shared `ONE` rate (base currency) adds nothing. */
  add(cost: Decimal, fxRate: Decimal): void {
    if (fxRate !== ONE) this.sum.add(cost.times(fxRate))
  }

  get value(): Decimal {
    return this.sum.value
  }
}

/** A running sum of what units sold cost, as the FIFO cost basis keeps it. */
export class SoldCostTally {
  private readonly cost: AmountsTally
  /** Only in another currency than the base. */
  private readonly costAtSaleRates = new CostAtSaleRates()

  /** `inBaseCurrency`: sales carry the shared `ONE` rate and move no exchange rate. */
  constructor(private readonly inBaseCurrency: boolean) {
    this.cost = new AmountsTally(inBaseCurrency)
  }

  /** Adds the cost of units sold, in both currencies. */
  add(cost: Decimal, costBase: Decimal): void {
    this.cost.add(cost, costBase)
  }

  /** Adds one sale's cost in the instrument's currency at its FX rate (`ONE`: nothing to add). */
  addAtSaleRate(cost: Decimal, fxRate: Decimal): void {
    this.costAtSaleRates.add(cost, fxRate)
  }

  /** The sums so far, plus `pending` (what is known to be sold but not added yet), if given. */
  value(pending: { cost: Decimal; costBase: Decimal } | null = null): SoldCost {
    const costAtSaleRates = this.inBaseCurrency ? ZERO : this.costAtSaleRates.value
    if (pending === null) return { cost: this.cost.snapshot(), costAtSaleRates }
    const instrument = this.cost.instrument.plus(pending.cost)
    return {
      cost: {
        instrument,
        base: this.inBaseCurrency ? instrument : this.cost.base.plus(pending.costBase),
      },
      costAtSaleRates,
    }
  }
}
