import type { Transaction } from '../api/schemas/transaction'
import { formatFileDate } from '../i18n/format'
import type { Translator } from '../i18n/translator'
import { moneyText, priceText, quantityText, rateText } from './export-precision'
import { KIYMET_COLUMNS } from './kiymet-format'
import { fileFormatLocale, spreadsheetFormat } from './spreadsheet-format'
import { BYTE_ORDER_MARK, csvText, type Cell } from './write-csv'

/**
 * This app's spreadsheet export: the columns of its own CSV (kiymet-format.ts) in the reader's
 * language, to open in Excel or LibreOffice as they are set up for it. Headers as the import
 * dialog names the fields, type words as the screens write them, dates in the language's order,
 * its decimal mark and the separator that goes with it (spreadsheet-format.ts), numbers at the
 * precision a person reads (export-precision.ts) and never grouped, so spreadsheets take them as
 * numbers. UTF-8 with a byte order mark. The `kiymet_spreadsheet` preset reads it back.
 */

type Field = (typeof KIYMET_COLUMNS)[number][0]

/** What the rows need besides the transactions: each instrument's latest close, by id. */
export interface SpreadsheetContext {
  translator: Translator
  quoted: ReadonlyMap<string, string>
}

function rowOf(
  transaction: Transaction,
  { translator: { t, locale }, quoted }: SpreadsheetContext,
  decimalSeparator: string,
): Record<Field, Cell> {
  const number = (text: string | null): Cell =>
    text === null ? '' : { number: text.replace('.', decimalSeparator) }
  const money = (amount: string | null, currency: string | null) =>
    number(amount === null ? null : moneyText(amount, currency))
  const rate = (value: string | null) => number(value === null ? null : rateText(value))
  const date = (value: string | null) =>
    value === null ? '' : formatFileDate(fileFormatLocale(locale), value)
  const { instrument, currency, unitPrice, quantity, splitRatio } = transaction
  return {
    date: date(transaction.tradeDate),
    type: t(`portfolio.form.types.${transaction.type}`),
    code: instrument?.code ?? '',
    isin: instrument?.isin ?? '',
    name: instrument?.name ?? '',
    instrumentType: instrument ? t(`portfolio.form.instrumentTypes.${instrument.type}`) : '',
    exchange: instrument?.exchange ?? '',
    quantity: number(quantity === null ? null : quantityText(quantity)),
    price: number(
      unitPrice === null
        ? null
        : priceText(unitPrice, currency, instrument, quoted.get(instrument?.id ?? '') ?? null),
    ),
    amount: money(transaction.amount, currency),
    fee: money(transaction.fee, currency),
    tax: money(transaction.tax, currency),
    currency,
    fxRate: rate(transaction.fxRate),
    // Text, not a number: each part of `2:1` with the language's decimal mark.
    splitRatio: splitRatio?.replaceAll('.', decimalSeparator) ?? '',
    acquiredDate: date(transaction.acquiredDate),
    acquisitionFxRate: rate(transaction.acquisitionFxRate),
    toCurrency: transaction.toCurrency ?? '',
    toAmount: money(transaction.toAmount, transaction.toCurrency),
    note: transaction.note ?? '',
  }
}

/** Every field of every transaction, in the order given, as the translator's language writes it. */
export function writeSpreadsheetCsv(
  transactions: readonly Transaction[],
  context: SpreadsheetContext,
): string {
  const { separator, decimalSeparator } = spreadsheetFormat(context.translator.locale)
  const header = KIYMET_COLUMNS.map(([field]) =>
    context.translator.t(`import.dialog.fields.${field}`),
  )
  const rows = transactions.map((transaction) => {
    const cells = rowOf(transaction, context, decimalSeparator)
    return KIYMET_COLUMNS.map(([field]) => cells[field])
  })
  return BYTE_ORDER_MARK + csvText([header, ...rows], separator)
}
