import Big from 'big.js'
import type { Decimal } from './decimal'
import { DIVISION_DECIMAL_PLACES } from './decimal'

/**
 * The big.js constructor the engine's results are made with, so its settings never touch another
 * module's `Big`. Plain notation at every magnitude makes `JSON.stringify` write exact decimal
 * strings (`"0.00000001"`, never `"1e-8"`); division settings match the engine's own division,
 * should a caller divide further.
 */
export const BigDecimal = Big()
BigDecimal.DP = DIVISION_DECIMAL_PLACES
BigDecimal.RM = Big.roundHalfEven
BigDecimal.NE = -1e6
BigDecimal.PE = 1e6

const prototype: object = BigDecimal.prototype

/**
 * The big.js value of an engine decimal. Results leave the engine as big.js values; tens of
 * thousands of sales each carry a dozen, so this builds the value from its digits (big.js's
 * documented `c`, `e` and `s` fields, plus the `constructor` every big.js value carries) instead
 * of parsing a string, which took several times as long.
 */
export function toBig(value: Decimal): Big {
  const big = Object.create(prototype) as Big & { constructor: typeof BigDecimal }
  const negative = value.units < 0n
  const digits = (negative ? -value.units : value.units).toString()
  let end = digits.length
  while (end > 1 && digits.charCodeAt(end - 1) === 48) end--
  const coefficient: number[] = new Array<number>(end)
  for (let index = 0; index < end; index++) coefficient[index] = digits.charCodeAt(index) - 48
  big.s = negative ? -1 : 1
  // For zero, big.js keeps exponent 0 whatever the scale.
  big.e = value.units === 0n ? 0 : digits.length - 1 - value.scale
  big.c = coefficient
  big.constructor = BigDecimal
  return big
}
