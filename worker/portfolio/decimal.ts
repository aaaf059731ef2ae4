/**
 * Decimal places the engine keeps after a multiplication or a division (an average cost, part of
 * a lot, a converted amount). Far below any currency's minor unit and above the 8 places crypto
 * and fund units need; presentation rounds, the engine does not.
 */
export const DIVISION_DECIMAL_PLACES = 20

/** More significant digits than this is not a price, quantity or rate: parsing refuses it. */
export const MAX_SIGNIFICANT_DIGITS = 40

const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/
const PRECISION_FACTOR = 10n ** BigInt(DIVISION_DECIMAL_PLACES)

function digitCount(units: bigint): number {
  return (units < 0n ? -units : units).toString().length
}

/** `units / divisor`, rounded half to even to an integer; `divisor` is positive. */
function roundHalfEven(units: bigint, divisor: bigint): bigint {
  const negative = units < 0n
  const magnitude = negative ? -units : units
  let quotient = magnitude / divisor
  const twice = (magnitude % divisor) * 2n
  if (twice > divisor || (twice === divisor && quotient % 2n === 1n)) quotient += 1n
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
    if (scale < 0) return new Decimal(units * 10n ** BigInt(-scale), 0)
    while (scale > 0 && units % 10n === 0n) {
      units /= 10n
      scale--
    }
    return new Decimal(units, scale)
  }

  /** The product or quotient `units × 10^−scale`, rounded half to even to the engine's places. */
  private static rounded(units: bigint, scale: number): Decimal {
    if (scale <= DIVISION_DECIMAL_PLACES) return Decimal.of(units, scale)
    const divisor = 10n ** BigInt(scale - DIVISION_DECIMAL_PLACES)
    return Decimal.of(roundHalfEven(units, divisor), DIVISION_DECIMAL_PLACES)
  }

  plus(addend: Decimal): Decimal {
    const scale = Math.max(this.scale, addend.scale)
    return Decimal.of(this.aligned(scale) + addend.aligned(scale), scale)
  }

  minus(subtrahend: Decimal): Decimal {
    const scale = Math.max(this.scale, subtrahend.scale)
    return Decimal.of(this.aligned(scale) - subtrahend.aligned(scale), scale)
  }

  times(factor: Decimal): Decimal {
    return Decimal.rounded(this.units * factor.units, this.scale + factor.scale)
  }

  /** Rounded half to even to {@link DIVISION_DECIMAL_PLACES} places; throws on division by zero. */
  div(divisor: Decimal): Decimal {
    return quotient(this.units, this.scale, divisor)
  }

  /**
   * `this × numerator / denominator` with one rounding, at the end: the share of a cost that
   * `numerator` of `denominator` units take.
   */
  share(numerator: Decimal, denominator: Decimal): Decimal {
    return quotient(this.units * numerator.units, this.scale + numerator.scale, denominator)
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
    const divisor = 10n ** BigInt(this.scale)
    const quotient = this.units / divisor
    return Decimal.of(this.units < 0n ? quotient - 1n : quotient, 0)
  }

  /** The nearest float, as `Number` reads the decimal string. */
  toNumber(): number {
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
    return scale === this.scale ? this.units : this.units * 10n ** BigInt(scale - this.scale)
  }
}

/** `units × 10^−scale / divisor`, rounded half to even to the engine's places. */
function quotient(units: bigint, scale: number, divisor: Decimal): Decimal {
  if (divisor.units === 0n) throw new RangeError('Division by zero')
  // (u1 × 10^−s1) / (u2 × 10^−s2), scaled up by 10^places before the integer division.
  const numerator = units * 10n ** BigInt(divisor.scale) * PRECISION_FACTOR
  const denominator = divisor.units * 10n ** BigInt(scale)
  const negative = numerator < 0n !== denominator < 0n
  const rounded = roundHalfEven(
    numerator < 0n ? -numerator : numerator,
    denominator < 0n ? -denominator : denominator,
  )
  return Decimal.of(negative ? -rounded : rounded, DIVISION_DECIMAL_PLACES)
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
  const scale = point < 0 ? 0 : text.length - point - 1
  const value = Decimal.of(
    BigInt(point < 0 ? text : text.slice(0, point) + text.slice(point + 1)),
    scale,
  )
  return digitCount(value.units) > MAX_SIGNIFICANT_DIGITS ? null : value
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

/** The sum of `values`, exact. */
export function sum(values: Iterable<Decimal>): Decimal {
  let total = ZERO
  for (const value of values) total = total.plus(value)
  return total
}
