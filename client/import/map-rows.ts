import { isCurrency } from '../api/schemas/currencies'
import type {
  ColumnMapping,
  ImportField,
  ImportPreset,
  ImportReadOptions,
  ImportRow,
  ImportRowProblem,
} from '../api/schemas/import'
import { INSTRUMENT_CODE_PATTERN } from '../api/schemas/instrument'
import { FIELD_RULES } from '../api/schemas/transaction'
import { isValidIsin } from '../portfolio/isin'
import type { InstrumentType, TransactionType } from '../portfolio/portfolio-kinds'
import { addDecimals, divideToPlaces, multiplyDecimals, subtractDecimals } from './decimal-text'
import type { DateOrder } from './import-date'
import { detectDateOrder, parseImportDate } from './import-date'
import type { DecimalSeparator } from './import-number'
import { detectDecimalSeparator, parseImportNumber } from './import-number'
import { PORTFOLIO_PERFORMANCE_GROSS, findHeader } from './presets'
import type { ImportTable } from './read-table'
import { missingImportFields } from './required-fields'
import { instrumentTypeOf, transactionTypeOf } from './type-words'
import { restoreCell } from './write-csv'

/**
 * A table's rows → the transactions they describe, each with the problems that keep it from
 * being one. Every value comes out canonical (ISO dates, `.` decimals, upper-case codes); what the
 * catalog, the portfolio and the engine say about a row is the import API's part.
 */
export interface DraftInstrument {
  code: string | null
  isin: string | null
  name: string | null
  type: InstrumentType | null
  exchange: string | null
}

export interface DraftRow {
  /** The data-row number: 1 is the first row after the header. */
  row: number
  /** Canonical strings: ISO dates, '.' decimals; null where the row gave nothing usable. */
  transaction: ImportRow['transaction']
  /** Null for a row without a code or an ISIN (a deposit, say). */
  instrument: DraftInstrument | null
  /**
   * `column`: the header of the column at fault, null when the row as a whole is or when the
   * field at fault (`field`, then) has no column.
   */
  problems: { code: ImportRowProblem; column: string | null; field?: ImportField }[]
  /**
   * Portfolio Performance's booking (account) currency, when the row's `fxRate` is that currency
   * per the security's: the base currency's rate only when the portfolio is kept in it.
   */
  bookingCurrency?: string | null
}

export type MapRowsResult =
  | { ok: true; rows: DraftRow[]; decimalSeparator: '.' | ','; dateOrder: 'DMY' | 'MDY' }
  | { ok: false; problem: 'mapping_incomplete'; missing: ImportField[] }

export interface MapRowsOptions {
  decimalSeparator: ImportReadOptions['decimalSeparator']
  dateOrder: ImportReadOptions['dateOrder']
  /** The caller's locale's order (en-US: MDY, tr and de: DMY), when the file does not tell. */
  fallbackDateOrder: DateOrder
  /** `kiymet` undoes formula neutralization; Ghostfolio and Portfolio Performance get their meaning. */
  preset: ImportPreset | null
}

type DraftTransaction = DraftRow['transaction']
type Problem = DraftRow['problems'][number]

const NUMBER_FIELDS = [
  'quantity',
  'price',
  'amount',
  'fee',
  'tax',
  'fxRate',
  'acquisitionFxRate',
] as const
type NumberField = (typeof NUMBER_FIELDS)[number]

/** Types whose money is an amount, not quantity × price. */
const CASH_TYPES = new Set<TransactionType>([
  'DIVIDEND',
  'INTEREST',
  'FEE',
  'TAX',
  'DEPOSIT',
  'WITHDRAWAL',
])

/** The field a rule of `FIELD_RULES` names, as a column of the file. */
const RULE_FIELDS = {
  quantity: 'quantity',
  unitPrice: 'price',
  amount: 'amount',
  splitRatio: 'splitRatio',
  acquiredDate: 'acquiredDate',
  acquisitionFxRate: 'acquisitionFxRate',
} as const satisfies Partial<Record<keyof (typeof FIELD_RULES)['BUY'], ImportField>>

const RULE_ENTRIES = Object.entries(RULE_FIELDS) as [
  keyof typeof RULE_FIELDS,
  (typeof RULE_FIELDS)[keyof typeof RULE_FIELDS],
][]

/** Ghostfolio's symbol for an asset the user made up (an account fee's, say): its id. */
const GHOSTFOLIO_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

