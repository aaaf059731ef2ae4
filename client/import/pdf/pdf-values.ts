import { compareDecimalText, decimal } from '../../../shared/decimal/decimal'
import { subtractDecimals, trimDecimal } from '../../../shared/import/decimal-text'
import {
  parseImportNumber,
  separatorShown,
  type DecimalSeparator,
} from '../../../shared/import/import-number'
import { incomplete } from './pdf-row'

/**
 * Numbers and dates as brokers print them in PDFs. A document's decimal mark is not fixed by the
 * broker (Trade Republic moved from `24,05` to `24.05` around 2024, and one of its documents
 * mixes both): each number shows its own where it can, and the document's majority decides the
 * rest (`1.000 Stk.` in a document of decimal commas is a thousand).
 */

/** A signed number with a decimal part or grouping: `-1.234,56`, `24.045`, `0,663129`, `2`. */
const NUMBER = /^[+-]?\d{1,3}(?:[.,]\d{3})*(?:[.,]\d+)?$|^[+-]?\d+(?:[.,]\d+)?$/

/** The mark most of a document's numbers show; `fallback` when none shows one. */
export function documentMark(
  lines: readonly string[],
  fallback: DecimalSeparator,
): DecimalSeparator {
  let points = 0
  let commas = 0
  for (const line of lines) {
    for (const word of line.split(' ')) {
      if (!NUMBER.test(word)) continue
      const shown = separatorShown(word)
      if (shown === '.') points += 1
      else if (shown === ',') commas += 1
    }
  }
  if (points === commas) return fallback
  return points > commas ? '.' : ','
}

/** Reads the numbers of one document. */
export class PdfNumbers {
  constructor(private readonly mark: DecimalSeparator) {}

  static of(lines: readonly string[], fallback: DecimalSeparator): PdfNumbers {
    return new PdfNumbers(documentMark(lines, fallback))
  }

  /** `'-1.234,50'` → `'-1234.5'`; throws `pdf_incomplete` naming the text if it is none. */
  read(text: string): string {
    if (!NUMBER.test(text)) incomplete(text)
    const parsed = parseImportNumber(text, separatorShown(text) ?? this.mark)
    if (!parsed.ok) incomplete(text)
    return trimDecimal(parsed.value)
  }
}

export function magnitude(value: string): string {
  return value.replace(/^-/, '')
}

/** `a ÷ b` to cents, half away from zero, as brokers convert. */
export function toCents(value: string, divisor = '1'): string {
  return decimal(value).div(decimal(divisor), 2, 'half-away-from-zero').toString()
}

/** Equal to within `tolerance`: a figure the document rounded is checked against the sum. */
export function near(a: string, b: string, tolerance: string): boolean {
  return compareDecimalText(magnitude(subtractDecimals(a, b)), tolerance) <= 0
}

/**
 * A date as these documents print it (`13.05.2019`, `2026-06-04`, Midas's `07/08/23`) → ISO.
 * Two-digit years are this century's.
 */
export function isoDate(text: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (iso) return text
  const dotted = /^(\d{2})[./](\d{2})[./](\d{2}|\d{4})$/.exec(text)
  if (!dotted) incomplete(text)
  const [, day = '', month = '', year = ''] = dotted
  const full = year.length === 2 ? `20${year}` : year
  const date = new Date(`${full}-${month}-${day}T00:00:00Z`)
  if (Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(day)) incomplete(text)
  return `${full}-${month}-${day}`
}
