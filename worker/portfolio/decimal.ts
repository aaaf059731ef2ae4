/**
 * Decimal places a division keeps (average cost per unit, part of a lot, a 1-for-3 split, an
 * inverted FX rate). Far below any currency's minor unit and above the 8 places crypto and fund
 * units need; presentation rounds, the engine does not.
 */
export const DIVISION_DECIMAL_PLACES = 20

// Exponents beyond this are refused when parsing: their BigInt coefficients would be enormous,
// and no price, quantity or rate comes anywhere near 10^±1000.
const MAX_EXPONENT = 1000

const powersOfTen: bigint[] = [1n]

/** 10^exponent as a BigInt, from a cache that grows on demand. */
function powerOfTen(exponent: number): bigint {
  for (let known = powersOfTen.length; known <= exponent; known++) {
    powersOfTen.push((powersOfTen[known - 1] ?? 1n) * 10n)
  }
  return powersOfTen[exponent] ?? 1n
}

/**
 * The coefficient of a {@link Decimal}: a safe integer as a `number` while it fits, a BigInt
 * beyond. Most amounts, prices and their sums and products fit, and float arithmetic on them is
 * exact and allocates nothing; BigInts take over wherever a result would not be exact.
 */
export type DecimalUnits = number | bigint

function asBigInt(units: DecimalUnits): bigint {
  return typeof units === 'bigint' ? units : BigInt(units)
}

function isZeroUnits(units: DecimalUnits): boolean {
  return typeof units === 'number' ? units === 0 : units === 0n
}

function negateUnits(units: DecimalUnits): DecimalUnits {
  // `0 - x` rather than `-x`: a float coefficient must never become −0.
  return typeof units === 'number' ? 0 - units : -units
}

// A float result of + − × on safe integers is exact exactly when it is within these bounds:
// beyond them the true result is too, since rounding never crosses a representable bound.
function isSafe(value: number): boolean {
  return value <= Number.MAX_SAFE_INTEGER && value >= -Number.MAX_SAFE_INTEGER
}

function addUnits(left: DecimalUnits, right: DecimalUnits): DecimalUnits {
  if (typeof left === 'number' && typeof right === 'number') {
    const sum = left + right
    if (isSafe(sum)) return sum
  }
  return asBigInt(left) + asBigInt(right)
}

function subtractUnits(left: DecimalUnits, right: DecimalUnits): DecimalUnits {
  if (typeof left === 'number' && typeof right === 'number') {
    const difference = left - right
    if (isSafe(difference)) return difference
  }
  return asBigInt(left) - asBigInt(right)
}

function multiplyUnits(left: DecimalUnits, right: DecimalUnits): DecimalUnits {
  if (typeof left === 'number' && typeof right === 'number') {
    // `+ 0` turns a −0 (from −5 × 0) into 0.
    const product = left * right + 0
    if (isSafe(product)) return product
  }
  return asBigInt(left) * asBigInt(right)
}

// 10^0 … 10^22 are exact floats.
const floatPowersOfTen = Array.from({ length: 23 }, (_, exponent) => 10 ** exponent)

/** `units × 10^exponent`, to bring a coefficient to a larger scale. */
function shiftUnits(units: DecimalUnits, exponent: number): DecimalUnits {
  if (typeof units === 'number' && exponent < floatPowersOfTen.length) {
    const shifted = units * (floatPowersOfTen[exponent] ?? 1) + 0
    if (isSafe(shifted)) return shifted
  }
  return asBigInt(units) * powerOfTen(exponent)
}

/**
 * An exact decimal: `units × 10^−scale`. Addition, subtraction and multiplication are exact;
 * only {@link divide} rounds. Every amount, quantity, price and rate of the engine is one, inside
 * and in its results. The coefficient is a float while it is a safe integer and a BigInt beyond
 * (see `DecimalUnits`): big.js (used before) allocated digit arrays on every operation, and a BigInt
 * for every coefficient still cost a heap allocation and a slow path per operation. Method names
 * follow big.js (`plus`, `cmp`, `eq`); `toString` and `toJSON` write exact plain decimal strings,
 * as big.js did.
 *
 * Scales are never reduced (trailing zeros are kept) because stripping them costs a division per
 * digit; values compare and print by value, so this is invisible.
 */
