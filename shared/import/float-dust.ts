/**
 * A decimal written by a program that computes in binary floating point (`0.30000000000000004`,
 * `0.3333333333333333`): a double holds 15 significant decimal digits faithfully, so the digits
 * past them are the float's noise, and three thirds of a share added that way never make one.
 */
const FAITHFUL_DIGITS = 15
/** The most digits a double is ever printed with (shortest round trip, or `%.17g`). */
const PRINTED_DIGITS = 17

function significantDigits(unsigned: string): string {
  return unsigned.replace('.', '').replace(/^0+/, '').replace(/0+$/, '')
}

/**
 * The decimal a printed float stands for, rounded to the 15 digits it holds: null when `value`
 * (canonical, `.` decimals, optional `-`) has 15 significant digits or fewer, or more than a
 * float is ever printed with (an exact decimal of 18 digits from a program that keeps decimals).
 * @example snapFloatDust('0.30000000000000004') // '0.3'
 * @example snapFloatDust('0.3333333333333333') // '0.333333333333333'
 */
export function snapFloatDust(value: string): string | null {
  const negative = value.startsWith('-')
  const unsigned = negative ? value.slice(1) : value
  const [whole = '', fraction = ''] = unsigned.split('.')
  const count = significantDigits(unsigned).length
  // Whole numbers are left alone: a float's noise shows past the point.
  if (fraction === '' || count <= FAITHFUL_DIGITS || count > PRINTED_DIGITS) return null
  const digits = `${whole}${fraction}`
  const lead = digits.length - digits.replace(/^0+/, '').length
  const keep = lead + FAITHFUL_DIGITS
  let units = BigInt(digits.slice(0, keep))
  if (Number(digits[keep]) >= 5) units += 1n
  // Units of 10^-(places kept after the point); rounding up may add a digit in front.
  const places = keep - whole.length
  const text = units.toString().padStart(places + 1, '0')
  const snapped =
    `${text.slice(0, text.length - places)}.${text.slice(text.length - places)}`.replace(
      /\.?0+$/,
      '',
    )
  return `${negative && /[1-9]/.test(snapped) ? '-' : ''}${snapped}`
}
