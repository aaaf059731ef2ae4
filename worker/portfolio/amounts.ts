import type { Big } from 'big.js'
import { ZERO } from './decimal'

/**
 * One figure in the instrument's currency and in the portfolio's base currency. Decimals are
 * big.js values; `JSON.stringify` writes them as exact decimal strings.
 */
export interface Amounts {
  instrument: Big
  base: Big
}

/** A running sum of {@link Amounts}. */
export class AmountsTally implements Amounts {
  instrument: Big = ZERO
  base: Big = ZERO

  /** `inBaseCurrency`: the base sum is the instrument sum, not added up a second time. */
  constructor(private readonly inBaseCurrency: boolean) {}

  add(instrument: Big, base: Big): void {
    if (instrument !== ZERO) this.instrument = this.instrument.plus(instrument)
    if (this.inBaseCurrency) this.base = this.instrument
    else if (base !== ZERO) this.base = this.base.plus(base)
  }

  snapshot(): Amounts {
    return { instrument: this.instrument, base: this.base }
  }
}
