import { parseDecimalInput } from '../portfolio/decimal-input'
import { plainDecimal } from '../json/exact-json'

/**
 * Numbers in a file, in whichever of the two ways it writes them: `1.234,56` or `1,234.56`.
 * One file uses one way, decided from all its number cells together: a single `12,5` or
 * `1.234,56` settles it, where `1.234` alone could be either.
 */
export type DecimalSeparator = '.' | ','

export type ImportNumber = { ok: true; value: string; negative: boolean } | { ok: false }

/** The separator a number cell shows it uses, or null when it could be either. */
export function separatorShown(text: string): DecimalSeparator | null {
  const digits = text.replace(/^[\s+\-\u2212]+|\s+$/g, '')
  const point = digits.lastIndexOf('.')
  const comma = digits.lastIndexOf(',')
  if (point >= 0 && comma >= 0) return point > comma ? '.' : ','
  const at = Math.max(point, comma)
  if (at < 0) return null
  const mark = digits[at] === '.' ? '.' : ','
  const other = mark === '.' ? ',' : '.'
  // Two of the same mark are grouping (`1.234.567`); one followed by three digits could be
  // either (`1.234`); otherwise it is the decimal separator.
  if (digits.indexOf(mark) !== at) return other
  return digits.length - at - 1 === 3 ? null : mark
}

/** The separator most of the cells show; `fallback` when none shows one. */
export function detectDecimalSeparator(
  cells: Iterable<string>,
  fallback: DecimalSeparator,
): DecimalSeparator {
  let points = 0
  let commas = 0
  for (const cell of cells) {
    const shown = separatorShown(cell)
    if (shown === '.') points += 1
    else if (shown === ',') commas += 1
  }
  if (points === commas) return fallback
  return points > commas ? '.' : ','
}

const MAX_DIGITS = 20
/** Digits with at most a decimal separator: most cells, read without the general parser. */
const PLAIN: Record<DecimalSeparator, RegExp> = {
  '.': /^(-?)0*(\d{1,20})(?:\.(\d{1,20}))?$/,
  ',': /^(-?)0*(\d{1,20})(?:,(\d{1,20}))?$/,
}
const EXPONENT = /^\d+(?:\.\d+)?[eE][+-]?\d+$/

/**
 * A number cell as an exact decimal string (`'1234.56'`): grouping in threes where the file's
 * decimal separator makes it unambiguous, a leading `+` or `-`, Excel's `1.5E-7` with a point.
 * Decimals past the 20 the API keeps are refused unless they are only trailing zeros.
 * @example parseImportNumber('1.234,50', ',') // { ok: true, value: '1234.50', negative: false }
 */
export function parseImportNumber(text: string, separator: DecimalSeparator): ImportNumber {
  const plain = PLAIN[separator].exec(text)
  if (plain) {
    const [, sign, whole = '', fraction] = plain
    const value = fraction === undefined ? whole : `${whole}.${fraction}`
    const negative = sign === '-' && /[1-9]/.test(value)
    return { ok: true, value: negative ? `-${value}` : value, negative }
  }
  let body = text.trim().replace(/^\+/, '')
  const negative = /^[-\u2212]/.test(body)
  if (negative) body = body.slice(1)
  if (separator === '.' && EXPONENT.test(body)) body = plainDecimal(body)
  const [whole = '', fraction] = body.split(separator)
  if (fraction !== undefined && fraction.length > MAX_DIGITS) {
    body = `${whole}${separator}${fraction.replace(/0+$/, '')}`.replace(/[.,]$/, '')
  }
  const parsed = parseDecimalInput(body, separator === '.' ? 'en-US' : 'de-DE')
  if (!parsed.ok) return { ok: false }
  const zero = !/[1-9]/.test(parsed.value)
  return {
    ok: true,
    value: negative && !zero ? `-${parsed.value}` : parsed.value,
    negative: negative && !zero,
  }
}
