import type { Transaction } from '../api/schemas/transaction'
import type { TransactionType } from '../portfolio/portfolio-kinds'
import { decimal, ONE, type Decimal } from '../decimal/decimal'
import { addDecimals, multiplyDecimals, subtractDecimals } from './decimal-text'
import { KIYMET_COLUMNS } from './kiymet-format'

/**
 * A portfolio's transactions as CSV: this app's own format (which imports back unchanged) and
 * Portfolio Performance's. Cells a spreadsheet would run as a formula are neutralized.
 */

/** First characters a spreadsheet reads as a formula (or, tab and CR, as a hidden one). */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r'])
const NEUTRALIZER = "'"

/**
 * A leading `'` before a cell a spreadsheet would run as a formula (OWASP's advice for CSV
 * injection); a cell that already starts with `'` gets one too, so {@link restoreCell} can tell
 * them apart and every text comes back as it was.
 * @example neutralizeCell('=SUM(A1)') // "'=SUM(A1)"
 */
export function neutralizeCell(text: string): string {
  const first = text.charAt(0)
  return FORMULA_START.has(first) || first === NEUTRALIZER ? NEUTRALIZER + text : text
}

/** The inverse of {@link neutralizeCell}, for files this app wrote. */
export function restoreCell(text: string): string {
  const second = text.charAt(1)
  return text.startsWith(NEUTRALIZER) && (FORMULA_START.has(second) || second === NEUTRALIZER)
    ? text.slice(1)
    : text
}

