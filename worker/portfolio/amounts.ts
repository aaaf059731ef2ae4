import type { Decimal } from '../../shared/decimal/decimal'
import { ZERO } from '../../shared/decimal/decimal'

/** One figure in the instrument's currency and in the portfolio's base currency. */
export interface Amounts {
  instrument: Decimal
  base: Decimal
}

export const NO_AMOUNTS: Amounts = { instrument: ZERO, base: ZERO }

export function addAmounts(sum: Amounts, instrument: Decimal, base: Decimal): Amounts {
  return { instrument: sum.instrument.plus(instrument), base: sum.base.plus(base) }
}
