import { Decimal } from '../../shared/decimal/decimal'

const NUMBER_TEXT = /^(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d{1,3}))?$/

/** The most integer digits a price may have, and the decimal places it keeps: the API's 20. */
const MAX_INTEGER_DIGITS = 20
const MAX_DECIMALS = 20

/**
 * A provider's number text (`'0.812882'`, `'185.64'`, `'1.2345e-7'`) as a plain decimal string
 * above zero, rounded half to even to 20 places; null for zero, a negative, non-finite or
 * absurdly large value, or anything that is not a number's text. Never goes through a float.
 *
 * @example quotePrice('1.5e-3') // '0.0015'
 */
export function quotePrice(text: unknown): string | null {
  const match = typeof text === 'string' ? NUMBER_TEXT.exec(text) : null
  if (!match) return null
  const [, whole = '', fraction = '', exponent = '0'] = match
  const scale = fraction.length - Number(exponent)
  // Far beyond 20 places or 20 digits either way: no price (and no huge power of ten to build).
  if (scale > 80 || scale < -MAX_INTEGER_DIGITS) return null
  const price = Decimal.of(BigInt(whole + fraction), scale).round(MAX_DECIMALS)
  if (price.sign() <= 0) return null
  const plain = price.toString()
  const integerDigits = plain.indexOf('.') < 0 ? plain.length : plain.indexOf('.')
  return integerDigits > MAX_INTEGER_DIGITS ? null : plain
}
