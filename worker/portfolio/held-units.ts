import type { Decimal } from './decimal'
import { DecimalSum } from './decimal'

/**
 * The units a position holds and what they cost, in the instrument's and the base currency, as
 * running sums changed in place: purchases add to them far more often than they are read. The
 * base of both cost-basis methods.
 */
export class HeldUnits {
  private readonly quantitySum = new DecimalSum()
  private readonly costSum = new DecimalSum()
  private readonly costBaseSum: DecimalSum

  /** `inBaseCurrency`: `costBase` is `cost` itself, not added up a second time. */
  constructor(protected readonly inBaseCurrency: boolean) {
    this.costBaseSum = inBaseCurrency ? this.costSum : new DecimalSum()
  }

  get quantity(): Decimal {
    return this.quantitySum.value
  }

  get cost(): Decimal {
    return this.costSum.value
  }

  get costBase(): Decimal {
    return this.costBaseSum.value
  }

  /** The quantity as a float, without building a Decimal. */
  protected quantityAsNumber(): number {
    return this.quantitySum.toNumber()
  }

  protected addHeld(quantity: Decimal, cost: Decimal, costBase: Decimal): void {
    this.quantitySum.add(quantity)
    this.costSum.add(cost)
    if (!this.inBaseCurrency) this.costBaseSum.add(costBase)
  }

  protected removeHeld(quantity: Decimal, cost: Decimal, costBase: Decimal): void {
    this.quantitySum.subtract(quantity)
    this.costSum.subtract(cost)
    if (!this.inBaseCurrency) this.costBaseSum.subtract(costBase)
  }

  protected clearHeld(): void {
    this.quantitySum.clear()
    this.costSum.clear()
    this.costBaseSum.clear()
  }

  /** After a split: the same cost, `quantity` units. */
  protected setQuantity(quantity: Decimal): void {
    this.quantitySum.clear()
    this.quantitySum.add(quantity)
  }
}
