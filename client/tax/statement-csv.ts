import type { GermanTaxView } from '../../shared/api/schemas'
import { formatFileDate } from '../../shared/i18n/format'
import type { Translator } from '../../shared/i18n/translator'
import { moneyText } from '../../shared/import/export-precision'
import { fileFormatLocale, spreadsheetFormat } from '../../shared/import/spreadsheet-format'
import { BYTE_ORDER_MARK, csvText, type Cell } from '../../shared/import/write-csv'
import { statementOf } from './statement'

/**
 * A depot's German tax year as a CSV for a spreadsheet, in the reader's language as this app's
 * spreadsheet export writes it (its separator, decimal mark and dates): the statement's lines,
 * then every item of the year, then the Vorabpauschalen expected next January, and the note that
 * it is an estimate. Amounts to the cent, never grouped, so a spreadsheet reads them as numbers.
 */
export function statementCsv(
  view: GermanTaxView,
  portfolioName: string,
  { t, locale }: Pick<Translator, 't' | 'locale'>,
): string {
  const { separator, decimalSeparator } = spreadsheetFormat(locale)
  const euros = (amount: string): Cell => ({
    number: moneyText(amount, 'EUR').replace('.', decimalSeparator),
  })
  const date = (value: string) => formatFileDate(fileFormatLocale(locale), value)
  const year = String(view.year)
  const rows: Cell[][] = [
    [t('tax.depot.heading', { year }), portfolioName],
    [t('tax.csv.asOf'), date(view.asOf)],
    [],
  ]
  for (const section of statementOf(view)) {
    rows.push([t(section.heading, { year, next: String(view.year + 1) })])
    for (const line of section.lines) rows.push([t(line.label), euros(line.amount)])
    rows.push([])
  }
  rows.push([t('tax.items.caption', { year })])
  rows.push([
    t('tax.items.date'),
    t('tax.items.kind'),
    t('tax.items.instrument'),
    'ISIN',
    t('tax.items.pot'),
    t('tax.items.gross'),
    t('tax.items.amount'),
    t('tax.items.foreignTax'),
  ])
  for (const item of view.items) {
    rows.push([
      date(item.date),
      t(`tax.kinds.${item.kind}`),
      item.instrument?.name ?? '',
      item.instrument?.isin ?? '',
      t(`tax.pots.${item.pot}`),
      euros(item.gross),
      euros(item.amount),
      euros(item.creditableForeignTax),
    ])
  }
  if (view.expectedVorabpauschalen.length > 0) {
    rows.push([], [t('tax.expected.caption', { next: String(view.year + 1) })])
    rows.push([
      t('tax.items.instrument'),
      'ISIN',
      t('tax.expected.units'),
      t('tax.items.gross'),
      t('tax.items.amount'),
      t('tax.expected.receivedOn'),
    ])
    for (const each of view.expectedVorabpauschalen) {
      rows.push([
        each.instrument?.name ?? '',
        each.instrument?.isin ?? '',
        { number: each.units.replace('.', decimalSeparator) },
        euros(each.amount),
        euros(each.taxable),
        date(each.receivedOn),
      ])
    }
  }
  rows.push([], [t('tax.honesty.estimate')])
  return BYTE_ORDER_MARK + csvText(rows, separator)
}
