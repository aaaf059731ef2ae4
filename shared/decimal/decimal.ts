/**
 * How a value exactly halfway between two is rounded: to the even neighbour (the engine's rule,
 * free of drift over many operations), or away from zero (as brokers round a converted amount).
 */
export type Rounding = 'half-even' | 'half-away-from-zero'

/**
 * Decimal places the engine keeps after a multiplication or a division (an average cost, part of
 * a lot, a converted amount). Far below any currency's minor unit and above the 8 places crypto
 * and fund units need; presentation rounds, the engine does not.
 */
export const DIVISION_DECIMAL_PLACES = 20

/** More significant digits than this is not a price, quantity or rate: parsing refuses it. */
export const MAX_SIGNIFICANT_DIGITS = 40

const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/
const powersOfTen: bigint[] = [1n]

/** 10^exponent, kept once computed: every addition of two scales needs one. */
function power(exponent: number): bigint {
  for (let known = powersOfTen.length; known <= exponent; known++) {
    powersOfTen.push((powersOfTen[known - 1] as bigint) * 10n)
  }
  return powersOfTen[exponent] as bigint
}

const MAX_EXACT_UNITS = BigInt(Number.MAX_SAFE_INTEGER)

/** `units / divisor` rounded to an integer; `divisor` is positive. */
function roundUnits(units: bigint, divisor: bigint, rounding: Rounding): bigint {
  const negative = units < 0n
  const magnitude = negative ? -units : units
  let quotient = magnitude / divisor
  const twice = (magnitude % divisor) * 2n
  const halfUp = rounding === 'half-away-from-zero' || quotient % 2n === 1n
  if (twice > divisor || (twice === divisor && halfUp)) quotient += 1n
  return negative ? -quotient : quotient
}

/**
 * An exact decimal, `units × 10^−scale`, on a plain BigInt. The scale is always the smallest that
 * holds the value (no trailing zeros). Addition and subtraction are exact; multiplication and
 * division round half to even to {@link DIVISION_DECIMAL_PLACES} places, so chained operations
 * never grow the scale beyond them. Method names follow big.js; `toString` and `toJSON` write plain decimal
 * strings, so a report serializes to exact figures.
 *
 * @example decimal('1.50').times(decimal('3')).toString() // '4.5'
 */
export class Decimal {
  private constructor(
    readonly units: bigint,
    readonly scale: number,
  ) {}

  /** The decimal `units × 10^−scale`, normalized: the one way to build one. */
  static of(units: bigint, scale: number): Decimal {
    if (!Number.isSafeInteger(scale)) throw new RangeError(`Scale ${scale} is not an integer`)
    if (scale < 0) return new Decimal(units * power(-scale), 0)
    if (units === 0n) return new Decimal(0n, 0)
    while (scale > 0 && units % 10n === 0n) {
      units /= 10n
      scale--
    }
    return new Decimal(units, scale)
  }

  /** The product or quotient `units × 10^−scale`, rounded half to even to the engine's places. */
  private static rounded(units: bigint, scale: number): Decimal {
    if (scale <= DIVISION_DECIMAL_PLACES) return Decimal.of(units, scale)
    const divisor = power(scale - DIVISION_DECIMAL_PLACES)
    return Decimal.of(roundUnits(units, divisor, 'half-even'), DIVISION_DECIMAL_PLACES)
  }

  /** `units × 10^−scale` where `scale` is the larger of two normalized scales. */
  private static sum(units: bigint, scale: number, sameScales: boolean): Decimal {
    // The operand with the larger scale ends in a non-zero digit there, and so does the sum,
    // unless both scales are the same.
    return sameScales || units === 0n ? Decimal.of(units, scale) : new Decimal(units, scale)
  }

  plus(addend: Decimal): Decimal {
    if (addend.units === 0n) return this
    if (this.units === 0n) return addend
    const scale = Math.max(this.scale, addend.scale)
    const units = this.aligned(scale) + addend.aligned(scale)
    return Decimal.sum(units, scale, this.scale === addend.scale)
  }

  minus(subtrahend: Decimal): Decimal {
    if (subtrahend.units === 0n) return this
    const scale = Math.max(this.scale, subtrahend.scale)
    const units = this.aligned(scale) - subtrahend.aligned(scale)
    return Decimal.sum(units, scale, this.scale === subtrahend.scale)
  }

  times(factor: Decimal): Decimal {
    if (factor.scale === 0 && factor.units === 1n) return this
    if (this.scale === 0 && this.units === 1n) return factor
    return Decimal.rounded(this.units * factor.units, this.scale + factor.scale)
  }

  /**
   * The quotient to `places` decimals (the engine's {@link DIVISION_DECIMAL_PLACES} unless asked),
   * rounded once; throws on division by zero.
   * @example decimal('0.125').div(decimal('1'), 2, 'half-away-from-zero').toString() // '0.13'
   */
  div(
    divisor: Decimal,
    places = DIVISION_DECIMAL_PLACES,
    rounding: Rounding = 'half-even',
  ): Decimal {
    return quotient(this.units, this.scale, divisor, places, rounding)
  }

  /**
   * `this × numerator / denominator` with one rounding, at the end: the share of a cost that
   * `numerator` of `denominator` units take.
   */
  share(numerator: Decimal, denominator: Decimal): Decimal {
    const units = this.units * numerator.units
    return quotient(
      units,
      this.scale + numerator.scale,
      denominator,
      DIVISION_DECIMAL_PLACES,
      'half-even',
    )
  }