interface Columns {
  /** Field → index of its column in the table. */
  index: Partial<Record<ImportField, number>>
  mapping: ColumnMapping
  /** Portfolio Performance's gross amount and its currency, which no field holds. */
  grossAmount: { index: number; header: string } | null
  grossCurrency: { index: number; header: string } | null
}

function resolveColumns(table: ImportTable, mapping: ColumnMapping, preset: ImportPreset | null) {
  const index: Columns['index'] = {}
  for (const [field, header] of Object.entries(mapping) as [ImportField, string][]) {
    const at = table.headers.indexOf(header.trim())
    if (at >= 0) index[field] = at
  }
  const extra = (names: readonly string[]) => {
    if (preset !== 'portfolio_performance') return null
    const header = findHeader(table.headers, names)
    return header === null ? null : { index: table.headers.indexOf(header), header }
  }
  return {
    index,
    mapping,
    grossAmount: extra(PORTFOLIO_PERFORMANCE_GROSS.amount),
    grossCurrency: extra(PORTFOLIO_PERFORMANCE_GROSS.currency),
  } satisfies Columns
}

function columnCells(table: ImportTable, index: number | undefined): string[] {
  return index === undefined ? [] : table.rows.map((row) => row[index] ?? '')
}

interface Reading {
  columns: Columns
  decimalSeparator: DecimalSeparator
  dateOrder: DateOrder
  preset: ImportPreset | null
  headerCount: number
}

/** Reads one row's cells field by field, collecting problems against their columns. */
class RowReader {
  readonly problems: Problem[] = []
  /** Fields whose cell was there but unusable: not reported again as missing. */
  private readonly faulty: ImportField[] = []

  constructor(
    private readonly cells: readonly string[],
    private readonly reading: Reading,
  ) {}

  column(field: ImportField): string | null {
    return this.reading.columns.mapping[field] ?? null
  }

  report(code: ImportRowProblem, field: ImportField | null, column = field && this.column(field)) {
    if (field) this.faulty.push(field)
    // A field without a column is named by its label, which the API puts in the caller's words.
    if (field && !column) this.problems.push({ code, column: null, field })
    else this.problems.push({ code, column: column ?? null })
  }

  /** Reports a value a type needs that the row lacks, unless its cell was already at fault. */
  require(field: ImportField, present: boolean) {
    if (!present && !this.faulty.includes(field)) this.report('missing_value', field)
  }

  private cell(index: number | undefined): string | null {
    if (index === undefined) return null
    let text = this.cells[index] ?? ''
    if (this.reading.preset === 'kiymet') text = restoreCell(text)
    text = text.trim()
    return text === '' ? null : text
  }

  text(field: ImportField): string | null {
    return this.cell(this.reading.columns.index[field])
  }

  /** A decimal; negative ones are refused unless `signed` (then their magnitude is kept). */
  number(field: NumberField, signed = false): string | null {
    const text = this.text(field)
    return text === null ? null : this.parseNumber(text, field, signed)
  }

  private parseNumber(text: string, field: ImportField, signed: boolean, column?: string) {
    const parsed = parseImportNumber(text, this.reading.decimalSeparator)
    if (!parsed.ok) {
      this.report('invalid_number', field, column)
      return null
    }
    if (!parsed.negative) return parsed.value
    if (signed) return parsed.value.slice(1)
    this.report('negative_number', field, column)
    return null
  }

  date(field: 'date' | 'acquiredDate'): string | null {
    const text = this.text(field)
    if (text === null) return null
    const parsed = parseImportDate(text, this.reading.dateOrder)
    if (parsed.ok) return parsed.date
    this.report(parsed.problem, field)
    return null
  }

  type(): TransactionType | null {
    const text = this.text('type')
    if (text === null) return null
    const type = transactionTypeOf(text)
    if (type === null) this.report('unknown_type', 'type')
    return type
  }

  currency(): string | null {
    const text = this.text('currency')?.toUpperCase() ?? null
    if (text === null || isCurrency(text)) return text
    this.report('unknown_currency', 'currency')
    return null
  }

  isin(): string | null {
    const text = this.text('isin')?.toUpperCase() ?? null
    if (text === null || isValidIsin(text)) return text
    this.report('invalid_isin', 'isin')
    return null
  }

  code(): string | null {
    const text = this.text('code')?.toUpperCase() ?? null
    if (text === null || INSTRUMENT_CODE_PATTERN.test(text)) return text
    this.report('invalid_code', 'code')
    return null
  }

