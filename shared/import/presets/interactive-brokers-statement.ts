import type { TransactionType } from '../../portfolio/portfolio-kinds'
import { foldKey } from '../fold-key'
import { isReversible } from '../row-conventions'
import { readPairTrade } from './currency-pair'
import { hasAll, type PresetDefinition, type PresetRow } from './preset-definition'

/**
 * Interactive Brokers' Activity Statement CSV (Reports → Statements → Activity → Download CSV),
 * as the import reads it flattened (sectioned-csv): one row per data row of its sections
 * `Trades`, `Dividends`, `Withholding Tax`, `Deposits & Withdrawals`, `Fees`, `Interest` and
 * `Corporate Actions`, the section in `Section`, the ISIN of a trade joined from `Financial
 * Instrument Information`.
 *
 * The type is the section's, the sign telling what the section leaves open: a trade of negative
 * `Quantity` is a sale, a negative deposit a withdrawal, negative interest (on a debit balance)
 * a fee; a positive withholding tax or fee is given back, a refund; a negative dividend is its
 * reversal, matched to the dividend. Other signs must repeat the type: a positive commission is
 * refused by name. A cash row's and a corporate action's instrument is in its description
 * (`AAPL(US0378331005) Cash Dividend …`). A trade's
 * `Proceeds` are quantity × price alone (`tradeAmount: 'gross'`), checked so; `Comm/Fee` is its
 * fee, in its currency.
 *
 * A `Forex` trade is the currency exchange it is (currency-pair), its commission (`Comm in EUR`)
 * in the account's currency.
 * Refused, by name: cancellations (`Code` `Ca`), and trades of other asset categories than
 * stocks (options, futures, bonds: their price is per contract or a percentage of the face value).
 * Corporate actions are told by their description: a split (`Split 4 for 1`) by the ratio it
 * names; a stock dividend by the units it booked in (the import works the ratio out from the
 * holding). An ISIN or CUSIP change is refused by name; other actions (spin-offs, mergers,
 * tenders) are an unknown type.
 * Not read: transfers and the statement's reports (positions, performance).
 */

/** The sections read, folded, with the type their rows have before the sign is known. */
const SECTION_TYPES: ReadonlyMap<string, TransactionType> = new Map(
  (
    [
      ['Trades', 'BUY'],
      ['Dividends', 'DIVIDEND'],
      ['Withholding Tax', 'TAX'],
      ['Deposits & Withdrawals', 'DEPOSIT'],
      ['Fees', 'FEE'],
      ['Interest', 'INTEREST'],
      ['Corporate Actions', 'SPLIT'],
    ] as const
  ).map(([section, type]) => [foldKey(section), type]),
)

/** The type a negative value of the section makes of its row, where the sign decides. */
const WHEN_NEGATIVE: Partial<Record<TransactionType, TransactionType>> = {
  BUY: 'SELL',
  DEPOSIT: 'WITHDRAWAL',
  INTEREST: 'FEE',
}

/** Money in for these, out for the rest: a trade's proceeds, a cash row's amount. */
const INCOMING = new Set<TransactionType>(['SELL', 'DIVIDEND', 'DEPOSIT', 'INTEREST'])

/** `AAPL(US0378331005) Cash Dividend USD 0.24 per Share …` → symbol and ISIN. */
const DESCRIBED_INSTRUMENT = /^\s*([^()\s][^()]*?)\s*\(([A-Z]{2}[A-Z0-9]{9}[0-9])\)/

/**
 * A dividend's or a tax's instrument, from its description.
 * @example describedInstrument('AAPL(US0378331005) Cash Dividend USD 0.24 per Share') // { code: 'AAPL', isin: 'US0378331005' }
 */
export function describedInstrument(description: string): { code: string; isin: string } | null {
  const match = DESCRIBED_INSTRUMENT.exec(description)
  return match ? { code: match[1]!, isin: match[2]! } : null
}

/** `… Split 4 for 1 (…)`: the new units for the old. */
const SPLIT_RATIO = /\bSplit\s+(\d+(?:\.\d+)?)\s+for\s+(\d+(?:\.\d+)?)\b/i

/** `… CUSIP/ISIN Change to (…)` */
const ISIN_CHANGE = /\b(?:CUSIP|ISIN)(?:\/ISIN)?\s+Change\b/i

/**
 * A corporate action, told by its description (`IBKR(US45841N1072) Split 4 for 1 (IBKR, …,
 * US45841N1072)`): a split by its ratio, a stock dividend by its units; an ISIN change refused
 * by name, and any other action an unknown type. A split whose new ISIN differs from its old is an
 * ISIN change as well.
 */
function corporateAction(row: PresetRow) {
  const tx = row.transaction
  const description = tx.note ?? ''
  const column = row.column('note')
  const ratio = SPLIT_RATIO.exec(description)
  const isins = new Set(description.match(/\b[A-Z]{2}[A-Z0-9]{9}[0-9]\b/g))
  if (ISIN_CHANGE.test(description) || (ratio !== null && isins.size > 1)) {
    row.report('isin_change', column, 'type')
  } else if (ratio !== null) {
    tx.splitRatio = `${ratio[1]}:${ratio[2]}`
    tx.quantity = null
    return
  } else if (/\bStock Dividend\b/i.test(description)) {
    return
  } else {
    row.report('unknown_type', column, 'type')
  }
  tx.type = null
}

