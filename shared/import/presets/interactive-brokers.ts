import type { TransactionType } from '../../portfolio/portfolio-kinds'
import { minorUnitCurrency } from '../../portfolio/minor-units'
import { foldKey } from '../fold-key'
import { isReversible } from '../row-conventions'
import { readPairTrade } from './currency-pair'
import { findFolded, hasAll, type PresetDefinition, type PresetRow } from './preset-definition'

/**
 * Interactive Brokers' Flex Query CSV (Reports → Flex Queries → Activity Flex Query, format CSV),
 * one section per file with its quoted header row of IB's CSV column names:
 * - the Trades section (`Buy/Sell`, `TradeDate`, `Quantity` signed by direction, `TradePrice`,
 *   `Proceeds` signed for cash, `IBCommission` negative, `IBCommissionCurrency`, `Taxes`);
 * - the Cash Transactions section (`Type`, `SettleDate`, `Amount` signed for cash): dividends and
 *   payments in lieu (DIVIDEND), withholding tax (TAX on the instrument), broker and bond
 *   interest received (INTEREST), broker interest paid and other fees (FEE), deposits and
 *   withdrawals (one IB type: its sign tells which).
 *
 * A trade of cash (`AssetClass` CASH, `EUR.USD`) is the currency exchange it is (currency-pair),
 * its commission in the currency given.
 *
 * Left out, with why: every row of a level of detail other than the executions (or the cash
 * details): IB lists an order beside the executions that filled it, and closed lots and
 * summaries beside both, so only one kind may be imported.
 *
 * A cancellation (`BUY (Ca.)`) is paired with the trade it cancels and both are left out (the
 * import's plan), as is a negative dividend with the dividend it reverses. Refused, by name:
 * derivatives and bonds (their price is per contract or a percentage of the face value:
 * `unsupported_instrument`), and a commission in another currency than the trade's (a row keeps
 * one currency).
 *
 * Not read: `DateTime` (`20240315;093000` is no date the import knows) and `FXRateToBase` (its
 * base is the IB account's, which the file does not name: the reference rate is looked up).
 * A file with section markers (`"BOF"`, `"BOS","TRNT"`) is flattened to this layout on reading
 * (sectioned-csv.ts); the Activity Statement has a preset of its own.
 */

/** IB's type words (`Buy/Sell` and the cash transactions' `Type`), folded. */
const IB_TYPES: ReadonlyMap<string, TransactionType | null> = new Map(
  (
    [
      ['BUY', 'BUY'],
      ['SELL', 'SELL'],
      ['Dividends', 'DIVIDEND'],
      ['Payment In Lieu Of Dividends', 'DIVIDEND'],
      ['Withholding Tax', 'TAX'],
      ['871(m) Withholding', 'TAX'],
      ['Broker Interest Received', 'INTEREST'],
      ['Bond Interest Received', 'INTEREST'],
      // Margin interest is a cost of the account, as a fee is.
      ['Broker Interest Paid', 'FEE'],
      ['Other Fees', 'FEE'],
      ['Advisor Fees', 'FEE'],
      // One type for both directions: the amount's sign tells (see `cashDirection`).
      ['Deposits & Withdrawals', 'DEPOSIT'],
      ['Deposits/Withdrawals', 'DEPOSIT'],
      // Accrued interest paid with a bond's purchase is part of its price, not a fee.
      ['Bond Interest Paid', null],
      ['Commission Adjustments', null],
    ] as const
  ).map(([word, type]) => [foldKey(word), type]),
)

/** A cancellation of an earlier trade: `BUY (Ca.)`, `SELL (Ca.)`. */
const CANCELLATION = /\(\s*Ca\.?\s*\)/i

/** Asset classes whose price is per unit held: shares and ETFs (STK), funds. */
const UNIT_PRICED = new Set(['STK', 'FUND'])

/** The rows each query imports: executions (trades), details (cash), or no level given. */
const IMPORTED_LEVELS = new Set(['EXECUTION', 'DETAIL'])

/** The cash direction of each type's amount: + money in, − money out. */
const AMOUNT_DIRECTION: Record<TransactionType, 1 | -1 | null> = {
  BUY: -1,
  SELL: 1,
  DIVIDEND: 1,
  INTEREST: 1,
  DEPOSIT: 1,
  FEE: -1,
  FEE_REFUND: 1,
  TAX: -1,
  TAX_REFUND: 1,
  WITHDRAWAL: -1,
  SPLIT: null,
  BONUS_ISSUE: null,
  RIGHTS_ISSUE: -1,
  EXCHANGE: null,
  TRANSFER_IN: null,
  TRANSFER_OUT: null,
}

/**
 * IB signs every amount for the cash account, and books deposits and withdrawals under one type:
 * a negative one is a withdrawal; a positive withholding tax or fee is a refund. Other signs must
 * repeat the type (a negative dividend is a reversal, matched by the import to the dividend).
 * Read here, not by the conventions, which would refuse every withdrawal before the sign could
 * tell it.
 */