  /** `2:1`, `1:10` or one number (`2` = `2:1`), each part a positive decimal. */
  splitRatio(): string | null {
    const text = this.text('splitRatio')
    if (text === null) return null
    const parts = text.split(/\s*[:/]\s*/)
    const numbers = parts.map((part) => parseImportNumber(part, this.reading.decimalSeparator))
    const valid = parts.length <= 2 && numbers.every((part) => part.ok && /[1-9]/.test(part.value))
    if (valid && numbers.every((part) => part.ok && !part.negative)) {
      return numbers.map((part) => (part.ok ? part.value : '')).join(':')
    }
    this.report('invalid_split_ratio', 'splitRatio')
    return null
  }

  /** Portfolio Performance's gross amount and currency, when the row books another currency. */
  gross(): { amount: string; currency: string } | null {
    const { grossAmount, grossCurrency } = this.reading.columns
    const amountText = this.cell(grossAmount?.index)
    const currency = this.cell(grossCurrency?.index)?.toUpperCase() ?? null
    if (amountText === null || currency === null || !grossAmount || !grossCurrency) return null
    if (!isCurrency(currency)) {
      this.report('unknown_currency', null, grossCurrency.header)
      return null
    }
    const amount = this.parseNumber(amountText, 'amount', true, grossAmount.header)
    return amount === null ? null : { amount, currency }
  }
}

function isPositive(value: string | null): value is string {
  return value !== null && /[1-9]/.test(value)
}

/**
 * Portfolio Performance books a total (`Wert`, signed by direction) with fees and taxes beside
 * it, and a gross amount in the security's currency when that differs from the account's. Turns
 * that into a price per share (trades) or a gross amount (income), in the security's currency.
 * Gives the booking currency when the row keeps the file's rate (account per security currency).
 */
function applyPortfolioPerformance(
  tx: DraftTransaction,
  reader: RowReader,
  tradeDate: string | null,
): { bookingCurrency: string | null } | null {
  const value = tx.amount
  tx.amount = null
  const gross = reader.gross()
  const foreign = gross !== null && gross.currency !== tx.currency
  const booking = foreign ? { bookingCurrency: tx.currency } : null
  if (foreign) {
    if (!isPositive(tx.fxRate)) {
      reader.require('fxRate', false)
      return booking
    }
    const rate = tx.fxRate
    const convert = (money: string | null) => (money === null ? null : divideToPlaces(money, rate))
    tx.fee = convert(tx.fee)
    tx.tax = convert(tx.tax)
    tx.currency = gross.currency
  } else {
    // Its exchange rate belongs to the gross amount; without one, the API finds the day's rate.
    tx.fxRate = null
  }
  const costs = [tx.fee ?? '0', tx.tax ?? '0']
  switch (tx.type) {
    case 'BUY':
    case 'SELL':
    case 'TRANSFER_IN': {
      const total = foreign
        ? gross.amount
        : value === null
          ? null
          : tx.type === 'SELL'
            ? addDecimals(value, ...costs)
            : subtractDecimals(value, ...costs)
      if (isPositive(tx.quantity) && total !== null) {
        tx.unitPrice = divideToPlaces(total, tx.quantity)
      }
      if (tx.type === 'TRANSFER_IN') tx.acquiredDate ??= tradeDate
      break
    }
    case 'DIVIDEND':
    case 'INTEREST':
      // Income is booked net: its fees and taxes lie on top of the booked value.
      tx.amount = foreign ? gross.amount : value === null ? null : addDecimals(value, ...costs)
      break
    case 'TRANSFER_OUT':
    case 'SPLIT':
    case null:
      break
    default:
      tx.amount = foreign ? gross.amount : value
  }
  return booking
}

/** Ghostfolio keeps a fee activity's money in `fee`, with quantity and price zero. */
function applyGhostfolio(tx: DraftTransaction) {
  if (tx.type === 'FEE' && tx.amount === null) {
    tx.amount = tx.fee
    tx.fee = null
  }
}