export class Decimal {
  /**
   * Prefer {@link parseDecimal} or {@link decimalOf}. `units` is any integer (as a float only
   * while it is a safe integer, never −0); `scale` a non-negative integer.
   */
  constructor(
    readonly units: DecimalUnits,
    readonly scale: number,
  ) {}

  plus(addend: Decimal): Decimal {
    if (isZeroUnits(addend.units)) return this
    if (isZeroUnits(this.units)) return addend
    const difference = this.scale - addend.scale
    if (difference === 0) return new Decimal(addUnits(this.units, addend.units), this.scale)
    return difference > 0
      ? new Decimal(addUnits(this.units, shiftUnits(addend.units, difference)), this.scale)
      : new Decimal(addUnits(shiftUnits(this.units, -difference), addend.units), addend.scale)
  }

  minus(subtrahend: Decimal): Decimal {
    if (isZeroUnits(subtrahend.units)) return this
    const difference = this.scale - subtrahend.scale
    if (difference === 0)
      return new Decimal(subtractUnits(this.units, subtrahend.units), this.scale)
    return difference > 0
      ? new Decimal(subtractUnits(this.units, shiftUnits(subtrahend.units, difference)), this.scale)
      : new Decimal(
          subtractUnits(shiftUnits(this.units, -difference), subtrahend.units),
          subtrahend.scale,
        )
  }

  times(factor: Decimal): Decimal {
    return new Decimal(multiplyUnits(this.units, factor.units), this.scale + factor.scale)
  }

  neg(): Decimal {
    return new Decimal(negateUnits(this.units), this.scale)
  }

  /** −1, 0 or 1 as this is less than, equal to or greater than `other`. */
  cmp(other: Decimal): number {
    const difference = this.scale - other.scale
    let left = this.units
    let right = other.units
    // Differing signs (or a zero) decide without aligning scales. `<` and `>` compare a float
    // and a BigInt exactly.
    if (left <= 0 !== right <= 0 || left >= 0 !== right >= 0 || difference === 0) {
      return left < right ? -1 : left > right ? 1 : 0
    }
    if (difference > 0) right = shiftUnits(right, difference)
    else left = shiftUnits(left, -difference)
    return left < right ? -1 : left > right ? 1 : 0
  }

  eq(other: Decimal): boolean {
    return this.cmp(other) === 0
  }

  /** −1, 0 or 1 by the sign of the value. */
  sign(): number {
    return this.units > 0 ? 1 : this.units < 0 ? -1 : 0
  }

  isZero(): boolean {
    return isZeroUnits(this.units)
  }

  /** The nearest float, as `Number` reads the decimal string. */
  toNumber(): number {
    const units = this.units
    // Both operands are exact floats here, so the one rounding of the division is the only one.
    if (typeof units === 'number' && this.scale < floatPowersOfTen.length)
      return units / (floatPowersOfTen[this.scale] ?? 1)
    if (units <= Number.MAX_SAFE_INTEGER && units >= -Number.MAX_SAFE_INTEGER) {
      if (this.scale < floatPowersOfTen.length)
        return Number(units) / (floatPowersOfTen[this.scale] ?? 1)
    }
    return Number(this.toString())
  }

  /** Plain decimal notation without trailing zeros: `'0.00000001'`, `'-12.5'`, `'0'`. */
  toString(): string {
    const negative = this.units < 0
    const digits = (negative ? negateUnits(this.units) : this.units).toString()
    const sign = negative ? '-' : ''
    if (this.scale === 0) return sign + digits
    const padded =
      digits.length > this.scale ? digits : '0'.repeat(this.scale - digits.length + 1) + digits
    const point = padded.length - this.scale
    let end = padded.length
    while (end > point && padded.charCodeAt(end - 1) === 48) end--
    const text =
      end === point
        ? padded.slice(0, point)
        : `${padded.slice(0, point)}.${padded.slice(point, end)}`
    return text === '0' ? text : sign + text
  }

