/**
 * The demo computes money, quantities and rates as whole numbers of their smallest unit (cents,
 * 1/10,000 of a share, 1/10,000 of a lira) and writes them as the decimal strings the engine and
 * Postgres read, so no figure passes through binary floating point once it is generated.
 */

/** `units` of 10^-`scale` as a plain decimal string: `formatFixed(12345, 2)` → `'123.45'`. */
export function formatFixed(units: number, scale: number): string {
  if (!Number.isSafeInteger(units) || units < 0) {
    throw new Error(`Not a whole non-negative number of units: ${units}`)
  }
  const digits = String(units).padStart(scale + 1, '0')
  const whole = digits.slice(0, digits.length - scale)
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '')
  return fraction === '' ? whole : `${whole}.${fraction}`
}

/** A generated level in whole units of 10^-`scale`: `toFixedUnits(123.456, 2)` → 12346. */
export function toFixedUnits(level: number, scale: number): number {
  return Math.round(level * 10 ** scale)
}
