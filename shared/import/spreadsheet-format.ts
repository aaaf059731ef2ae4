import { decimalMark, formatFileDate } from '../i18n/format'
import { AUTOMATIC_FORMATS, formatLocaleOf } from '../i18n/format-locale'
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

/**
 * The file is one per language, whoever reads it: an English one is written as in the United
 * States (`11/20/2026`, `1234.5`), whatever region the reader's screens follow.
 * @example spreadsheetFormat('de') // { separator: ';', decimalSeparator: ',', dateOrder: 'DMY' }
 */
export function spreadsheetFormat(locale: Locale): SpreadsheetFormat {
  const tag = fileFormatLocale(locale)
  const decimalSeparator = decimalMark(tag)
  const first = /\d+/.exec(formatFileDate(tag, PROBE_DATE))?.[0]
  return {
    separator: decimalSeparator === ',' ? ';' : ',',
    decimalSeparator,
    dateOrder: Number(first) === 3 ? 'DMY' : 'MDY',
  }
}

/** The formatting locale of a language's spreadsheet file. */
export function fileFormatLocale(locale: Locale) {
  return formatLocaleOf(locale, AUTOMATIC_FORMATS)
}
