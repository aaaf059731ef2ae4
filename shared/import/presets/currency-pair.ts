import { divideToPlaces, multiplyDecimals, trimDecimal } from '../decimal-text'
import type { PresetRow } from './preset-definition'

/** `EUR.USD`: the pair's first currency is bought or sold, paid for in its second. */
const PAIR = /^([A-Z]{3})\.([A-Z]{3})$/

/**
 * A trade of a currency pair (Interactive Brokers' `EUR.USD`) as the exchange it is: a sale of
 * 2,000 `EUR.USD` gives 2,000 EUR for its proceeds in USD, a purchase gives the proceeds in USD
 * for the euros. The row's type (BUY or SELL), units and proceeds are read already. Its fee
 * (`feeCurrency`) is kept in the currency given: one charged in the currency received (IB charges
 * in the account's) is put in it at the trade's own rate, with a notice; any other is the row's
 * problem. False when the symbol is no pair.
 */
export function readPairTrade(row: PresetRow, feeCurrency: string | null): boolean {
  const tx = row.transaction
  const pair = PAIR.exec(row.instrument.code?.toUpperCase() ?? '')
  if (pair === null || (tx.type !== 'BUY' && tx.type !== 'SELL')) return false
  const [, first = '', second = ''] = pair
  const units = tx.quantity
  const proceeds = tx.amount
  const selling = tx.type === 'SELL'
  tx.type = 'EXCHANGE'
  tx.currency = selling ? first : second
  tx.amount = selling ? units : proceeds
  tx.toCurrency = selling ? second : first
  tx.toAmount = selling ? proceeds : units
  tx.quantity = null
  tx.unitPrice = null
  row.instrument.code = null
  row.instrument.isin = null
  row.instrument.name = null
  const fee = tx.fee
  const charged = feeCurrency?.toUpperCase() ?? tx.currency
  if (fee === null || !/[1-9]/.test(fee) || charged === tx.currency) return true
  if (charged === tx.toCurrency && tx.amount !== null && tx.toAmount !== null) {
    const rate = trimDecimal(divideToPlaces(tx.amount, tx.toAmount))
    tx.fee = trimDecimal(multiplyDecimals(fee, rate))
    row.notice('fee_converted', row.column('fee'), {
      fee: { decimal: fee },
      from: charged,
      to: tx.currency,
      rate: { decimal: rate },
    })
    return true
  }
  row.report('fee_currency', row.column('fee'), 'fee', {
    feeCurrency: charged,
    currency: tx.currency,
  })
  tx.fee = null
  return true
}
