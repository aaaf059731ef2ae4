import type { Transaction } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { formatDate, formatMoney, formatNumber, formatUnitPrice } from '../../../shared/i18n/format'
import { ConfirmAction } from './confirm-action'
import { ScrollTable } from './scroll-table'
import { publishedDecimals } from '../../../shared/portfolio/price-providers'

/** An instrument's transactions, newest first, each with edit and delete. */
export function TransactionsTable(props: {
  transactions: Transaction[]
  online: boolean
  onEdit(transaction: Transaction): void
  onDelete(transaction: Transaction): void
}) {
  const { t, formatLocale } = useI18n()
  const quantity = (value: string | null) =>
    value === null ? '' : formatNumber(formatLocale, value, { maximumFractionDigits: 8 })
  const money = (value: string | null, currency: string) =>
    value === null ? '' : formatMoney(formatLocale, value, currency)
  const price = (transaction: Transaction, value: string | null, currency: string) =>
    value === null
      ? ''
      : formatUnitPrice(
          formatLocale,
          value,
          currency,
          transaction.instrument ? publishedDecimals(transaction.instrument) : 0,
        )
  return (
    <ScrollTable
      caption={t('portfolio.instrument.transactions.caption')}
      className="transactions-table"
    >
      <thead>
        <tr>
          <th scope="col">{t('portfolio.detail.sales.date')}</th>
          <th scope="col" className="text">
            {t('portfolio.instrument.transactions.type')}
          </th>
          <th scope="col">{t('portfolio.detail.holdings.quantity')}</th>
          <th scope="col">{t('portfolio.instrument.transactions.price')}</th>
          <th scope="col">{t('portfolio.instrument.transactions.amount')}</th>
          <th scope="col">{t('portfolio.instrument.transactions.fee')}</th>
          <th scope="col">{t('portfolio.instrument.transactions.tax')}</th>
          <th scope="col">
            <span className="visually-hidden">
              {t('portfolio.instrument.transactions.actions')}
            </span>
          </th>
        </tr>
      </thead>
      <tbody>
        {props.transactions.map((transaction) => {
          const label = t('portfolio.instrument.transactions.which', {
            type: t(`portfolio.form.types.${transaction.type}`),
            date: formatDate(formatLocale, transaction.tradeDate),
          })
          return (
            <tr key={transaction.id}>
              <th scope="row">{formatDate(formatLocale, transaction.tradeDate)}</th>
              <td className="text">
                {t(`portfolio.form.types.${transaction.type}`)}
                {transaction.splitRatio ? ` ${transaction.splitRatio}` : ''}
              </td>
              <td>{quantity(transaction.quantity)}</td>
              <td>{price(transaction, transaction.unitPrice, transaction.currency)}</td>
              <td>{money(transaction.amount, transaction.currency)}</td>
              <td>{money(transaction.fee, transaction.currency)}</td>
              <td>{money(transaction.tax, transaction.currency)}</td>
              <td>
                <div className="row-actions">
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={t('portfolio.instrument.transactions.editOne', { which: label })}
                    aria-disabled={!props.online}
                    onClick={() => props.online && props.onEdit(transaction)}
                  >
                    {t('portfolio.common.edit')}
                  </button>
                  <ConfirmAction
                    label={t('portfolio.common.delete')}
                    labelFor={t('portfolio.instrument.transactions.deleteOne', { which: label })}
                    question={t('portfolio.instrument.transactions.deleteQuestion', {
                      which: label,
                    })}
                    confirmLabel={t('portfolio.common.delete')}
                    disabled={!props.online}
                    onConfirm={() => props.onDelete(transaction)}
                  />
                </div>
              </td>
            </tr>
          )
        })}
      </tbody>
    </ScrollTable>
  )
}
