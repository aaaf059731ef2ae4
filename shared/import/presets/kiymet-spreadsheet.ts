import type { ImportField } from '../../api/schemas/import'
import { LOCALE_CODES, type Locale } from '../../i18n/locales'
import { spreadsheetFormat } from '../spreadsheet-format'
import {
  hasAll,
  type FoldedHeader,
  type HeaderNames,
  type PresetDefinition,
} from './preset-definition'

/**
 * This app's spreadsheet export (write-spreadsheet-csv.ts), in any of its languages. Its headers
 * are the import dialog's field names (`import.dialog.fields` in the locale files; a test keeps
 * the first name of each here equal to them): a name the locale files drop stays here, after the
 * current one, so files written before still read. The language of the headers tells the
 * separator, the decimal mark and the order of the dates (spreadsheet-format.ts).
 */
const HEADERS: Record<Locale, Record<ImportField, readonly string[]>> = {
  tr: {
    date: ['Tarih'],
    type: ['İşlem türü'],
    code: ['Kod'],
    isin: ['ISIN'],
    name: ['Ad'],
    instrumentType: ['Menkul kıymet türü'],
    exchange: ['Borsa'],
    quantity: ['Adet'],
    price: ['Fiyat'],
    amount: ['Tutar'],
    fee: ['Komisyon'],
    tax: ['Vergi'],
    currency: ['Para birimi'],
    fxRate: ['Döviz kuru'],
    splitRatio: ['Bölünme oranı'],
    acquiredDate: ['İlk alış tarihi'],
    acquisitionFxRate: ['Alış tarihindeki döviz kuru'],
    toCurrency: ['Alınan para birimi (çevirim)'],
    toAmount: ['Alınan tutar (çevirim)'],
    note: ['Not'],
  },
  en: {
    date: ['Date'],
    type: ['Type'],
    code: ['Code'],
    isin: ['ISIN'],
    name: ['Name'],
    instrumentType: ['Kind of instrument'],
    exchange: ['Exchange'],
    quantity: ['Quantity'],
    price: ['Price'],
    amount: ['Amount'],
    fee: ['Fee'],
    tax: ['Tax'],
    currency: ['Currency'],
    fxRate: ['Exchange rate'],
    splitRatio: ['Split ratio'],
    acquiredDate: ['Originally bought on'],
    acquisitionFxRate: ['Exchange rate when bought'],
    toCurrency: ['Currency received (exchange)'],
    toAmount: ['Amount received (exchange)'],
    note: ['Note'],
  },
  de: {
    date: ['Datum'],
    type: ['Art'],
    code: ['Kürzel'],
    isin: ['ISIN'],
    name: ['Name'],
    instrumentType: ['Wertpapierart'],
    exchange: ['Börse'],
    quantity: ['Stückzahl'],
    price: ['Kurs'],
    amount: ['Betrag'],
    fee: ['Gebühren'],
    tax: ['Steuern'],
    currency: ['Währung'],
    fxRate: ['Wechselkurs'],
    splitRatio: ['Split-Verhältnis'],
    acquiredDate: ['Ursprünglich gekauft am'],
    acquisitionFxRate: ['Wechselkurs beim Kauf'],
    toCurrency: ['Erhaltene Währung (Wechsel)'],
    toAmount: ['Erhaltener Betrag (Wechsel)'],
    note: ['Notiz'],
  },
}

/** The names of each field's column in the file's language, as the export writes them. */
export function spreadsheetHeaders(locale: Locale): Record<ImportField, readonly string[]> {
  return HEADERS[locale]
}

/** The language whose every header the file has; null when it is no spreadsheet export. */
function fileLocale(headers: readonly FoldedHeader[]): Locale | null {
  return LOCALE_CODES.find((locale) => hasAll(headers, Object.values(HEADERS[locale]))) ?? null
}

/** Field → its names in every language; no name is two fields' (tested). */
const ALL_HEADERS = Object.fromEntries(
  Object.keys(HEADERS.en).map((field) => [
    field,
    LOCALE_CODES.flatMap((locale) => HEADERS[locale][field as ImportField]),
  ]),
) as HeaderNames

export const kiymetSpreadsheetPreset: PresetDefinition = {
  headers: ALL_HEADERS,
  detect: (_table, headers) => fileLocale(headers) !== null,
  readOptions: { encoding: 'utf-8' },
  readOptionsOf(headers) {
    const locale = fileLocale(headers)
    return locale === null ? {} : spreadsheetFormat(locale)
  },
  neutralizedCells: true,
}
