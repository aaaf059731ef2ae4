import { decimalMark, formatFileDate } from '../i18n/format'
import type { Locale } from '../i18n/locales'
import type { DateOrder } from './import-date'

/**
 * How this app's spreadsheet export is written in a language, and so how the import reads it
 * back: the language's decimal mark (shared/i18n/format.ts), the separator Excel and LibreOffice
 * expect beside it (their list separator: `;` where the decimal mark is a comma), and the order
 * of a date's parts as the language writes them.
 */
export interface SpreadsheetFormat {
  separator: ',' | ';'
  decimalSeparator: '.' | ','
  dateOrder: DateOrder
}

/** A day (3) and a month (2) that cannot be taken for each other. */
const PROBE_DATE = '2001-02-03'

/** @example spreadsheetFormat('de') // { separator: ';', decimalSeparator: ',', dateOrder: 'DMY' } */
export function spreadsheetFormat(locale: Locale): SpreadsheetFormat {
  const decimalSeparator = decimalMark(locale)
  const first = /\d+/.exec(formatFileDate(locale, PROBE_DATE))?.[0]
  return {
    separator: decimalSeparator === ',' ? ';' : ',',
    decimalSeparator,
    dateOrder: Number(first) === 3 ? 'DMY' : 'MDY',
  }
}
