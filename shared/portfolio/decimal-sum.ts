/**
 * Exact sums, comparisons and quotients of decimal strings (`"1234.5"`), through integers scaled
 * to the longest fraction: money worked out for a screen never passes through binary floating
 * point.
 */
function scaled(value: string, digits: number): bigint {
  const negative = value.startsWith('-')
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.')
  const units = BigInt(whole + fraction.padEnd(digits, '0'))
  return negative ? -units : units
}

/** The decimal string of `units` × 10^−digits. */
function unscaled(units: bigint, digits: number): string {
  const negative = units < 0n
  const text = (negative ? -units : units).toString().padStart(digits + 1, '0')
  const whole = text.slice(0, text.length - digits)
  const fraction = digits ? `.${text.slice(text.length - digits)}` : ''
  return `${negative ? '-' : ''}${whole}${fraction}`
}

function fractionDigits(values: readonly string[]): number {
  return Math.max(0, ...values.map((value) => value.split('.')[1]?.length ?? 0))
}

/** @example sumDecimals(['0.1', '0.2']) // '0.3' */
export function sumDecimals(values: readonly string[]): string {
  const digits = fractionDigits(values)
  return unscaled(
    values.reduce((sum, value) => sum + scaled(value, digits), 0n),
    digits,
  )
}

/** Negative, zero or positive as `a` is less than, equal to or greater than `b`. */
export function compareDecimals(a: string, b: string): number {
  const digits = fractionDigits([a, b])
  const difference = scaled(a, digits) - scaled(b, digits)
  return difference < 0n ? -1 : difference > 0n ? 1 : 0
}

/**
 * `dividend ÷ divisor` to `places` decimals, half away from zero: far more than a price shows,
 * so formatting rounds it only once more, to the currency's minor unit.
 * @example divideDecimals('25060', '100', 4) // '250.6000'
 */
export function divideDecimals(dividend: string, divisor: string, places = 12): string {
  const digits = fractionDigits([dividend, divisor])
  const numerator = scaled(dividend, digits) * 10n ** BigInt(places)
  const denominator = scaled(divisor, digits)
  if (denominator === 0n) throw new RangeError(`${dividend} ÷ 0`)
  const magnitude = (value: bigint) => (value < 0n ? -value : value)
  const [top, bottom] = [magnitude(numerator), magnitude(denominator)]
  const rounded = top / bottom + (2n * (top % bottom) >= bottom ? 1n : 0n)
  return unscaled(numerator < 0n !== denominator < 0n ? -rounded : rounded, places)
}