/** RFC 4180: a cell holding the separator, a quote or a line break is quoted, quotes doubled. */
function quoteCell(text: string, separator: string): string {
  return text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/**
 * A cell: text, neutralized; or a number (`{ number }`), written as it is so a spreadsheet or
 * program still reads a negative one as a number.
 */
type Cell = string | { number: string }

function csvLine(cells: readonly Cell[], separator: string): string {
  return cells
    .map((cell) =>
      quoteCell(typeof cell === 'string' ? neutralizeCell(cell) : cell.number, separator),
    )
    .join(separator)
}

/** RFC 4180 ends every line with CRLF. */
const LINE_END = '\r\n'

function csvText(rows: readonly (readonly Cell[])[], separator: string): string {
  return rows.map((row) => csvLine(row, separator) + LINE_END).join('')
}

type KiymetField = (typeof KIYMET_COLUMNS)[number][0]

/** A row of this app's CSV: a value per field, absent ones empty. */
export type KiymetRow = Partial<Record<KiymetField, string | null>>

function kiymetCells(transaction: Transaction): KiymetRow {
  const { instrument } = transaction
  return {
    date: transaction.tradeDate,
    type: transaction.type,
    code: instrument?.code ?? null,
    isin: instrument?.isin ?? null,
    name: instrument?.name ?? null,
    instrumentType: instrument?.type ?? null,
    exchange: instrument?.exchange ?? null,
    quantity: transaction.quantity,
    price: transaction.unitPrice,
    amount: transaction.amount,
    fee: transaction.fee,
    tax: transaction.tax,
    currency: transaction.currency,
    fxRate: transaction.fxRate,
    splitRatio: transaction.splitRatio,
    acquiredDate: transaction.acquiredDate,
    acquisitionFxRate: transaction.acquisitionFxRate,
    toCurrency: transaction.toCurrency,
    toAmount: transaction.toAmount,
    note: transaction.note,
  }
}

/**
 * This app's CSV (columns in `kiymet-format.ts`) of `rows`, in the order given, with a UTF-8
 * byte order mark so spreadsheets read its letters right.
 */
export function writeKiymetRows(rows: readonly KiymetRow[]): string {
  const header = KIYMET_COLUMNS.map(([, name]) => name)
  const cells = rows.map((row) => KIYMET_COLUMNS.map(([field]) => row[field] ?? ''))
  return '\uFEFF' + csvText([header, ...cells], ',')
}

/** Every field of every transaction as this app's CSV. */
export function writeKiymetCsv(transactions: Transaction[]): string {
  return writeKiymetRows(transactions.map(kiymetCells))
}

/**
 * Portfolio Performance's CSV as its German edition exports portfolio transactions
 * (`CSVExporter`): `;` separated, decimal comma, these headers. Its importer matches columns by
 * these names and German is its largest audience, so the file goes in without mapping; dates are
 * written `YYYY-MM-DD`, one of the formats its import offers.
 */
const PP_HEADERS = [
  'Datum',
  'Typ',
  'Wert',
  'Buchungswährung',
  'Bruttobetrag',
  'Währung Bruttobetrag',
  'Wechselkurs',
  'Gebühren',
  'Steuern',
  'Stück',
  'ISIN',
  'WKN',
  'Ticker-Symbol',
  'Wertpapiername',
  'Notiz',
] as const

/**
 * Portfolio Performance's German type labels; a split has none (see below), an exchange is two
 * transfers between its accounts (`exchangeRows`).
 */
const PP_TYPES: Record<Exclude<TransactionType, 'SPLIT' | 'EXCHANGE'>, string> = {
  BUY: 'Kauf',
  SELL: 'Verkauf',
  DIVIDEND: 'Dividende',
  INTEREST: 'Zinsen',
  FEE: 'Gebühren',
  FEE_REFUND: 'Gebührenerstattung',
  TAX: 'Steuern',
  TAX_REFUND: 'Steuerrückerstattung',
  DEPOSIT: 'Einlage',
  WITHDRAWAL: 'Entnahme',
  TRANSFER_IN: 'Einlieferung',
  TRANSFER_OUT: 'Auslieferung',
  BONUS_ISSUE: 'Einlieferung',
  RIGHTS_ISSUE: 'Kauf',
}

function germanDecimal(value: string | null): Cell {
  return { number: value === null ? '' : value.replace('.', ',') }
}

/**
 * What Portfolio Performance books as the value (`Wert`): a purchase's cost with fees and taxes,
 * a sale's proceeds after them, income net of them (its fees and taxes lie on top of the booked
 * amount), other cash as it is. Always positive: its import takes the direction from the type.
 */
function bookedValue(transaction: Transaction): string {
  const { fee, tax } = transaction
  const gross = multiplyDecimals(transaction.quantity ?? '0', transaction.unitPrice ?? '0')
  switch (transaction.type) {
    case 'BUY':
    case 'RIGHTS_ISSUE':
    case 'TRANSFER_IN':
      return addDecimals(gross, fee, tax)
    case 'SELL':
      return subtractDecimals(gross, fee, tax)
    case 'TRANSFER_OUT':
    case 'BONUS_ISSUE':
      // A delivery out carries no price (its market value is not known here); bonus units cost
      // nothing.
      return '0'
    case 'DIVIDEND':
    case 'INTEREST':
      return subtractDecimals(transaction.amount ?? '0', fee, tax)
    default:
      return transaction.amount ?? '0'
  }
}

function instrumentKey(transaction: Transaction): string | null {
  return transaction.instrument?.id ?? null
}

/**
 * The quantity of each transaction after the splits that follow it: Portfolio Performance has
 * no split transaction; its split wizard rewrites earlier quantities by the ratio, and so does
 * this export. (Cash paid in lieu of fractional shares has no place in its CSV and is left out.)
 * One walk from the last transaction back, each instrument's later splits kept as one exact
 * factor, new shares over old, so a quantity is divided once.
 */
function splitAdjustedQuantities(ordered: readonly Transaction[]): Map<Transaction, string> {
  const quantities = new Map<Transaction, string>()
  const factors = new Map<string | null, { newShares: Decimal; oldShares: Decimal }>()
  for (let index = ordered.length - 1; index >= 0; index -= 1) {
    const transaction = ordered[index] as Transaction
    const key = instrumentKey(transaction)
    const factor = factors.get(key)
    if (transaction.type === 'SPLIT' && transaction.splitRatio !== null) {
      const [newShares = '1', oldShares = '1'] = transaction.splitRatio.split(':')
      factors.set(key, {
        newShares: decimal(newShares).times(factor?.newShares ?? ONE),
        oldShares: decimal(oldShares).times(factor?.oldShares ?? ONE),
      })
    } else if (transaction.quantity !== null) {
      quantities.set(
        transaction,
        factor
          ? decimal(transaction.quantity).share(factor.newShares, factor.oldShares).toString()
          : transaction.quantity,
      )
    }
  }
  return quantities
}

function byTradeOrder(a: Transaction, b: Transaction): number {
  return a.tradeDate === b.tradeDate ? a.sequence - b.sequence : a.tradeDate < b.tradeDate ? -1 : 1
}

/**
 * An exchange as Portfolio Performance books it between two cash accounts: a transfer out of
 * the one (the amount with its charges) and a transfer into the other.
 */
function exchangeRows(exchange: Transaction): Cell[][] {
  const out = addDecimals(exchange.amount ?? '0', exchange.fee, exchange.tax)
  const row = (type: string, value: string, currency: string | null): Cell[] => [
    exchange.tradeDate,
    type,
    germanDecimal(value),
    currency ?? '',
    ...Array<Cell>(10).fill(''),
    exchange.note ?? '',
  ]
  return [
    row('Umbuchung (Ausgang)', out, exchange.currency),
    row('Umbuchung (Eingang)', exchange.toAmount ?? '0', exchange.toCurrency),
  ]
}

export function writePortfolioPerformanceCsv(transactions: Transaction[]): string {
  const ordered = [...transactions].sort(byTradeOrder)
  const quantities = splitAdjustedQuantities(ordered)
  const rows: Cell[][] = []
  for (const transaction of ordered) {
    if (transaction.type === 'SPLIT') continue
    if (transaction.type === 'EXCHANGE') {
      rows.push(...exchangeRows(transaction))
      continue
    }
    const quantity = quantities.get(transaction) ?? null
    const { instrument } = transaction
    const cash = transaction.quantity === null
    rows.push([
      transaction.tradeDate,
      PP_TYPES[transaction.type],
      germanDecimal(bookedValue(transaction)),
      transaction.currency,
      // Each row is booked in its own currency, so there is no gross amount in another one.
      '',
      '',
      '',
      germanDecimal(transaction.fee),
      germanDecimal(transaction.tax),
      germanDecimal(cash ? null : quantity),
      instrument?.isin ?? '',
      '',
      instrument?.code ?? '',
      instrument?.name ?? '',
      transaction.note ?? '',
    ])
  }
  return csvText([[...PP_HEADERS], ...rows], ';')
}
