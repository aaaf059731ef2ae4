import type { TurkishTaxView } from '../../shared/api/schemas'
import { fileFormatLocale } from '../../shared/import/spreadsheet-format'
import type { Translator } from '../../shared/i18n/translator'
import { BYTE_ORDER_MARK, csvText, type Cell } from '../../shared/import/write-csv'
import { cellsIn } from './statement-csv'
import { itemDetails, itemFigures } from './turkish-tax-items'
import { turkishStatementOf } from './turkish-statement'

/**
 * A lira portfolio's Turkish tax year as a CSV for a spreadsheet, in the reader's language as the
 * German statement's is written (its separator, decimal mark and dates): the summary's lines,
 * then every item of the year with its figures and why, and the note that it is an estimate.
 * Amounts to the kuruş, never grouped, so a spreadsheet reads them as numbers.
 */
export function turkishTaxCsv(
  view: TurkishTaxView,
  portfolioName: string,
  { t, locale }: Pick<Translator, 't' | 'locale'>,
): string {
  const { separator, money, date } = cellsIn(locale, 'TRY')
  // The details' dates and amounts as the file's language writes them.
  const texts = { t, formatLocale: fileFormatLocale(locale) }
  const year = String(view.year)
  const optional = (amount: string | null): Cell => (amount === null ? '' : money(amount))
  const rows: Cell[][] = [
    [t('tax.turkey.heading', { year }), portfolioName],
    [t('tax.csv.asOf'), date(view.asOf)],
    [],
  ]
  for (const section of turkishStatementOf(view)) {
    rows.push([t(section.heading, { year, next: String(view.year + 1) })])
    for (const line of section.lines) {
      rows.push([t(line.label), line.text ? t(line.text) : money(line.amount)])
    }
    rows.push([])
  }
  rows.push([t('tax.turkey.items.caption', { year })])
  rows.push([
    t('tax.items.date'),
    t('tax.items.kind'),
    t('tax.items.instrument'),
    'ISIN',
    t('tax.turkey.items.amount'),
    t('tax.turkey.items.indexed'),
    t('tax.turkey.items.tax'),
    t('tax.turkey.items.details'),
  ])
  for (const item of view.items) {
    const figures = itemFigures(item)
    rows.push([
      date(item.date),
      t(`tax.turkey.kinds.${item.kind}`),
      item.instrument?.name ?? '',
      item.instrument?.isin ?? '',
      optional(figures.amount),
      optional(figures.indexed),
      optional(figures.tax),
      itemDetails(item, texts).join(' | '),
    ])
  }
  rows.push([], [t('tax.turkey.honesty.estimate')])
  return BYTE_ORDER_MARK + csvText(rows, separator)
}
