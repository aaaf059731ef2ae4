import type { PortfolioReport } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { formatDate, formatMoney } from '../../../shared/i18n/format'
import { Gain } from './figures'
import { ScrollTable } from './scroll-table'

/** Dividends and interest, newest first: gross, withholding tax, and net in the base currency. */
export function IncomeTable(props: { report: PortfolioReport; instrumentId?: string }) {
  const { t, formatLocale } = useI18n()
  const { report } = props
  const rows = report.income
    .filter((item) => !props.instrumentId || item.instrument?.id === props.instrumentId)
    .toSorted((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
  if (rows.length === 0) return <p className="muted">{t('portfolio.detail.income.none')}</p>
  return (
    <ScrollTable caption={t('portfolio.detail.income.caption')}>
      <thead>
        <tr>
          <th scope="col">{t('portfolio.detail.sales.date')}</th>
          <th scope="col" className="text">
            {t('portfolio.detail.income.kind')}
          </th>
          <th scope="col">{t('portfolio.detail.income.gross')}</th>
          <th scope="col">{t('portfolio.detail.income.tax')}</th>
          <th scope="col">{t('portfolio.detail.income.net')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((item) => (
          <tr key={item.transactionId}>
            <th scope="row">{formatDate(formatLocale, item.date)}</th>
            <td className="text">
              {t(`portfolio.form.types.${item.type}`)}
              {item.instrument ? ` · ${item.instrument.code}` : ''}
            </td>
            <td>{formatMoney(formatLocale, item.gross, item.currency)}</td>
            <td>{formatMoney(formatLocale, item.tax, item.currency)}</td>
            <td>
              <Gain amount={item.net.base} currency={report.baseCurrency} />
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  )
}
