import { parseDecimal } from '../../portfolio'

/**
 * Whether a row's price can be the instrument's on its day: more than five times off the known
 * close, it is most likely a number read the wrong way (a thousands separator taken for a
 * decimal one, pence for pounds), and the row waits for the user to fix or confirm it.
 */

/** How far a price may stray from the day's close before the row is asked about. */
const FACTOR = 5

/** A ratio this close to a power of ten (within ×1.5) is taken as one. */
const NEAR_POWER = Math.log10(1.5)

/** What most likely made the price so far off. */
export type LikelyCause = 'thousands' | 'minor_unit' | 'power_of_ten' | 'other'

/**
 * Null when `price` is within a factor of five of `close`; else the likely cause, from how far
 * off it is: a thousandfold (`10.741` units read as 10,741), a hundredfold (pence and pounds),
 * another power of ten (a misplaced decimal point), or none of these.
 * @example implausible('0.14', '140.2') // 'thousands'
 */
export function implausible(price: string, close: string): LikelyCause | null {
  const priced = parseDecimal(price)
  const closed = parseDecimal(close)
  if (priced === null || closed === null || priced.isZero() || closed.isZero()) return null
  // A judgement, not money: a float's ratio is precise enough to place it between powers of ten.
  const ratio = priced.div(closed).toNumber()
  if (ratio <= FACTOR && ratio >= 1 / FACTOR) return null
  const exponent = Math.log10(ratio)
  const power = Math.round(exponent)
  if (Math.abs(exponent - power) > NEAR_POWER) return 'other'
  if (Math.abs(power) === 3) return 'thousands'
  if (Math.abs(power) === 2) return 'minor_unit'
  return 'power_of_ten'
}