  toJSON(): string {
    return this.toString()
  }
}

export const ZERO = new Decimal(0, 0)
export const ONE = new Decimal(1, 0)

/**
 * A running sum of decimals, exact as a chain of `plus` and equal to it in value. Each transaction
 * adds to several sums (fees, income, proceeds, a position's units and cost), and a new `Decimal`
 * per addition was a good part of the engine's garbage; this one keeps its coefficients in fields
 * changed in place and builds a `Decimal` only when read.
 */
export class DecimalSum {
  // The sum is `float × 10^−floatScale + big × 10^−bigScale`. Addends go to `float` while it stays
  // a safe integer, and only the rest to `big`: a cost divided to 20 places (a BigInt) taken out of
  // a position must not turn every later purchase added to it into BigInt arithmetic.
  private float = 0
  private floatScale = 0
  private big = 0n
  private bigScale = 0
  private cached: Decimal | null = null

  add(value: Decimal): void {
    this.addUnits(value.units, value.scale)
  }

  subtract(value: Decimal): void {
    this.addUnits(negateUnits(value.units), value.scale)
  }

  /** Adds `units × 10^−scale`: a Decimal's coefficient and scale, kept apart from one. */
  addUnits(units: DecimalUnits, scale: number): void {
    if (isZeroUnits(units)) return
    this.cached = null
    if (typeof units === 'bigint') {
      this.addBig(units, scale)
      return
    }
    if (scale > this.floatScale) {
      const shifted = shiftUnits(this.float, scale - this.floatScale)
      if (typeof shifted === 'bigint') {
        this.addBig(shifted, scale)
        this.float = 0
      } else {
        this.float = shifted
      }
      this.floatScale = scale
    }
    const addend = scale < this.floatScale ? shiftUnits(units, this.floatScale - scale) : units
    if (typeof addend === 'number') {
      const sum = this.float + addend
      if (isSafe(sum)) {
        this.float = sum
        return
      }
    }
    this.addBig(asBigInt(addend), this.floatScale)
  }

  /** Back to zero. */
  clear(): void {
    this.float = 0
    this.floatScale = 0
    this.big = 0n
    this.bigScale = 0
    this.cached = null
  }

  /** The sum as a float, as {@link Decimal.toNumber} gives it, without building the Decimal. */
  toNumber(): number {
    if (this.big === 0n && this.floatScale < floatPowersOfTen.length)
      return this.float / (floatPowersOfTen[this.floatScale] ?? 1)
    return this.value.toNumber()
  }

  /** The sum so far (zero before anything is added). */
  get value(): Decimal {
    this.cached ??=
      this.big === 0n
        ? new Decimal(this.float, this.floatScale)
        : new Decimal(this.float, this.floatScale).plus(new Decimal(this.big, this.bigScale))
    return this.cached
  }

  private addBig(units: bigint, scale: number): void {
    if (scale > this.bigScale) {
      this.big *= powerOfTen(scale - this.bigScale)
      this.bigScale = scale
    }
    this.big += scale < this.bigScale ? units * powerOfTen(this.bigScale - scale) : units
  }
}

const DECIMAL_TEXT = /^(-?)(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:e([+-]?\d+))?$/i
const PLAIN_DECIMAL_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/

/**
 * Parses a decimal string (`'1.5'`, `'-3'`, `'0.00000001'`, `'1e-8'`): the forms big.js accepts,
 * with no surrounding space. Null when the text is not one.
 */
export function parseDecimal(text: string): Decimal | null {
  if (typeof text !== 'string') return null
  const plain = parsePlain(text)
  if (plain !== null) return plain
  const match = DECIMAL_TEXT.exec(text)
  if (match === null) return null
  const [, sign = '', whole = '', fraction = '', fractionOnly = '', exponentText = '0'] = match
  const exponent = Number(exponentText)
  if (Math.abs(exponent) > MAX_EXPONENT) return null
  const digits = fractionOnly === '' ? whole + fraction : fractionOnly
  let units: DecimalUnits = BigInt(sign + digits)
  let scale = (fractionOnly === '' ? fraction.length : fractionOnly.length) - exponent
  if (scale < 0) {
    units = shiftUnits(units, -scale)
    scale = 0
  }
  return new Decimal(units, scale)
}

