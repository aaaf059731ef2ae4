import type { GermanTaxPerson, GermanTaxView } from '../../shared/api/schemas'
import { formatFileDate } from '../../shared/i18n/format'
import type { Translator } from '../../shared/i18n/translator'
import { moneyText } from '../../shared/import/export-precision'
import { fileFormatLocale, spreadsheetFormat } from '../../shared/import/spreadsheet-format'
import { BYTE_ORDER_MARK, csvText, type Cell } from '../../shared/import/write-csv'
import { statementOf } from './statement'

type Texts = Pick<Translator, 't' | 'locale'>

/**
 * How a language's spreadsheet reads amounts of a currency (to its minor unit, the language's
 * decimal mark) and dates; the tax screens' CSVs write their cells with these.
 */
export function cellsIn(locale: Translator['locale'], currency: string) {
  const { separator, decimalSeparator } = spreadsheetFormat(locale)
  return {
    separator,
    decimalSeparator,
    money: (amount: string): Cell => ({
      number: moneyText(amount, currency).replace('.', decimalSeparator),
    }),
    date: (value: string) => formatFileDate(fileFormatLocale(locale), value),
  }
}

/**
 * A depot's German tax year as a CSV for a spreadsheet, in the reader's language as this app's
 * spreadsheet export writes it (its separator, decimal mark and dates): the statement's lines,
 * then every item of the year, then the Vorabpauschalen expected next January, and the note that
 * it is an estimate. Amounts to the cent, never grouped, so a spreadsheet reads them as numbers.
 */
export function statementCsv(
  view: GermanTaxView,
  portfolioName: string,
  { t, locale }: Texts,
): string {
  const { separator, decimalSeparator, money: euros, date } = cellsIn(locale, 'EUR')
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

/**
 * A person's German tax year across depots as a CSV, in the reader's language like the depot's:
 * a row per depot and the total, the Sparer-Pauschbetrag given and used, the tax return's
 * estimate, and the note that it is an estimate.
 */
export function personCsv(person: GermanTaxPerson, { t, locale }: Texts): string {
  const { separator, money: euros, date } = cellsIn(locale, 'EUR')
  const year = String(person.year)
  const church = person.churchTaxRate !== '0'
  const figures = (row: GermanTaxPerson['totals']): Cell[] => [
    euros(row.income),
    euros(row.freistellungsauftrag),
    euros(row.allowanceUsed),
    euros(row.kapESt),
    euros(row.soli),
    ...(church ? [euros(row.churchTax)] : []),
    euros(row.carriedOut.shares),
    euros(row.carriedOut.general),
  ]
  // The screen's column names break long German words with soft hyphens; a file has no columns
  // to fit.
  const header = (text: string) => text.replaceAll('\u00ad', '')
  const rows: Cell[][] = [
    [t('tax.person.heading', { year })],
    [t('tax.csv.asOf'), date(person.asOf)],
    [],
    [
      ...[
        t('tax.person.depots.depot'),
        t('tax.person.depots.income'),
        t('tax.lines.freistellungsauftrag'),
        t('tax.person.depots.allowance'),
        t('tax.person.depots.kapESt'),
        t('tax.person.depots.soli'),
        ...(church ? [t('tax.person.depots.churchTax')] : []),
        `${t('tax.person.depots.losses')}: ${t('tax.person.depots.lossesShares')}`,
        `${t('tax.person.depots.losses')}: ${t('tax.person.depots.lossesGeneral')}`,
      ].map(header),
    ],
    ...person.depots.map((depot) => [depot.name, ...figures(depot)]),
    [t('tax.person.depots.total'), ...figures(person.totals)],
    [],
    [
      t('tax.person.allowance.sparerPauschbetrag', { year }),
      euros(person.allowance.sparerPauschbetrag),
    ],
    [t('tax.person.allowance.given'), euros(person.allowance.given)],
    [t('tax.person.allowance.used'), euros(person.allowance.used)],
    [t('tax.person.allowance.unused'), euros(person.allowance.unused)],
    [t('tax.person.refundTotal'), euros(person.refund.total)],
    [],
    [t('tax.honesty.estimate')],
  ]
  return BYTE_ORDER_MARK + csvText(rows, separator)
}
