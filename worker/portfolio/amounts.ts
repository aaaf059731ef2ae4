import type { Decimal } from './decimal'
import { DecimalSum } from './decimal'

/**
 * One figure in the instrument's currency and in the portfolio's base currency. Decimals are
 * exact; `JSON.stringify` writes them as exact decimal strings.
 */
export interface Amounts {
  instrument: Decimal
  base: Decimal
}

/** A running sum of {@link Amounts}. */
export class AmountsTally implements Amounts {
  private readonly instrumentSum = new DecimalSum()
  private readonly baseSum: DecimalSum

  /** `inBaseCurrency`: the base sum is the instrument sum, not added up a second time. */
  constructor(private readonly inBaseCurrency: boolean) {
    this.baseSum = inBaseCurrency ? this.instrumentSum : new DecimalSum()
  }

  get instrument(): Decimal {
    return this.instrumentSum.value
  }

  get base(): Decimal {
    return this.baseSum.value
  }

  add(instrument: Decimal, base: Decimal): void {
    this.instrumentSum.add(instrument)
    if (!this.inBaseCurrency) this.baseSum.add(base)
  }

  subtract(instrument: Decimal, base: Decimal): void {
    this.instrumentSum.subtract(instrument)
    if (!this.inBaseCurrency) this.baseSum.subtract(base)
  }

  snapshot(): Amounts {
    return { instrument: this.instrument, base: this.base }
  }
}
