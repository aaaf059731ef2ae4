import { divideDecimals, sumDecimals } from '../portfolio/decimal-sum'

/**
 * The arithmetic an import needs on decimal strings, exact or (for quotients) to the 20 places
 * the API keeps: never through binary floating point.
 */

/** Places the API's decimals hold (shared/api/schemas/common.ts). */
const PLACES = 20

/** Without trailing fraction zeros: `'12.500'` → `'12.5'`, `'3.000'` → `'3'`. */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value
}

function digitsAfterPoint(value: string): number {
  return value.split('.')[1]?.length ?? 0
}

function toUnits(value: string): bigint {
  return BigInt(value.replace('.', ''))
}

/** `a × b`, exact when it fits in 20 decimals, else rounded half to even to 20. */
export function multiplyDecimals(a: string, b: string): string {
  const places = digitsAfterPoint(a) + digitsAfterPoint(b)
  let units = toUnits(a) * toUnits(b)
  let scale = places
  if (scale > PLACES) {
    const divisor = 10n ** BigInt(scale - PLACES)
    const negative = units < 0n
    const magnitude = negative ? -units : units
    let quotient = magnitude / divisor
    const twice = (magnitude % divisor) * 2n
    if (twice > divisor || (twice === divisor && quotient % 2n === 1n)) quotient += 1n
    units = negative ? -quotient : quotient
    scale = PLACES
  }
  const negative = units < 0n
  const text = (negative ? -units : units).toString().padStart(scale + 1, '0')
  const whole = text.slice(0, text.length - scale)
  const fraction = scale > 0 ? `.${text.slice(text.length - scale)}` : ''
  return trimDecimal(`${negative ? '-' : ''}${whole}${fraction}`)
}

/** `dividend ÷ divisor` to 20 places, trailing zeros dropped; the divisor is not zero. */
export function divideToPlaces(dividend: string, divisor: string): string {
  return trimDecimal(divideDecimals(dividend, divisor, PLACES))
}

/** Below zero (a canonical decimal string with a minus). */
export function isNegative(value: string | null): boolean {
  return value !== null && value.startsWith('-')
}

/** Above zero. */
export function isPositive(value: string | null): value is string {
  return value !== null && !value.startsWith('-') && /[1-9]/.test(value)
}

/** The value without its sign. */
export function magnitude(value: string): string {
  return value.startsWith('-') ? value.slice(1) : value
}

export function addDecimals(...values: string[]): string {
  return trimDecimal(sumDecimals(values))
}

export function subtractDecimals(a: string, ...values: string[]): string {
  return addDecimals(
    a,
    ...values.map((value) => (value.startsWith('-') ? value.slice(1) : `-${value}`)),
  )
}
