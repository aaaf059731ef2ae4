import type { TurkishTaxPerson, TurkishTaxView } from '../../shared/api/schemas'
import { fileFormatLocale } from '../../shared/import/spreadsheet-format'
import type { Translator } from '../../shared/i18n/translator'
import { BYTE_ORDER_MARK, csvText, type Cell } from '../../shared/import/write-csv'
import { cellsIn } from './statement-csv'
import { itemDetails, itemFigures } from './turkish-tax-items'
import { PERSON_COLUMNS } from './turkish-person-table'
import { turkishStatementOf } from './turkish-statement'

type Texts = Pick<Translator, 't' | 'locale'>

/** The summary's sections, a line a row and a blank row after each, as the screen shows them. */
function summaryRows(
  view: { year: number; assessment: TurkishTaxView['assessment'] },
  money: (amount: string) => Cell,
  t: Translator['t'],
): Cell[][] {
  const rows: Cell[][] = []
  for (const section of turkishStatementOf(view)) {
    rows.push([t(section.heading, { year: String(view.year), next: String(view.year + 1) })])
    for (const line of section.lines) {
      rows.push([t(line.label), line.text ? t(line.text) : money(line.amount)])
    }
    rows.push([])
  }
  return rows
}

/**
 * A portfolio's Turkish tax year as a CSV for a spreadsheet, in the reader's language as the
 * German statement's is written (its separator, decimal mark and dates): the summary's lines,
 * then every item of the year with its figures and why, and the note that it is an estimate.
 * Amounts to the kuruş, never grouped, so a spreadsheet reads them as numbers.
 */
export function turkishTaxCsv(
  view: TurkishTaxView,
  portfolioName: string,
  { t, locale }: Texts,
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
  rows.push(...summaryRows(view, money, t))
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

/**
 * A person's Turkish tax year across their portfolios as a CSV, written as a portfolio's is: a row
 * per portfolio with its stopaj and foreign figures, then the summary of all of them together
 * with the beyanname, and the note that it is an estimate.
 */
export function turkishPersonCsv(person: TurkishTaxPerson, { t, locale }: Texts): string {
  const { separator, money, date } = cellsIn(locale, 'TRY')
  const year = String(person.year)
  const rows: Cell[][] = [
    [t('tax.turkey.person.heading', { year })],
    [t('tax.csv.asOf'), date(person.asOf)],
    [],
    [
      t('tax.turkey.person.portfolios.portfolio'),
      t('tax.turkey.person.portfolios.currency'),
      ...PERSON_COLUMNS.map((column) => t(`tax.turkey.person.portfolios.${column}`)),
      t('tax.turkey.person.portfolios.notCovered'),
      // The screen's column names break long German words with soft hyphens; a file has none.
    ].map((text) => text.replaceAll('\u00ad', '')),
    ...person.portfolios.map((portfolio) => [
      portfolio.name,
      portfolio.baseCurrency,
      ...PERSON_COLUMNS.map((column) => money(portfolio[column])),
      { number: String(portfolio.notCovered) },
    ]),
    [],
    ...summaryRows(person, money, t),
    [t('tax.turkey.person.estimate')],
  ]
  return BYTE_ORDER_MARK + csvText(rows, separator)
}