  neg(): Decimal {
    return new Decimal(-this.units, this.scale)
  }

  /** −1, 0 or 1 as this is less than, equal to or greater than `other`. */
  cmp(other: Decimal): -1 | 0 | 1 {
    const scale = Math.max(this.scale, other.scale)
    const left = this.aligned(scale)
    const right = other.aligned(scale)
    return left < right ? -1 : left > right ? 1 : 0
  }

  eq(other: Decimal): boolean {
    return this.units === other.units && this.scale === other.scale
  }

  lt(other: Decimal): boolean {
    return this.cmp(other) < 0
  }

  gt(other: Decimal): boolean {
    return this.cmp(other) > 0
  }

  /** −1, 0 or 1 by the sign of the value. */
  sign(): -1 | 0 | 1 {
    return this.units > 0n ? 1 : this.units < 0n ? -1 : 0
  }

  isZero(): boolean {
    return this.units === 0n
  }

  /** Whether the value has no fractional part. */
  isWhole(): boolean {
    return this.scale === 0
  }

  /** The largest whole number not above the value. */
  floor(): Decimal {
    if (this.scale === 0) return this
    const divisor = power(this.scale)
    const quotient = this.units / divisor
    return Decimal.of(this.units < 0n ? quotient - 1n : quotient, 0)
  }

  /** Rounded to `places` decimal places: a price to the precision it is quoted in. */
  round(places: number, rounding: Rounding = 'half-even'): Decimal {
    if (this.scale <= places) return this
    return Decimal.of(roundUnits(this.units, power(this.scale - places), rounding), places)
  }

  /** The nearest float, as `Number` reads the decimal string. */
  toNumber(): number {
    // Both operands exact, so the one rounding of the division is the one of reading the text.
    const exact = this.units <= MAX_EXACT_UNITS && this.units >= -MAX_EXACT_UNITS
    if (exact && this.scale <= 22) return Number(this.units) / 10 ** this.scale
    return Number(this.toString())
  }

  /** Plain decimal notation: `'0.00000001'`, `'-12.5'`, `'0'`. */
  toString(): string {
    const digits = (this.units < 0n ? -this.units : this.units).toString()
    const sign = this.units < 0n ? '-' : ''
    if (this.scale === 0) return sign + digits
    const padded = digits.padStart(this.scale + 1, '0')
    const point = padded.length - this.scale
    return `${sign}${padded.slice(0, point)}.${padded.slice(point)}`
  }

  toJSON(): string {
    return this.toString()
  }

  private aligned(scale: number): bigint {
    return scale === this.scale ? this.units : this.units * power(scale - this.scale)
  }
}

/** `units × 10^−scale / divisor`, rounded once to `places`. */
function quotient(
  units: bigint,
  scale: number,
  divisor: Decimal,
  places: number,
  rounding: Rounding,
): Decimal {
  if (divisor.units === 0n) throw new RangeError('Division by zero')
  // (u1 × 10^−s1) / (u2 × 10^−s2), scaled up by 10^places before the integer division.
  const numerator = units * power(divisor.scale + places)
  const denominator = divisor.units * power(scale)
  const negative = numerator < 0n !== denominator < 0n
  const rounded = roundUnits(
    numerator < 0n ? -numerator : numerator,
    denominator < 0n ? -denominator : denominator,
    rounding,
  )
  return Decimal.of(negative ? -rounded : rounded, places)
}

export const ZERO = Decimal.of(0n, 0)
export const ONE = Decimal.of(1n, 0)

/**
 * Parses a plain decimal string (`'1.5'`, `'-3'`, `'0.00000001'`): digits with an optional sign
 * and fraction, nothing else, and at most {@link MAX_SIGNIFICANT_DIGITS} significant digits.
 * Null for anything else, exponents and blanks included.
 */
export function parseDecimal(text: unknown): Decimal | null {
  if (typeof text !== 'string' || !PLAIN_DECIMAL.test(text)) return null
  const point = text.indexOf('.')
  let end = text.length
  // Trailing zeros of the fraction dropped here, so the decimal is normalized as it is built.
  if (point >= 0) {
    while (text.charCodeAt(end - 1) === 48) end--
    if (end === point + 1) end = point
  }
  const digits = point < 0 ? text : text.slice(0, point) + text.slice(point + 1, end)
  const units = digits.length <= 15 ? BigInt(Number(digits)) : BigInt(digits)
  const value = Decimal.of(units, point < 0 || end === point ? 0 : end - point - 1)
  const magnitude = units < 0n ? -units : units
  return magnitude >= power(MAX_SIGNIFICANT_DIGITS) ? null : value
}

/**
 * A decimal from a string a caller knows to be valid; throws a `RangeError` otherwise.
 *
 * @example decimal('5').eq(holding.quantity)
 */
export function decimal(text: string): Decimal {
  const value = parseDecimal(text)
  if (value === null) throw new RangeError(`"${text}" is not a plain decimal`)
  return value
}

/** Orders two plain decimal strings exactly: a comparator for `sort`. */
export function compareDecimalText(a: string, b: string): -1 | 0 | 1 {
  return decimal(a).cmp(decimal(b))
}

/** The sum of `values`, exact. */
export function sum(values: Iterable<Decimal>): Decimal {
  let total = ZERO
  for (const value of values) total = total.plus(value)
  return total
}
