import type { TransactionType } from '../../portfolio/portfolio-kinds'
import { foldKey } from '../fold-key'
import { isReversible } from '../row-conventions'
import {
  findFolded,
  foldHeaders,
  hasAll,
  type CorporateAction,
  type PresetDefinition,
  type PresetRow,
} from './preset-definition'

/**
 * DEGIRO's account statement, `Account.csv` (Inbox → Account statement → Export), in English,
 * Dutch or German: every movement of the cash account, newest first. The booking text
 * (`Description`) is the type; the named `Change` column holds the currency and the unnamed one
 * after it the amount, signed for the cash account. Long Order IDs wrap onto a line of their own,
 * joined to their row when the file is read (wrapped-rows).
 *
 * Read: dividends and fund distributions, the tax withheld on them (TAX on the instrument),
 * deposits and withdrawals, interest on cash, and the yearly exchange connection fees (FEE).
 *
 * A currency exchange's two legs (`FX Debit`, `FX Credit`) are read as one exchange (written where
 * the portfolio records cash, left out saying so where it does not).
 *
 * Left out, with why: the legs of trades (a row with an Order ID: the purchase or sale and its
 * fees are in `Transactions.csv`, which the DEGIRO preset reads) and DEGIRO's internal
 * transfers (cash sweeps, money-market conversions, a deposit's reservation).
 *
 * A dividend tax given back is read as a tax refund, a dividend going the other way as its
 * reversal. A split is booked as its old units sold and its new units bought at no money
 * (`AKTIENSPLIT: Verkauf 10 zu je 0 USD`, `… Kauf 40 …`): each row's units are read from its text,
 * and the import joins the two into one split of 40:10. An ISIN change (`ISIN-ÄNDERUNG`,
 * `PRODUCTWIJZIGING`) is refused by name; any other booking text is an unknown type.
 */

const DATE = ['Date', 'Datum']
const TIME = ['Time', 'Tijd', 'Uhrzeit']
const VALUE_DATE = ['Value date', 'Valutadatum']
const DESCRIPTION = ['Description', 'Omschrijving', 'Beschreibung']
const CHANGE = ['Change', 'Mutatie', 'Änderung']
const ORDER_ID = ['Order Id', 'Order-ID']

/** Booking texts, folded, of the rows read. */
const TYPES: ReadonlyMap<string, TransactionType> = new Map(
  (
    [
      ['Dividend', 'DIVIDEND'],
      ['Dividende', 'DIVIDEND'],
      ['Fund Distribution', 'DIVIDEND'],
      ['Dividend Tax', 'TAX'],
      ['Dividendbelasting', 'TAX'],
      ['Dividendensteuer', 'TAX'],
      ['flatex Deposit', 'DEPOSIT'],
      ['iDEAL Deposit', 'DEPOSIT'],
      ['SOFORT Einzahlung', 'DEPOSIT'],
      ['Processed Flatex Withdrawal', 'WITHDRAWAL'],
      ['flatex terugstorting', 'WITHDRAWAL'],
      ['Auszahlung', 'WITHDRAWAL'],
      ['Flatex Interest Income', 'INTEREST'],
    ] as const
  ).map(([text, type]) => [foldKey(text), type]),
)

/** Booking texts, folded, that begin a kind of row by what follows (a year, an exchange). */
const CONNECTION_FEE = /^degiro aansluitingskosten\b/

/** The legs of a currency exchange: money out of one currency's cash, money into another's. */
const EXCHANGE_LEGS = [
  /^valuta (creditering|debitering)$/,
  /^fx (credit|debit)$/,
  /^wahrungswechsel\b/,
]

/** DEGIRO's internal transfers: no transaction of the portfolio. */
const NOT_TRANSACTIONS = [
  /^degiro cash sweep transfer$/,
  /^overboeking (van|naar) uw geldrekening\b/,
  /^reservation ideal sofort deposit$/,
  /^money market fund conversion\b/,
]

/** A split's leg (`AKTIENSPLIT: Kauf 40 zu je 0 USD`), folded. */
const SPLIT_LEG = /^(?:aktiensplit|stock split|aandelensplit)\b/

/** Which way a split's leg goes, and its units as written (DEGIRO holds whole units only). */
const LEG_UNITS = /\b(Kauf|Buy|Koop|Verkauf|Sell|Verkoop)\s+(\d[\d.,]*)/i

/** Booking texts, folded, of an ISIN change. */
const ISIN_CHANGE =
  /^(?:isin (?:anderung|change|wijziging)|productwijziging|product change|produktanderung)\b/

function degiroAccountType(cell: string): TransactionType | CorporateAction | null {
  const text = foldKey(cell)
  if (SPLIT_LEG.test(text)) return 'SPLIT'
  if (ISIN_CHANGE.test(text)) return { corporate: 'isin_change' }
  if (EXCHANGE_LEGS.some((pattern) => pattern.test(text))) return 'EXCHANGE'
  return TYPES.get(text) ?? (CONNECTION_FEE.test(text) ? 'FEE' : null)
}