/** Whether a trade's `Code` (codes joined by `;`: `O;P`) marks it cancelled. */
export function isCancelled(codes: string | null): boolean {
  return (codes ?? '').split(';').some((code) => code.trim() === 'Ca')
}

/** IB writes a share class after a space (`BRK B`); the app's codes join with a point. */
function appCode(symbol: string): string {
  return symbol.trim().replace(/\s+/g, '.')
}

/**
 * The type the sign completes, and the money's sign checked against it. Read here, not by the
 * conventions, which would refuse every sale and withdrawal before the sign could tell it.
 */
function signedType(row: PresetRow, isTrade: boolean) {
  const tx = row.transaction
  const section = tx.type
  if (section === null) return
  const deciding = row.extraNumber(isTrade ? 'quantity' : 'amount')
  const type =
    deciding?.startsWith('-') && /[1-9]/.test(deciding)
      ? (WHEN_NEGATIVE[section] ?? section)
      : section
  tx.type = type
  const money = isTrade ? 'proceeds' : 'amount'
  const signed = row.extraNumber(money)
  if (signed === null || !/[1-9]/.test(signed)) return
  const negative = signed.startsWith('-')
  // A withholding tax or a fee given back comes in with a plus: a refund, said so.
  const refund = type === 'TAX' ? 'TAX_REFUND' : type === 'FEE' ? 'FEE_REFUND' : null
  if (refund !== null && !negative) {
    row.notice('refund_from_sign', row.extraColumn(money), { type: { type: refund } })
    tx.type = refund
    tx.amount = signed
    return
  }
  if (negative && isReversible(type)) {
    row.reverses(type, row.extraColumn(money))
  } else if (negative === INCOMING.has(type)) {
    row.report('sign_contradicts_type', row.extraColumn(money), 'amount', { type: { type } })
    tx.amount = null
    return
  }
  tx.amount = negative ? signed.slice(1) : signed
}

/**
 * A commission is charged (negative); a positive one is a refund. Checked here, once the row is
 * known to be no cancellation (whose commission is positive as it reverses one).
 */
function commissionSign(row: PresetRow) {
  const { fee, type } = row.transaction
  const signed = row.extraNumber('commission')
  if (fee === null || type === null || signed === null) return
  if (signed.startsWith('-') || !/[1-9]/.test(signed)) return
  row.report('sign_contradicts_type', row.column('fee'), 'fee', { type: { type } })
  row.transaction.fee = null
}

export const interactiveBrokersStatementPreset: PresetDefinition = {
  headers: {
    date: ['Date'],
    type: ['Section'],
    code: ['Symbol'],
    isin: ['ISIN'],
    quantity: ['Quantity'],
    price: ['T. Price'],
    amount: ['Amount'],
    fee: ['Comm/Fee'],
    currency: ['Currency'],
    note: ['Description'],
  },
  extraColumns: {
    assetCategory: { names: ['Asset Category'] },
    codes: { names: ['Code'] },
    commissionCurrency: { names: ['Comm Currency'] },
    quantity: { names: ['Quantity'], number: true },
    proceeds: { names: ['Proceeds'], number: true },
    commission: { names: ['Comm/Fee'], number: true },
    amount: { names: ['Amount'], number: true },
  },
  // The sign of these makes the type (a sale, a withdrawal): read by `signedType`; a
  // cancellation's commission is positive (`commissionSign`).
  ownSigns: ['quantity', 'amount', 'fee'],
  tradeAmount: 'gross',
  detect: (table, headers) =>
    table.kind === 'csv' &&
    hasAll(headers, [['Section'], ['Asset Category'], ['T. Price'], ['Comm/Fee'], ['Proceeds']]),
  // IB writes plain numbers with a `.` and ISO dates, in UTF-8.
  readOptions: { encoding: 'utf-8', separator: ',', decimalSeparator: '.' },
  typeOf: (cell) => SECTION_TYPES.get(foldKey(cell)) ?? null,
  adjust(row) {
    const { instrument, transaction } = row
    const isTrade = transaction.type === 'BUY'
    if (isTrade) {
      const category = row.extra('assetCategory')
      // A currency pair traded (EUR.USD): the exchange it is.
      if (category === 'Forex') {
        signedType(row, true)
        commissionSign(row)
        const currency = row.extra('commissionCurrency')
        if (!readPairTrade(row, currency)) row.leaveOut('currency_conversion')
        return
      }
      const refused =
        category !== 'Stocks'
          ? 'unsupported_instrument'
          : isCancelled(row.extra('codes'))
            ? 'cancellation'
            : null
      if (refused !== null) {
        const column = refused === 'cancellation' ? 'codes' : 'assetCategory'
        row.report(refused, row.extraColumn(column), 'type')
        transaction.type = null
        return
      }
    } else if (
      transaction.type === 'DIVIDEND' ||
      transaction.type === 'TAX' ||
      transaction.type === 'SPLIT'
    ) {
      const described = describedInstrument(transaction.note ?? '')
      if (described !== null) {
        instrument.code = described.code
        instrument.isin = described.isin
      }
    }
    if (instrument.code !== null) instrument.code = appCode(instrument.code)
    if (transaction.type === 'SPLIT') {
      corporateAction(row)
      return
    }
    signedType(row, isTrade)
    if (isTrade) commissionSign(row)
  },
}
