import { decimal, sum } from '../decimal/decimal'

/**
 * The arithmetic an import needs on decimal strings, through the one exact decimal
 * (shared/decimal/decimal.ts): products and quotients keep the 20 places the API keeps.
 */

/** Without trailing fraction zeros: `'12.500'` → `'12.5'`, `'3.000'` → `'3'`. */
export function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value
}

/** `a × b`, exact when it fits in 20 decimals, else rounded half to even to 20. */
export function multiplyDecimals(a: string, b: string): string {
  return decimal(a).times(decimal(b)).toString()
}

/** `dividend ÷ divisor` to 20 places, half to even; the divisor is not zero. */
export function divideToPlaces(dividend: string, divisor: string): string {
  return decimal(dividend).div(decimal(divisor)).toString()
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
  return sum(values.map(decimal)).toString()
}

export function subtractDecimals(a: string, ...values: string[]): string {
  return addDecimals(
    a,
    ...values.map((value) => (value.startsWith('-') ? value.slice(1) : `-${value}`)),
  )
}
