/**
 * Exact sums and comparisons of decimal strings (`"1234.5"`), through integers scaled to the
 * longest fraction: money added up for a screen never passes through binary floating point.
 */
function scaled(value: string, digits: number): bigint {
  const negative = value.startsWith('-')
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.')
  const units = BigInt(whole + fraction.padEnd(digits, '0'))
  return negative ? -units : units
}

function fractionDigits(values: readonly string[]): number {
  return Math.max(0, ...values.map((value) => value.split('.')[1]?.length ?? 0))
}

/** @example sumDecimals(['0.1', '0.2']) // '0.3' */
export function sumDecimals(values: readonly string[]): string {
  const digits = fractionDigits(values)
  const total = values.reduce((sum, value) => sum + scaled(value, digits), 0n)
  const negative = total < 0n
  const text = (negative ? -total : total).toString().padStart(digits + 1, '0')
  const whole = text.slice(0, text.length - digits)
  const fraction = digits ? `.${text.slice(text.length - digits)}` : ''
  return `${negative ? '-' : ''}${whole}${fraction}`
}

/** Negative, zero or positive as `a` is less than, equal to or greater than `b`. */
export function compareDecimals(a: string, b: string): number {
  const digits = fractionDigits([a, b])
  const difference = scaled(a, digits) - scaled(b, digits)
  return difference < 0n ? -1 : difference > 0n ? 1 : 0
}