/**
 * An exchange's leg, by its amount's sign: money out of the cash of its currency (the given
 * half) or into it (the received half); the import joins the two (joined-rows).
 */
function exchangeLeg(row: PresetRow) {
  const tx = row.transaction
  // A trade's conversion names the trade's product: the exchange has none.
  row.instrument.code = null
  row.instrument.isin = null
  row.instrument.name = null
  const signed = row.extraNumber('amount')
  if (signed === null || !/[1-9]/.test(signed)) {
    row.leaveOut('not_a_transaction')
    return
  }
  if (signed.startsWith('-')) {
    tx.amount = signed.slice(1)
    return
  }
  tx.toCurrency = tx.currency
  tx.toAmount = signed
  tx.amount = null
}

/** A split leg's units from its booking text: taken out (sold) with a minus, booked in without. */
function splitLeg(row: PresetRow, description: string) {
  row.transaction.amount = null
  const [, way = '', units = ''] = LEG_UNITS.exec(description) ?? []
  if (!/^\d+$/.test(units)) {
    row.report('invalid_number', row.column('type'), 'quantity')
    return
  }
  row.transaction.quantity = /^(verkauf|sell|verkoop)$/i.test(way) ? `-${units}` : units
}

/** Money in for these, out for the rest. */
const INCOMING = new Set<TransactionType>([
  'DIVIDEND',
  'DEPOSIT',
  'INTEREST',
  'FEE_REFUND',
  'TAX_REFUND',
])

/**
 * The row's amount, from the unnamed column after `Change`: its sign must repeat the type's
 * direction (a negative dividend is a reversal, matched by the import to the dividend), except that a dividend tax given back (with a
 * plus) is a tax refund, said so.
 */
function cashAmount(row: PresetRow) {
  const tx = row.transaction
  const signed = row.extraNumber('amount')
  if (tx.type === null || signed === null) return
  const negative = signed.startsWith('-')
  if (tx.type === 'TAX' && !negative && /[1-9]/.test(signed)) {
    row.notice('refund_from_sign', row.extraColumn('amount'), { type: { type: 'TAX_REFUND' } })
    tx.type = 'TAX_REFUND'
  }
  if (/[1-9]/.test(signed) && negative && isReversible(tx.type)) {
    row.reverses(tx.type, row.extraColumn('amount'))
  } else if (/[1-9]/.test(signed) && negative === INCOMING.has(tx.type)) {
    row.report('sign_contradicts_type', row.extraColumn('amount'), 'amount', {
      type: { type: tx.type },
    })
    return
  }
  tx.amount = negative ? signed.slice(1) : signed
}

const LAYOUT = [
  DATE,
  TIME,
  VALUE_DATE,
  ['Product', 'Produkt'],
  ['ISIN'],
  DESCRIPTION,
  ['FX'],
  CHANGE,
  ['Balance', 'Saldo'],
  ORDER_ID,
]

/**
 * The indexes of the date columns (date, time, value date) of a DEGIRO account statement's
 * header, which a wrapped line leaves empty; null for any other header.
 */
export function degiroAccountDates(headers: readonly string[]): number[] | null {
  const folded = foldHeaders(headers)
  if (!hasAll(folded, LAYOUT)) return null
  return [DATE, TIME, VALUE_DATE].map((names) => headers.indexOf(findFolded(folded, names) ?? ''))
}

export const degiroAccountPreset: PresetDefinition = {
  headers: {
    date: DATE,
    type: DESCRIPTION,
    name: ['Product', 'Produkt'],
    isin: ['ISIN'],
  },
  extraColumns: {
    currency: { names: CHANGE },
    amount: { names: CHANGE, next: true, number: true },
    orderId: { names: ORDER_ID },
    description: { names: DESCRIPTION },
  },
  currencyColumns: ['currency'],
  detect: (_table, headers) => hasAll(headers, LAYOUT),
  // The decimal separator follows the language of DEGIRO's website, so it is detected.
  readOptions: { separator: ',', dateOrder: 'DMY' },
  typeOf: degiroAccountType,
  adjust(row) {
    const description = row.extra('description')
    const text = foldKey(description ?? '')
    if (row.transaction.type === 'EXCHANGE') {
      exchangeLeg(row)
      return
    }
    // A trade's legs: the trade and its fees are in Transactions.csv.
    if (row.extra('orderId') !== null) {
      row.leaveOut('trade_elsewhere')
      return
    }
    if (NOT_TRANSACTIONS.some((pattern) => pattern.test(text))) {
      row.leaveOut('not_a_transaction')
      return
    }
    if (row.transaction.type === 'SPLIT') {
      splitLeg(row, description ?? '')
      return
    }
    // A fee's booking text names what it was for (`… 2024 (Xetra - XET)`).
    if (row.transaction.type === 'FEE') row.transaction.note = description
    cashAmount(row)
  },
}
