import { formatConventions, type FormatLocale } from '../i18n/format-locale'

/** Why a typed number was refused; each has a message under `portfolio.number.errors`. */
export type DecimalInputError = 'malformed' | 'ambiguous' | 'negative' | 'too_large' | 'too_precise'

export type DecimalParse = { ok: true; value: string } | { ok: false; error: DecimalInputError }

/** The API's decimals (shared/api/schemas/common.ts) hold at most 20 digits on either side. */
const MAX_DIGITS = 20

// Spaces a keyboard or a copied figure may bring: normal, no-break, narrow no-break.
const EDGE_SPACES = /^[\s\u00a0\u202f]+|[\s\u00a0\u202f]+$/g
// Hyphen-minus and the typographic minus sign (U+2212) that Intl writes.
const MINUS = /^[-\u2212]/

/**
 * Reads a number typed in the formatting locale's way as an exact decimal string (`"1234.56"`),
 * never through a float: `1.234,56` in tr-TR, de-DE and en-DE, `1,234.56` in en-US and en-GB.
 * Grouping is optional but, when used, must be in threes; the decimal separator may stand alone
 * (`,5`, `5,`). The other convention's separator where grouping cannot be (`12.5` in German,
 * `12,5` in English) is refused as ambiguous instead of guessed.
 * @example parseDecimalInput('1.234,56', 'de-DE') // { ok: true, value: '1234.56' }
 */
export function parseDecimalInput(
  input: string,
  locale: FormatLocale,
  options: { allowNegative?: boolean } = {},
): DecimalParse {
  const { decimal, group } = formatConventions(locale)
  let text = input.replace(EDGE_SPACES, '')
  const negative = MINUS.test(text)
  if (negative) text = text.slice(1)
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return { ok: false, error: 'malformed' }

  const decimalAt = text.indexOf(decimal)
  if (decimalAt !== text.lastIndexOf(decimal)) return { ok: false, error: 'malformed' }
  const whole = decimalAt === -1 ? text : text.slice(0, decimalAt)
  const fraction = decimalAt === -1 ? '' : text.slice(decimalAt + 1)
  if (fraction.includes(group)) {
    // `1,234.5` in German: the separators in the other convention's order.
    return { ok: false, error: decimalAt === -1 ? 'malformed' : 'ambiguous' }
  }
  if (whole.includes(group) && !isGrouped(whole, group)) {
    // One group separator that cannot be grouping (`12.5` in German) may be a decimal point
    // written the other convention's way; more than one is simply malformed.
    const single = whole.indexOf(group) === whole.lastIndexOf(group)
    return { ok: false, error: single && decimalAt === -1 ? 'ambiguous' : 'malformed' }
  }

  const digits = whole
    .split(group)
    .join('')
    .replace(/^0+(?=\d)/, '')
  const integer = digits === '' ? '0' : digits
  if (integer.length > MAX_DIGITS) return { ok: false, error: 'too_large' }
  if (fraction.length > MAX_DIGITS) return { ok: false, error: 'too_precise' }
  const value = fraction === '' ? integer : `${integer}.${fraction}`
  const zero = !/[1-9]/.test(value)
  if (negative && !zero) {
    if (!options.allowNegative) return { ok: false, error: 'negative' }
    return { ok: true, value: `-${value}` }
  }
  return { ok: true, value }
}

/** Digits grouped in threes after a first group of one to three: `1.234.567`. */
function isGrouped(whole: string, group: string): boolean {
  const [first = '', ...rest] = whole.split(group)
  return /^[1-9]\d{0,2}$/.test(first) && rest.every((part) => /^\d{3}$/.test(part))
}

/**
 * The inverse, to prefill an input: a decimal string written the locale's way, grouped in
 * threes, every decimal kept (nothing is rounded).
 * @example formatDecimalInput('-1234.5', 'de-DE') // '-1.234,5'
 */
export function formatDecimalInput(value: string, locale: FormatLocale): string {
  const { decimal, group } = formatConventions(locale)
  const negative = value.startsWith('-')
  const [whole = '', fraction] = (negative ? value.slice(1) : value).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : decimal + fraction}`
}

/** A sample number in the locale's format, for hints and error messages. */
export function decimalExample(locale: FormatLocale): string {
  return formatDecimalInput('1234.56', locale)
}
