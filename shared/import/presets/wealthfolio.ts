import type { TransactionType } from '../../portfolio/portfolio-kinds'
import { isPositive } from '../decimal-text'
import { foldKey } from '../fold-key'
import { hasAll, type PresetDefinition } from './preset-definition'

/**
 * Wealthfolio's activity CSV, the layout its import takes and its sample shows
 * (`date,type,symbol,instrumentType,quantity,unit_price,currency,fee,amount,comment,fxRate,subtype`),
 * and the older one (`date,symbol,quantity,activityType,unitPrice,currency,fee,amount`). Every
 * number is a magnitude; the type gives the direction. Cash rows name no symbol, or
 * `$CASH-USD` (older versions): no instrument. A dividend may be quantity × the amount per share
 * (the conventions multiply it); a split's ratio stands in `amount` or in `quantity`.
 *
 * Refused, by name (unknown type): `CREDIT` (a bonus, rebate or refund: income the app has no
 * type for), `ADJUSTMENT` and `UNKNOWN` (Wealthfolio's own corrections, with no cash meaning),
 * `CONVERSION_IN`/`CONVERSION_OUT` (moving cash between currencies). Not read: `fxRate`, which
 * Wealthfolio keeps against its account's currency, not the portfolio's (the reference rate is
 * looked up), and `subtype`.
 */

/** Wealthfolio's type words beside the shared ones, folded. */
const WEALTHFOLIO_TYPES: ReadonlyMap<string, TransactionType | null> = new Map(
  (
    [
      // Older versions' names for moving shares in and out without cash.
      ['ADD_HOLDING', 'TRANSFER_IN'],
      ['REMOVE_HOLDING', 'TRANSFER_OUT'],
      ['CREDIT', null],
      ['ADJUSTMENT', null],
      ['UNKNOWN', null],
      ['CONVERSION_IN', null],
      ['CONVERSION_OUT', null],
    ] as const
  ).map(([word, type]) => [foldKey(word), type]),
)

/** Wealthfolio's placeholder symbol of an account's cash (`$CASH-USD`). */
const CASH_SYMBOL = /^\$CASH(?:-[A-Z]{3})?$/i

export const wealthfolioPreset: PresetDefinition = {
  headers: {
    date: ['date'],
    type: ['type', 'activityType'],
    code: ['symbol'],
    isin: ['isin'],
    instrumentType: ['instrumentType'],
    quantity: ['quantity'],
    price: ['unit_price', 'unitPrice'],
    currency: ['currency'],
    fee: ['fee'],
    amount: ['amount'],
    note: ['comment'],
  },
  detect: (table, headers) =>
    table.kind === 'csv' &&
    hasAll(headers, [
      ['date'],
      ['type', 'activityType'],
      ['symbol'],
      ['quantity'],
      ['unit_price', 'unitPrice'],
      ['currency'],
      ['amount'],
    ]) &&
    !hasAll(headers, [['DataSource']]),
  // Written by Wealthfolio or by hand from its sample: `.` decimals, ISO dates, UTF-8.
  readOptions: { encoding: 'utf-8', decimalSeparator: '.' },
  typeOf: (cell) => {
    const type = WEALTHFOLIO_TYPES.get(foldKey(cell))
    return type === undefined ? undefined : type
  },
  // A trade's amount, where one is given, is quantity × price: the fee lies beside it.
  tradeAmount: 'gross',
  adjust({ instrument, transaction: tx }) {
    if (instrument.code !== null && CASH_SYMBOL.test(instrument.code)) instrument.code = null
    switch (tx.type) {
      case 'SPLIT':
        // The docs put the ratio (3 for a 3-for-1 split) in `amount`, the sample in `quantity`.
        tx.splitRatio ??= tx.amount ?? tx.quantity
        tx.amount = null
        tx.quantity = null
        tx.unitPrice = null
        break
      case 'FEE':
      case 'TAX':
        // A fee or a tax written in `fee` alone is its amount.
        if (tx.amount === null && isPositive(tx.fee) && !isPositive(tx.unitPrice)) {
          tx.amount = tx.fee
          tx.fee = null
        }
        break
      default:
        break
    }
  },
}
