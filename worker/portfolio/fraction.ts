import type { Decimal } from '../../shared/decimal/decimal'

/**
 * A return or a share as a fraction of one, a float: 0.125 is 12.5 %. Screens multiply by 100
 * when they show a percentage.
 */
export type Fraction = number

/** `part ÷ whole` as a fraction; null without a positive whole, where it has no meaning. */
export function fractionOf(part: Decimal, whole: Decimal): Fraction | null {
  return whole.sign() > 0 ? part.toNumber() / whole.toNumber() : null
}
