import { Decimal, ONE } from '../portfolio/decimal'

const NUMBER_TEXT = /^(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d{1,3}))?$/

/** The most integer digits a price may have: the API's decimals take 20. */
const MAX_INTEGER_DIGITS = 20

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
  // times(ONE) rounds a scale beyond 20 places, as the engine does after a multiplication.
  const price = Decimal.of(BigInt(whole + fraction), scale).times(ONE)
  if (price.sign() <= 0) return null
  const plain = price.toString()
  const integerDigits = plain.indexOf('.') < 0 ? plain.length : plain.indexOf('.')
  return integerDigits > MAX_INTEGER_DIGITS ? null : plain
}