/**
 * The common form `-?digits(.digits)?` up to 15 digits, without a regular expression or a BigInt:
 * every transaction field goes through here. Null for anything else.
 */
function parsePlain(text: string): Decimal | null {
  const length = text.length
  let index = text.charCodeAt(0) === 45 ? 1 : 0
  const firstDigit = index
  let point = -1
  let value = 0
  for (; index < length; index++) {
    const code = text.charCodeAt(index)
    if (code >= 48 && code <= 57) value = value * 10 + (code - 48)
    else if (code === 46 && point < 0) point = index
    else return null
  }
  const digitCount = length - firstDigit - (point < 0 ? 0 : 1)
  // At least one digit before the point; up to 15 digits the float sum above is exact.
  if (digitCount === 0 || point === firstDigit || digitCount > 15) return null
  const scale = point < 0 ? 0 : length - point - 1
  return new Decimal(firstDigit === 1 ? 0 - value : value, scale)
}

/**
 * Whether {@link parseDecimal} accepts `text`, checked without building the decimal: for values
 * read as floats, so that both readings accept exactly the same texts.
 */
export function isDecimalText(text: string): boolean {
  // Nearly every price has no exponent: one test settles it (this runs for each series point).
  if (PLAIN_DECIMAL_TEXT.test(text)) return true
  if (!DECIMAL_TEXT.test(text)) return false
  return Math.abs(Number(text.slice(text.search(/e/i) + 1))) <= MAX_EXPONENT
}

/** Parses a decimal string that is known to be valid; throws otherwise (tests, constants). */
export function decimalOf(text: string): Decimal {
  const value = parseDecimal(text)
  if (value === null) throw new RangeError(`"${text}" is not a decimal`)
  return value
}

/**
 * `dividend / divisor` to {@link DIVISION_DECIMAL_PLACES} places, rounding half to even: the same
 * result big.js `div` gives with those settings. Throws on division by zero, which callers rule
 * out first.
 *
 * @example divide(decimalOf('1'), decimalOf('3')).toString() // '0.33333333333333333333'
 */
export function divide(dividend: Decimal, divisor: Decimal): Decimal {
  if (isZeroUnits(divisor.units)) throw new RangeError('Division by zero')
  if (isZeroUnits(dividend.units)) return ZERO
  const shift = DIVISION_DECIMAL_PLACES + divisor.scale - dividend.scale
  const negative = dividend.units < 0 !== divisor.units < 0
  let numerator = asBigInt(dividend.units)
  let denominator = asBigInt(divisor.units)
  if (numerator < 0n) numerator = -numerator
  if (denominator < 0n) denominator = -denominator
  if (shift > 0) numerator *= powerOfTen(shift)
  else if (shift < 0) denominator *= powerOfTen(-shift)
  let quotient = numerator / denominator
  // Round half to even: compare the remainder with what the divisor leaves above it.
  const remainder = numerator % denominator
  const rest = denominator - remainder
  if (remainder > rest || (remainder === rest && (quotient & 1n) === 1n)) quotient += 1n
  return new Decimal(negative ? -quotient : quotient, DIVISION_DECIMAL_PLACES)
}

/** `value × numerator / denominator`, dividing last so exact cases stay exact. */
export function scale(value: Decimal, numerator: Decimal, denominator: Decimal): Decimal {
  return denominator.cmp(ONE) === 0
    ? value.times(numerator)
    : divide(value.times(numerator), denominator)
}

/**
 * Converts an amount to the base currency; base-currency amounts carry the shared `ONE` rate.
 * A zero (most fees and taxes) stays itself rather than becoming a new zero.
 */
export function toBase(amount: Decimal, fxRate: Decimal): Decimal {
  return fxRate === ONE || isZeroUnits(amount.units) ? amount : amount.times(fxRate)
}
