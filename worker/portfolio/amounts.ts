import type { Decimal } from './decimal'
import { ZERO } from './decimal'

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
  instrument: Decimal = ZERO
  base: Decimal = ZERO

  /** `inBaseCurrency`: the base sum is the instrument sum, not added up a second time. */
  constructor(private readonly inBaseCurrency: boolean) {}

  add(instrument: Decimal, base: Decimal): void {
    this.instrument = this.instrument.plus(instrument)
    this.base = this.inBaseCurrency ? this.instrument : this.base.plus(base)
  }

  snapshot(): Amounts {
    return { instrument: this.instrument, base: this.base }
  }
}