function cashDirection(row: PresetRow) {
  const tx = row.transaction
  const signed = row.extraNumber('signedAmount')
  if (tx.type === null || tx.amount === null || signed === null || !/[1-9]/.test(signed)) return
  const negative = signed.startsWith('-')
  if (tx.type === 'DEPOSIT' && negative) {
    tx.type = 'WITHDRAWAL'
    return
  }
  // A withholding tax or a fee given back (a reclaim, a rebate) comes in with a plus.
  const refund = tx.type === 'TAX' ? 'TAX_REFUND' : tx.type === 'FEE' ? 'FEE_REFUND' : null
  if (refund !== null && !negative) {
    row.notice('refund_from_sign', row.column('amount'), { type: { type: refund } })
    tx.type = refund
    return
  }
  const direction = AMOUNT_DIRECTION[tx.type]
  if (direction !== null && negative === (direction === 1)) {
    if (isReversible(tx.type)) {
      row.reverses(tx.type, row.column('amount'))
      return
    }
    row.report('sign_contradicts_type', row.column('amount'), 'amount', {
      type: { type: tx.type },
    })
    tx.amount = null
  }
}

/**
 * The commission's currency: mostly the trade's. A London trade priced in pence (GBX) may pay its
 * commission in pounds, which the minor unit's scaling divided with the rest: restored. Any
 * other currency cannot be a fee of this row (a row keeps one currency).
 */
function commissionCurrency(row: PresetRow) {
  const tx = row.transaction
  const feeCurrency = row.extra('commissionCurrency')
  const written = row.extra('currency')
  if (feeCurrency === null || written === null || tx.fee === null || !/[1-9]/.test(tx.fee)) return
  if (feeCurrency.toUpperCase() === written.toUpperCase()) return
  const commission = row.extraNumber('commission')
  if (minorUnitCurrency(written) !== null && feeCurrency.toUpperCase() === tx.currency) {
    tx.fee = commission === null ? null : commission.replace(/^-/, '')
    return
  }
  row.report('fee_currency', row.column('fee'), 'fee', {
    feeCurrency: feeCurrency.toUpperCase(),
    currency: tx.currency ?? written,
  })
  tx.fee = null
}

const EXTRA_COLUMNS = {
  assetClass: { names: ['AssetClass'] },
  levelOfDetail: { names: ['LevelOfDetail'] },
  commissionCurrency: { names: ['IBCommissionCurrency'] },
  commission: { names: ['IBCommission'], number: true },
  // The cells as written: the type's column decides what the description is, the currency
  // cell whether the row was in a minor unit, the amount's sign which way cash moved.
  buySell: { names: ['Buy/Sell'] },
  currency: { names: ['CurrencyPrimary', 'Currency'] },
  signedAmount: { names: ['Amount', 'Proceeds'], number: true },
} as const

export const interactiveBrokersPreset: PresetDefinition = {
  headers: {
    date: ['TradeDate', 'SettleDate'],
    type: ['Buy/Sell', 'Type'],
    code: ['Symbol'],
    isin: ['ISIN'],
    name: ['Description'],
    quantity: ['Quantity'],
    price: ['TradePrice'],
    // A trade's proceeds are quantity × price alone (`tradeAmount: 'gross'`), checked so.
    amount: ['Amount', 'Proceeds'],
    fee: ['IBCommission'],
    tax: ['Taxes'],
    currency: ['CurrencyPrimary', 'Currency'],
  },
  extraColumns: EXTRA_COLUMNS,
  ownSigns: ['amount'],
  tradeAmount: 'gross',
  detect: (table, headers) =>
    table.kind === 'csv' &&
    findFolded(headers, ['CurrencyPrimary']) !== null &&
    (hasAll(headers, [['Buy/Sell'], ['TradePrice'], ['TradeDate']]) ||
      hasAll(headers, [['Type'], ['Amount'], ['SettleDate']])),
  // IB writes plain numbers with a `.` (no grouping) and yyyyMMdd dates, in UTF-8.
  readOptions: { encoding: 'utf-8', separator: ',', decimalSeparator: '.' },
  typeOf: (cell) => {
    if (CANCELLATION.test(cell)) {
      const type = IB_TYPES.get(foldKey(cell.replace(CANCELLATION, '')))
      return { cancels: type === 'BUY' || type === 'SELL' ? type : null }
    }
    const type = IB_TYPES.get(foldKey(cell))
    return type === undefined ? undefined : type
  },
  adjust(row) {
    const level = row.extra('levelOfDetail')?.toUpperCase() ?? null
    const assetClass = row.extra('assetClass')?.toUpperCase() ?? null
    if (level !== null && !IMPORTED_LEVELS.has(level)) {
      row.leaveOut('not_a_transaction')
      return
    }
    // A trade of cash: a currency exchange (EUR.USD).
    if (assetClass === 'CASH') {
      if (!readPairTrade(row, row.extra('commissionCurrency'))) row.leaveOut('currency_conversion')
      return
    }
    const isTrade = row.extra('buySell') !== null
    if (isTrade && assetClass !== null && !UNIT_PRICED.has(assetClass)) {
      row.report('unsupported_instrument', 'AssetClass')
    }
    const { instrument, transaction } = row
    // IB writes a share class after a space (`BRK B`); the app's codes join with a point.
    if (instrument.code !== null) instrument.code = instrument.code.replace(/\s+/g, '.')
    if (!isTrade) {
      // A cash row's description is its booking text, not the security's name.
      transaction.note = instrument.name
      instrument.name = null
    }
    cashDirection(row)
    commissionCurrency(row)
  },
}
