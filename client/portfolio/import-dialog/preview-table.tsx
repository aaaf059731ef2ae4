import type { ImportRow } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { formatDate, formatMoney, formatNumber, formatUnitPrice } from '../../../shared/i18n/format'
import { ScrollTable, cardCell } from '../screens/scroll-table'

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const CURRENCY = /^[A-Z]{3}$/

/** The columns of a row; the problems of a row span them all, on a line of their own. */
const COLUMNS = 11

/**
 * Rows of the file as the transactions they become, in the page's number and date format: the
 * instrument marked as new, from the catalog or the user's own; a row already recorded marked
 * as skipped, one the program says is no transaction as left out (with why); under its row each
 * problem in red and each reading off the cell's face (scaled, derived, snapped), in the API's
 * words.
 */
export function PreviewTable(props: { rows: readonly ImportRow[] }) {
  const { t, locale, formatLocale } = useI18n()
  const quantity = (value: string | null) =>
    value === null ? '' : formatNumber(formatLocale, value, { maximumFractionDigits: 8 })
  const money = (value: string | null, currency: string | null) => {
    if (value === null) return ''
    if (currency !== null && CURRENCY.test(currency)) {
      return formatMoney(formatLocale, value, currency)
    }
    return formatNumber(formatLocale, value, { maximumFractionDigits: 8 })
  }
  // A fee or a tax of zero is none: left blank, as a file that leaves it empty shows it.
  const cost = (value: string | null, currency: string | null) =>
    value === null || !/[1-9]/.test(value) ? '' : money(value, currency)
  // A price per unit keeps every decimal the file gives it (a fund's 0,812345).
  const price = (value: string | null, currency: string | null) => {
    if (value === null) return ''
    if (currency !== null && CURRENCY.test(currency)) {
      return formatUnitPrice(formatLocale, value, currency)
    }
    return formatNumber(formatLocale, value, { maximumFractionDigits: 20 })
  }
  /**
   * A message under its own row without the "Row 3:" it starts with (the API's messages name
   * their row, for callers that show them alone); one naming other rows too stays whole.
   */
  const underRow = (message: string, row: number) => {
    const prefix = t('import.dialog.preview.rowPrefix', { row: formatNumber(formatLocale, row) })
    if (!message.startsWith(prefix)) return message
    const rest = message.slice(prefix.length)
    return rest.charAt(0).toLocaleUpperCase(locale) + rest.slice(1)
  }
  const labels = {
    row: t('import.dialog.preview.row'),
    status: t('import.dialog.preview.status'),
    date: t('import.dialog.fields.date'),
    type: t('import.dialog.fields.type'),
    instrument: t('import.dialog.preview.instrument'),
    quantity: t('import.dialog.fields.quantity'),
    price: t('import.dialog.fields.price'),
    amount: t('import.dialog.fields.amount'),
    fee: t('import.dialog.fields.fee'),
    tax: t('import.dialog.fields.tax'),
    note: t('import.dialog.fields.note'),
  }
  return (
    <ScrollTable caption={t('import.dialog.preview.caption')} className="import-preview">
      <thead>
        <tr>
          <th scope="col">{labels.row}</th>
          <th scope="col" className="text">
            {labels.status}
          </th>
          <th scope="col" className="text">
            {labels.date}
          </th>
          <th scope="col" className="text">
            {labels.type}
          </th>
          <th scope="col" className="text">
            {labels.instrument}
          </th>
          <th scope="col">{labels.quantity}</th>
          <th scope="col">{labels.price}</th>
          <th scope="col">{labels.amount}</th>
          <th scope="col">{labels.fee}</th>
          <th scope="col">{labels.tax}</th>
          <th scope="col" className="text">
            {labels.note}
          </th>
        </tr>
      </thead>
      {props.rows.map((row) => {
        const { transaction, instrument } = row
        const problem = row.problems.length > 0
        const status = problem
          ? t('import.dialog.preview.statusProblem')
          : row.leftOut
            ? t('import.dialog.preview.statusLeftOut')
            : row.duplicate
              ? t('import.dialog.preview.statusDuplicate')
              : t('import.dialog.preview.statusNew')
        const tone = problem
          ? 'import-row import-row--problem'
          : row.duplicate || row.leftOut
            ? 'import-row import-row--duplicate'
            : 'import-row'
        const remarks = [
          ...(row.leftOut ? [row.leftOut.message] : []),
          ...row.notices.map((notice) => notice.message),
        ]
        return (
          // One body per file row: its transaction and, under it, its problems.
          <tbody key={row.row} className={tone}>
            <tr>
              <th scope="row" {...cardCell('key', labels.row)}>
                {formatNumber(formatLocale, row.row)}
              </th>
              <td {...cardCell('key', labels.status, 'text import-row__status')}>{status}</td>
              <td {...cardCell('key', labels.date, 'text')}>
                {transaction.tradeDate && ISO_DATE.test(transaction.tradeDate)
                  ? formatDate(formatLocale, transaction.tradeDate)
                  : ''}
              </td>
              <td {...cardCell('key', labels.type, 'text')}>
                {transaction.type ? t(`portfolio.form.types.${transaction.type}`) : ''}
                {transaction.splitRatio ? ` ${transaction.splitRatio}` : ''}
              </td>
              <td {...cardCell('line', labels.instrument, 'text instrument-cell')}>
                {instrument ? (
                  <>
                    <span className="import-row__code">{instrument.code}</span>{' '}
                    <span className={`badge badge--${instrument.match}`}>
                      {t(`import.dialog.preview.match.${instrument.match}`)}
                    </span>
                    <span className="cell-note">{instrument.name}</span>
                  </>
                ) : null}
              </td>
              <td {...cardCell('key', labels.quantity)}>{quantity(transaction.quantity)}</td>
              <td {...cardCell('key', labels.price)}>
                {price(transaction.unitPrice, transaction.currency)}
              </td>
              <td {...cardCell('key', labels.amount)}>
                {money(transaction.amount, transaction.currency)}
                {/* An exchange: what was received for the amount given (a leg alone: its money). */}
                {transaction.toAmount
                  ? `${transaction.amount ? ' → ' : ''}${money(transaction.toAmount, transaction.toCurrency)}`
                  : ''}
              </td>
              <td {...cardCell('key', labels.fee)}>
                {cost(transaction.fee, transaction.currency)}
              </td>
              <td {...cardCell('key', labels.tax)}>
                {cost(transaction.tax, transaction.currency)}
              </td>
              <td {...cardCell('line', labels.note, 'text import-row__note')}>
                {transaction.note ? (
                  <span className="import-row__note-text" title={transaction.note}>
                    {transaction.note}
                  </span>
                ) : null}
              </td>
            </tr>
            {problem ? (
              <tr className="import-row__problems">
                <td colSpan={COLUMNS}>
                  <ul>
                    {row.problems.map((item, index) => (
                      <li key={index}>{underRow(item.message, row.row)}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ) : null}
            {remarks.length > 0 ? (
              <tr className="import-row__remarks">
                <td colSpan={COLUMNS}>
                  <ul>
                    {remarks.map((message, index) => (
                      <li key={index}>{underRow(message, row.row)}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ) : null}
          </tbody>
        )
      })}
    </ScrollTable>
  )
}