function mapRow(cells: readonly string[], row: number, reading: Reading): DraftRow {
  const reader = new RowReader(cells, reading)
  if (cells.length !== reading.headerCount) reader.report('column_count', null)
  const { preset } = reading
  const portfolioPerformance = preset === 'portfolio_performance'
  const tradeDate = reader.date('date')
  const tx: DraftTransaction = {
    type: reader.type(),
    tradeDate,
    currency: reader.currency(),
    fxRate: reader.number('fxRate'),
    quantity: reader.number('quantity'),
    unitPrice: reader.number('price'),
    // Portfolio Performance signs its booked values by direction.
    amount: reader.number('amount', portfolioPerformance),
    fee: reader.number('fee'),
    tax: reader.number('tax'),
    splitRatio: reader.splitRatio(),
    acquiredDate: reader.date('acquiredDate'),
    acquisitionFxRate: reader.number('acquisitionFxRate'),
    note: reader.text('note'),
  }
  // Ghostfolio books account fees and interest on a made-up asset whose symbol is its id; here
  // they need no instrument.
  const placeholder =
    preset === 'ghostfolio' &&
    tx.type !== null &&
    FIELD_RULES[tx.type].instrumentId === 'optional' &&
    GHOSTFOLIO_UUID.test(reader.text('code') ?? '')
  const code = placeholder ? null : reader.code()
  const isin = reader.isin()
  const booking = portfolioPerformance ? applyPortfolioPerformance(tx, reader, tradeDate) : null
  if (preset === 'ghostfolio') applyGhostfolio(tx)

  const type = tx.type
  if (type !== null && CASH_TYPES.has(type)) {
    // A cash row's quantity and price only ever say its amount (Ghostfolio's dividends do).
    if (tx.amount === null && tx.quantity !== null && tx.unitPrice !== null) {
      tx.amount = multiplyDecimals(tx.quantity, tx.unitPrice)
    }
    tx.quantity = null
    tx.unitPrice = null
  }

  reader.require('date', tradeDate !== null)
  reader.require('type', tx.type !== null)
  if (type !== null) {
    const rules = FIELD_RULES[type]
    if (rules.instrumentId === 'required' && code === null && isin === null) {
      const field = reading.columns.index.code !== undefined ? 'code' : 'isin'
      reader.require(field, reader.text('code') !== null || reader.text('isin') !== null)
    }
    const values: Record<(typeof RULE_FIELDS)[keyof typeof RULE_FIELDS], string | null> = {
      quantity: tx.quantity,
      price: tx.unitPrice,
      amount: tx.amount,
      splitRatio: tx.splitRatio,
      acquiredDate: tx.acquiredDate,
      acquisitionFxRate: tx.acquisitionFxRate,
    }
    for (const [rule, field] of RULE_ENTRIES) {
      if (rules[rule] === 'required') reader.require(field, values[field] !== null)
    }
  }

  const instrument: DraftInstrument | null =
    code === null && isin === null
      ? null
      : {
          code,
          isin,
          name: reader.text('name'),
          type: instrumentTypeOf(reader.text('instrumentType') ?? ''),
          exchange: reader.text('exchange')?.toUpperCase() ?? null,
        }
  return { row, transaction: tx, instrument, problems: reader.problems, ...booking }
}

/**
 * @example mapImportRows(table, presetMapping('generic', table.headers), {
 *   decimalSeparator: 'auto', dateOrder: 'auto', fallbackDateOrder: 'DMY', preset: 'generic' })
 */
export function mapImportRows(
  table: ImportTable,
  mapping: ColumnMapping,
  options: MapRowsOptions,
): MapRowsResult {
  const columns = resolveColumns(table, mapping, options.preset)
  const missing = missingImportFields(columns.index)
  if (missing.length > 0) return { ok: false, problem: 'mapping_incomplete', missing }

  const numberCells = () => [
    ...NUMBER_FIELDS.flatMap((field) => columnCells(table, columns.index[field])),
    ...columnCells(table, columns.grossAmount?.index),
  ]
  const decimalSeparator =
    options.decimalSeparator !== 'auto'
      ? options.decimalSeparator
      : table.kind === 'json'
        ? '.'
        : detectDecimalSeparator(numberCells(), table.separator === ';' ? ',' : '.')
  const dateOrder =
    options.dateOrder !== 'auto'
      ? options.dateOrder
      : detectDateOrder(
          [
            ...columnCells(table, columns.index.date),
            ...columnCells(table, columns.index.acquiredDate),
          ],
          options.fallbackDateOrder,
        )
  const reading: Reading = {
    columns,
    decimalSeparator,
    dateOrder,
    preset: options.preset,
    headerCount: table.headers.length,
  }
  const rows = table.rows.map((cells, index) => mapRow(cells, index + 1, reading))
  return { ok: true, rows, decimalSeparator, dateOrder }
}
