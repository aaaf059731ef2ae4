import type { Income, PortfolioReport } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { formatDate, formatMoney } from '../../../shared/i18n/format'
import { Explained } from '../explain/explained-figure'
import { Gain } from './figures'
import { ScrollTable, cardCell } from './scroll-table'

type Amounts = Income['gross']

/**
 * Dividends and interest, newest first: gross, withholding tax, charges (when any were taken)
 * and net, every column in the base currency at the payment's rate; a payment in another
 * currency shows its own amounts under them.
 */
export function IncomeTable(props: { report: PortfolioReport; instrumentId?: string }) {
  const { t, formatLocale } = useI18n()
  const { report } = props
  const base = report.baseCurrency
  const rows = report.income
    .filter((item) => !props.instrumentId || item.instrument?.id === props.instrumentId)
    .toSorted((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
  if (rows.length === 0) return <p className="muted">{t('portfolio.detail.income.none')}</p>
  const charged = rows.some((item) => item.fee.instrument !== '0')
  /** A payment in another currency: the figure in its own, under the base currency's. */
  const original = (item: Income, figure: Amounts) =>
    item.currency === base ? null : (
      <span className="cell-note">
        {formatMoney(formatLocale, figure.instrument, item.currency)}
      </span>
    )
  const amount = (item: Income, figure: Amounts) => (
    <>
      {formatMoney(formatLocale, figure.base, base)}
      {original(item, figure)}
    </>
  )
  const labels = {
    date: t('portfolio.detail.sales.date'),
    kind: t('portfolio.detail.income.kind'),
    gross: t('portfolio.detail.income.gross'),
    tax: t('portfolio.detail.income.tax'),
    fee: t('portfolio.detail.income.fee'),
    net: t('portfolio.detail.income.net'),
  }
  return (
    <ScrollTable caption={t('portfolio.detail.income.caption', { currency: base })}>
      <thead>
        <tr>
          <th scope="col">{labels.date}</th>
          <th scope="col" className="text">
            {labels.kind}
          </th>
          <th scope="col">{labels.gross}</th>
          <th scope="col">{labels.tax}</th>
          {charged ? <th scope="col">{labels.fee}</th> : null}
          <th scope="col">{labels.net}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((item) => (
          <tr key={item.transactionId}>
            <th scope="row" {...cardCell('key', labels.date)}>
              {formatDate(formatLocale, item.date)}
            </th>
            <td {...cardCell('key', labels.kind, 'text')}>
              {t(`portfolio.form.types.${item.type}`)}
              {item.instrument ? ` · ${item.instrument.code}` : ''}
            </td>
            <td {...cardCell('key', labels.gross)}>{amount(item, item.gross)}</td>
            <td {...cardCell('key', labels.tax)}>{amount(item, item.tax)}</td>
            {charged ? <td {...cardCell('key', labels.fee)}>{amount(item, item.fee)}</td> : null}
            <td {...cardCell('key', labels.net)}>
              <Explained
                figure={{ scope: 'income', id: item.transactionId, name: 'net' }}
                title={t('portfolio.common.figureOf', {
                  figure: labels.net,
                  subject: `${t(`portfolio.form.types.${item.type}`)}, ${formatDate(formatLocale, item.date)}`,
                })}
                dates={{ asOf: report.asOf }}
              >
                <Gain amount={item.net.base} currency={base} />
              </Explained>
              {original(item, item.net)}
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  )
}
