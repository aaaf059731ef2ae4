import { foldKey } from './fold-key'

/**
 * Where the table starts and ends in a sheet that is not only a table: bank and broker
 * statements open with a preamble (customer, account number, date range) and close with a
 * total. The header is the row with the most text cells (not numbers, not dates) among the first
 * rows, all of its cells text (a data row has a number or a date), followed by rows about as
 * wide; trailing blank and total rows are no data.
 */

/** Rows searched for the header: a statement's preamble is a handful of lines. */
export const HEADER_SEARCH_ROWS = 30

/** First cells of a closing total row (folded): Turkish, English, German. */
const TOTAL_LABELS = ['Toplam', 'Genel Toplam', 'Ara Toplam', 'Total', 'Grand Total', 'Summe'].map(
  foldKey,
)

/** `header` is the header's index; the data rows are those after it up to `end` (exclusive). */
export interface HeaderRow {
  header: number
  end: number
}

const DATE_LIKE = /^\d{1,4}[-./]\d{1,2}[-./]\d{1,4}(?:[T ]\d{1,2}:\d{2}(?::\d{2})?)?$/
/** Digits with grouping, a sign or parentheses, a percent sign or a currency beside them. */
const NUMBER_LIKE = /^[-+(]?\d[\d\s.,']*\)?%?$/
const CURRENCY = /[₺$€£]|\b(?:TRY|TL|USD|EUR|GBP)\b/gi

function isText(cell: string): boolean {
  const value = cell.trim()
  if (value === '' || DATE_LIKE.test(value)) return false
  return !NUMBER_LIKE.test(value.replace(CURRENCY, '').trim())
}

const filled = (row: readonly string[]) => row.filter((cell) => cell.trim() !== '').length
const isBlank = (row: readonly string[]) => filled(row) === 0

/** One past the last filled cell. */
function span(row: readonly string[]): number {
  for (let index = row.length - 1; index >= 0; index -= 1) {
    if ((row[index] ?? '').trim() !== '') return index + 1
  }
  return 0
}

function isTotal(row: readonly string[]): boolean {
  const first = foldKey(row.find((cell) => cell.trim() !== '') ?? '')
  return TOTAL_LABELS.some((label) => first === label || first.startsWith(`${label} `))
}

/** The next filled row, if any, reaches at least half as far as the header (cells may be empty). */
function followedBySimilar(rows: readonly (readonly string[])[], index: number): boolean {
  const next = rows.slice(index + 1).find((row) => !isBlank(row))
  return next === undefined || (filled(next) >= 2 && span(next) * 2 >= span(rows[index] ?? []))
}

/**
 * @example findHeaderRow([['Müşteri', 'A. Yılmaz'], [], ['Tarih', 'İşlem', 'Adet'], ['02.01.2024', 'Alış', '10'], ['Toplam', '', '10']])
 * // { header: 2, end: 4 }
 */
export function findHeaderRow(rows: readonly (readonly string[])[]): HeaderRow {
  let header = rows.findIndex((row) => !isBlank(row))
  let best = 1
  for (let index = 0; index < Math.min(rows.length, HEADER_SEARCH_ROWS); index += 1) {
    const row = rows[index] ?? []
    const texts = row.filter(isText).length
    if (texts > best && texts === filled(row) && followedBySimilar(rows, index)) {
      header = index
      best = texts
    }
  }
  if (header < 0) return { header: 0, end: 0 }
  let end = rows.length
  while (end > header + 1 && (isBlank(rows[end - 1] ?? []) || isTotal(rows[end - 1] ?? []))) {
    end -= 1
  }
  return { header, end }
}
