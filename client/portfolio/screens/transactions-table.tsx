import type { NegativeCash, Transaction } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { formatDate, formatMoney, formatNumber, formatUnitPrice } from '../../../shared/i18n/format'
import { ConfirmAction } from './confirm-action'
import { InstrumentLink } from './instrument-link'
import { ScrollTable, cardCell } from './scroll-table'
import { publishedDecimals } from '../../../shared/portfolio/price-providers'

/**
 * Transactions, newest first, each with edit and delete: an instrument's, or (given
 * `portfolioId`) a portfolio's, each then naming its instrument or the cash it moved. A
 * transaction after which the cash first ended a day below zero says so (`negativeCash`, from
 * the report).
 */
export function TransactionsTable(props: {
  transactions: Transaction[]
  negativeCash: NegativeCash[]
  /** Lists the whole portfolio's: a column names each row's instrument. */
  portfolioId?: string
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
  const labels = {
    date: t('portfolio.detail.sales.date'),
    type: t('portfolio.instrument.transactions.type'),
    instrument: t('portfolio.detail.holdings.instrument'),
    quantity: t('portfolio.detail.holdings.quantity'),
    price: t('portfolio.instrument.transactions.price'),
    amount: t('portfolio.instrument.transactions.amount'),
    fee: t('portfolio.instrument.transactions.fee'),
    tax: t('portfolio.instrument.transactions.tax'),
  }
  return (
    <ScrollTable
      caption={t(
        props.portfolioId
          ? 'portfolio.detail.transactions.caption'
          : 'portfolio.instrument.transactions.caption',
      )}
      className={
        props.portfolioId
          ? 'transactions-table transactions-table--portfolio'
          : 'transactions-table'
      }
    >
      <thead>
        <tr>
          <th scope="col">{labels.date}</th>
          <th scope="col" className="text">
            {labels.type}
          </th>
          {props.portfolioId ? (
            <th scope="col" className="text">
              {labels.instrument}
            </th>
          ) : null}
          <th scope="col">{labels.quantity}</th>
          <th scope="col">{labels.price}</th>
          <th scope="col">{labels.amount}</th>
          <th scope="col">{labels.fee}</th>
          <th scope="col">{labels.tax}</th>
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
          const belowZero = props.negativeCash.filter(
            (entry) => entry.transactionId === transaction.id,
          )
          return (
            <tr
              key={transaction.id}
              // An explanation links here, to the transaction a figure came from.
              id={`transaction-${transaction.id}`}
              className={belowZero.length > 0 ? 'row--warning' : undefined}
            >
              <th scope="row" {...cardCell('key', labels.date)}>
                {formatDate(formatLocale, transaction.tradeDate)}
              </th>
              <td {...cardCell('key', labels.type, 'text')}>
                {t(`portfolio.form.types.${transaction.type}`)}
                {transaction.splitRatio ? ` ${transaction.splitRatio}` : ''}
                {belowZero.map((entry) => (
                  <span key={entry.currency} className="cell-note row-warning">
                    {t('portfolio.detail.negativeCash.rowMark', { currency: entry.currency })}
                  </span>
                ))}
              </td>
              {props.portfolioId ? (
                <td {...cardCell('line', labels.instrument, 'text instrument-cell')}>
                  {transaction.instrument ? (
                    <InstrumentLink
                      portfolioId={props.portfolioId}
                      instrument={transaction.instrument}
                    />
                  ) : (
                    t('portfolio.detail.transactions.cash')
                  )}
                </td>
              ) : null}
              <td {...cardCell('key', labels.quantity)}>{quantity(transaction.quantity)}</td>
              <td {...cardCell('key', labels.price)}>
                {price(transaction, transaction.unitPrice, transaction.currency)}
              </td>
              <td {...cardCell('key', labels.amount)}>
                {money(transaction.amount, transaction.currency)}
              </td>
              <td {...cardCell('key', labels.fee)}>
                {money(transaction.fee, transaction.currency)}
              </td>
              <td {...cardCell('key', labels.tax)}>
                {money(transaction.tax, transaction.currency)}
              </td>
              <td {...cardCell('actions')}>
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
