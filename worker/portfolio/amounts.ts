import type { Big } from 'big.js'
import { toBig } from './big-output'
import type { Decimal } from './decimal'
import { ZERO } from './decimal'

/**
 * One figure in the instrument's currency and in the portfolio's base currency. Decimals are
 * big.js values; `JSON.stringify` writes them as exact decimal strings.
 */
export interface Amounts {
  instrument: Big
  base: Big
}

/** {@link Amounts} inside the engine, on its own exact decimals. */
export interface ExactAmounts {
  instrument: Decimal
  base: Decimal
}

/** The big.js form of an amount pair; one conversion when both figures are the same value. */
export function toAmounts(instrument: Decimal, base: Decimal): Amounts {
  const instrumentBig = toBig(instrument)
  return { instrument: instrumentBig, base: base === instrument ? instrumentBig : toBig(base) }
}

/** A running sum of amounts in both currencies. */
export class AmountsTally implements ExactAmounts {
  instrument: Decimal = ZERO
  base: Decimal = ZERO

  /** `inBaseCurrency`: the base sum is the instrument sum, not added up a second time. */
  constructor(private readonly inBaseCurrency: boolean) {}

  add(instrument: Decimal, base: Decimal): void {
    this.instrument = this.instrument.plus(instrument)
    this.base = this.inBaseCurrency ? this.instrument : this.base.plus(base)
  }

  snapshot(): Amounts {
    return toAmounts(this.instrument, this.base)
  }
}
