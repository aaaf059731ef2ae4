import type { TurkishTaxPerson } from '../../shared/api/schemas'
import { formatMoney, formatNumber } from '../../shared/i18n/format'
import { buildPath } from '../../shared/routes/build-path'
import { useI18n } from '../app/i18n-context'
import { Gain } from '../portfolio/screens/figures'
import { ScrollTable, cardCell } from '../portfolio/screens/scroll-table'

type Row = TurkishTaxPerson['portfolios'][number]

/** A portfolio's figures in the order of the table's columns (and the CSV's). */
export const PERSON_COLUMNS = [
  'fundStopaj',
  'turkishDividends',
  'turkishDividendStopaj',
  'foreignGains',
  'foreignGainsWithoutIndexation',
  'foreignDividends',
  'foreignTax',
] as const satisfies readonly (keyof Row)[]

/** The columns a phone's card shows first; the rest follow line by line. */
const KEY_COLUMNS: ReadonlySet<(typeof PERSON_COLUMNS)[number]> = new Set([
  'fundStopaj',
  'turkishDividendStopaj',
])

/** Foreign gains can be losses: signed, as on the portfolio's own screen. */
const SIGNED: ReadonlySet<(typeof PERSON_COLUMNS)[number]> = new Set([
  'foreignGains',
  'foreignGainsWithoutIndexation',
])

/**
 * One row per portfolio: the stopaj withheld there (on fund sales, on Turkish dividends), its
 * foreign sales' gains with and without indexation, its foreign dividends with the tax withheld
 * abroad, and the entries not covered. Each name opens the portfolio's own Turkish tax year.
 * Below 640 px each row is a card: the name and the stopaj first, then the rest line by line.
 */
export function TurkishPersonTable({ person }: { person: TurkishTaxPerson }) {
  const { t, plural, locale, formatLocale } = useI18n()
  const lira = (amount: string) => formatMoney(formatLocale, amount, 'TRY')
  const label = (column: (typeof PERSON_COLUMNS)[number] | 'portfolio' | 'notCovered') =>
    t(`tax.turkey.person.portfolios.${column}`)
  return (
    <ScrollTable
      caption={t('tax.turkey.person.portfolios.caption', { year: String(person.year) })}
      className="tax-person__depots"
    >
      <thead>
        <tr>
          <th scope="col">{label('portfolio')}</th>
          {PERSON_COLUMNS.map((column) => (
            <th key={column} scope="col">
              {label(column)}
            </th>
          ))}
          <th scope="col">{label('notCovered')}</th>
        </tr>
      </thead>
      <tbody>
        {person.portfolios.map((portfolio) => (
          <tr key={portfolio.id}>
            <th scope="row" {...cardCell('title', undefined, 'text')}>
              <a
                href={buildPath('turkishTax', locale, {
                  id: portfolio.id,
                  year: String(person.year),
                })}
              >
                {portfolio.name}
              </a>
              {portfolio.baseCurrency === 'TRY' ? null : (
                <span className="cell-note">
                  {t('tax.turkey.person.portfolios.inCurrency', {
                    currency: portfolio.baseCurrency,
                  })}
                </span>
              )}
            </th>
            {PERSON_COLUMNS.map((column) => (
              <td
                key={column}
                {...cardCell(KEY_COLUMNS.has(column) ? 'key' : 'line', label(column))}
              >
                {SIGNED.has(column) ? (
                  <Gain amount={portfolio[column]} currency="TRY" />
                ) : (
                  lira(portfolio[column])
                )}
              </td>
            ))}
            <td {...cardCell('line', label('notCovered'))}>
              {portfolio.notCovered === 0 ? (
                <span className="muted">{t('tax.turkey.person.portfolios.none')}</span>
              ) : (
                plural('tax.turkey.person.portfolios.entries', portfolio.notCovered, {
                  count: formatNumber(formatLocale, portfolio.notCovered),
                })
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  )
}
