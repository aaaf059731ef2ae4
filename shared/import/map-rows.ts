import { isCurrency } from '../api/schemas/currencies'
import type {
  ColumnMapping,
  ImportField,
  ImportLeaveOut,
  ImportPreset,
  ImportReadOptions,
  ImportRow,
  ImportRowNotice,
  ImportRowProblem,
} from '../api/schemas/import'
import { INSTRUMENT_CODE_PATTERN } from '../api/schemas/instrument'
import { FIELD_RULES } from '../api/schemas/transaction'
import { isValidIsin } from '../portfolio/isin'
import type { InstrumentType, TransactionType } from '../portfolio/portfolio-kinds'
import { minorUnitCurrency } from '../portfolio/minor-units'
import { snapFloatDust } from './float-dust'
import type { DateOrder } from './import-date'
import { detectDateOrder, parseImportDate } from './import-date'
import type { DecimalSeparator } from './import-number'
import { detectDecimalSeparator, parseImportNumber } from './import-number'
import { findHeader, presetDefinition } from './presets'
import type {
  Cancellation,
  CorporateAction,
  PresetDefinition,
  PresetRow,
} from './presets/preset-definition'
import type { ImportTable } from './read-table'
import { missingImportFields } from './required-fields'
import {
  applySigns,
  NUMBER_FIELDS,
  scaleMinorUnit,
  settleMoney,
  columnSigns,
  type ConventionNotes,
  type ConventionParams,
  type NumberField,
  type SignReading,
} from './row-conventions'
import {
  corporateActionOf,
  instrumentTypeOf,
  transactionTypeOf,
  type CorporateActionKind,
} from './type-words'
import { joinRows } from './joined-rows'
import { isNegative, magnitude } from './decimal-text'
import { restoreCell } from './write-csv'

/**
 * A table's rows → the transactions they describe, each with the problems that keep it from
 * being one and notices of what was read differently from its face. Every value comes out
 * canonical (ISO dates, `.` decimals, upper-case codes); what the catalog, the portfolio and the
 * engine say about a row is the import API's part. The conventions every file is read with are
 * in row-conventions; what a program's files mean beyond them, in its preset.
 */
export interface DraftInstrument {
  code: string | null
  isin: string | null
  name: string | null
  type: InstrumentType | null
  exchange: string | null
  /** An asset the user made up in the other program: matched only among the user's own. */
  manual?: true
  /** The row's currency names its listing (presets' `listsInRowCurrency`). */
  listingInRowCurrency?: true
}

/** A problem or a notice of a row: its column (or, without one, its field), and its figures. */
interface RowNote<Code> {
  code: Code
  /** The header of the column at fault, null when the row as a whole is or the field has none. */
  column: string | null
  /** The field at fault when it has no column (named in the caller's words). */
  field?: ImportField
  params?: ConventionParams
}

export interface DraftRow {
  /** The data-row number: 1 is the first row after the header. */
  row: number
  /** Canonical strings: ISO dates, '.' decimals; null where the row gave nothing usable. */
  transaction: ImportRow['transaction']
  /** Null for a row without a code or an ISIN (a deposit, say). */
  instrument: DraftInstrument | null
  problems: RowNote<ImportRowProblem>[]
  notices: RowNote<ImportRowNotice>[]
  /** Why the row is not a transaction to write, when the program says it is none. */
  leftOut: ImportLeaveOut | null
  /** A cancellation of an earlier booking: of this type (null when the row does not say). */
  cancels?: TransactionType | null
  /**
   * A split given as the units it booked in or took out, not as a ratio: the import works the
   * ratio out from the holding that day, or from the other half of a close-and-reopen pair.
   */
  splitUnits?: { direction: 'in' | 'out'; quantity: string }
  /** Half or all of a bond's redemption: its units out, its money in (joined-rows). */
  redemption?: true
  /** The row this one was read into (one event in two rows); it is left out. */
  joinedTo?: number
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
  /** How the program that wrote the file means its rows; null reads them as the generic layout. */
  preset: ImportPreset | null
}

type DraftTransaction = DraftRow['transaction']

/** The field a rule of `FIELD_RULES` names, as a column of the file. */
const RULE_FIELDS = {
  quantity: 'quantity',
  unitPrice: 'price',
  amount: 'amount',
  splitRatio: 'splitRatio',
  acquiredDate: 'acquiredDate',
  acquisitionFxRate: 'acquisitionFxRate',
  toCurrency: 'toCurrency',
  toAmount: 'toAmount',
} as const satisfies Partial<Record<keyof (typeof FIELD_RULES)['BUY'], ImportField>>

const RULE_ENTRIES = Object.entries(RULE_FIELDS) as [
  keyof typeof RULE_FIELDS,
  (typeof RULE_FIELDS)[keyof typeof RULE_FIELDS],
][]

/** A column the reader knows by its index, and the header to name it by. */
interface Column {
  index: number
  header: string
  /** Holds numbers: counted when the decimal separator is decided. */
  number: boolean
}

interface Columns {
  /** Field → index of its column in the table. */
  index: Partial<Record<ImportField, number>>
  mapping: ColumnMapping
  /** The preset's extra columns by name, those the file has. */
  extra: Map<string, Column>
}

function resolveColumns(
  table: ImportTable,
  mapping: ColumnMapping,
  preset: PresetDefinition | null,
): Columns {
  const index: Columns['index'] = {}
  for (const [field, header] of Object.entries(mapping) as [ImportField, string][]) {
    const at = table.headers.indexOf(header.trim())
    if (at >= 0) index[field] = at
  }
  const extra = new Map<string, Column>()
  for (const [name, column] of Object.entries(preset?.extraColumns ?? {})) {
    const header = findHeader(table.headers, column.names)
    if (header === null) continue
    const at = table.headers.indexOf(header) + (column.next ? 1 : 0)
    if (at < table.headers.length) {
      extra.set(name, { index: at, header: table.headers[at] || header, number: !!column.number })
    }
  }
  return { index, mapping, extra }
}

function columnCells(table: ImportTable, index: number | undefined): string[] {
  return index === undefined ? [] : table.rows.map((row) => row[index] ?? '')
}

interface Reading {
  columns: Columns
  decimalSeparator: DecimalSeparator
  dateOrder: DateOrder
  preset: PresetDefinition | null
  headerCount: number
  /** How the file writes signs (row-conventions). */
  signs: SignReading
}

/** Reads one row's cells field by field, collecting problems and notices against their columns. */
class RowReader implements ConventionNotes {
  readonly problems: DraftRow['problems'] = []
  readonly notices: DraftRow['notices'] = []
  leftOut: ImportLeaveOut | null = null
  /** What the row cancels, when it is a cancellation. */
  cancels: TransactionType | null | undefined = undefined
  /** A bond's redemption, read as a sale. */
  redemption = false
  /** Fields whose cell was there but unusable: not reported again as missing. */
  private readonly faulty: ImportField[] = []

  constructor(
    private readonly cells: readonly string[],
    private readonly reading: Reading,
  ) {}

  column(field: ImportField): string | null {
    return this.reading.columns.mapping[field] ?? null
  }

  report(
    code: ImportRowProblem,
    field: ImportField | null,
    params?: ConventionParams,
    column = field && this.column(field),
  ) {
    if (field) this.faulty.push(field)
    const figures = params ? { params } : {}
    // A field without a column is named by its label, which the API puts in the caller's words.
    if (field && !column) this.problems.push({ code, column: null, field, ...figures })
    else this.problems.push({ code, column: column ?? null, ...figures })
  }

  notice(code: ImportRowNotice, field: ImportField | null, params: ConventionParams) {
    const column = field && this.column(field)
    if (field && !column) this.notices.push({ code, column: null, field, params })
    else this.notices.push({ code, column: column ?? null, params })
  }

  excuse(field: ImportField) {
    this.faulty.push(field)
  }

  /** Named on the amount (or the column given), whose sign tells the reversal. */
  reverses(type: TransactionType, column = this.column('amount')) {
    this.cancels = type
    this.report('cancellation', 'amount', undefined, column)
  }

  /** Reports a value a type needs that the row lacks, unless its cell was already at fault. */
  require(field: ImportField, present: boolean) {
    if (!present && !this.faulty.includes(field)) this.report('missing_value', field)
  }

  cell(index: number | undefined): string | null {
    if (index === undefined) return null
    let text = this.cells[index] ?? ''
    if (this.reading.preset?.neutralizedCells) text = restoreCell(text)
    text = text.trim()
    return text === '' ? null : text
  }

  text(field: ImportField): string | null {
    return this.cell(this.reading.columns.index[field])
  }

  /** A decimal, signed as written; a printed float's noise snapped, with a notice. */
  number(field: NumberField): string | null {
    const text = this.text(field)
    return text === null ? null : this.parseNumber(text, field)
  }

  parseNumber(text: string, field: ImportField, column?: string): string | null {
    const parsed = parseImportNumber(text, this.reading.decimalSeparator)
    if (!parsed.ok) {
      this.report('invalid_number', field, undefined, column)
      return null
    }
    const snapped = snapFloatDust(parsed.value)
    if (snapped === null) return parsed.value
    this.notice('float_snapped', field, { written: text, read: { decimal: snapped } })
    return snapped
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
    const type = typeOfCell(text, this.reading.preset)
    if (type !== null && typeof type === 'object' && 'corporate' in type) {
      return this.corporateAction(type.corporate)
    }
    if (type !== null && typeof type === 'object') {
      this.cancels = type.cancels
      this.report('cancellation', 'type')
      return null
    }
    if (type === null) this.report('unknown_type', 'type')
    return type
  }

  /** The type a corporate action is read as: units added are a split, a redemption a sale. */
  corporateAction(kind: CorporateActionKind): TransactionType | null {
    switch (kind) {
      case 'shares_added':
        return 'SPLIT'
      case 'redemption':
        this.redemption = true
        return 'SELL'
      case 'isin_change':
        this.report('isin_change', 'type')
        return null
    }
  }

  /**
   * The currency, and the minor unit it was written in (pence, cents), if it was: from the
   * currency column, or else from the preset's currency columns.
   */
  currency(): { currency: string | null; minorUnit: string | null } {
    let text = this.text('currency')
    let column: string | undefined
    if (this.reading.columns.index.currency === undefined) {
      for (const name of this.reading.preset?.currencyColumns ?? []) {
        const extra = this.reading.columns.extra.get(name)
        text = this.cell(extra?.index)
        column = extra?.header
        if (text !== null) break
      }
    }
    if (text === null) return { currency: null, minorUnit: null }
    const major = minorUnitCurrency(text)
    if (major !== null) return { currency: major, minorUnit: text }
    const code = text.toUpperCase()
    if (isCurrency(code)) return { currency: code, minorUnit: null }
    this.report('unknown_currency', 'currency', undefined, column)
    return { currency: null, minorUnit: null }
  }

  /** An exchange's currency received: a code this app knows. */
  toCurrency(): string | null {
    const code = this.text('toCurrency')?.toUpperCase() ?? null
    if (code === null || isCurrency(code)) return code
    this.report('unknown_currency', 'toCurrency')
    return null
  }

  isin(cell: string | null): string | null {
    const text = cell?.toUpperCase() ?? null
    if (text === null || isValidIsin(text)) return text
    this.report('invalid_isin', 'isin')
    return null
  }

  code(text: string | null): string | null {
    const code = text?.toUpperCase() ?? null
    if (code === null || INSTRUMENT_CODE_PATTERN.test(code)) return code
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

  /** The row as a preset's hooks see it (presets/preset-definition). */
  presetRow(tx: DraftTransaction, instrument: PresetRow['instrument']): PresetRow {
    const extra = (name: string) => this.reading.columns.extra.get(name)
    const reader = this
    return {
      transaction: tx,
      instrument,
      bookingCurrency: null,
      column: (field) => this.column(field),
      extra: (name) => this.cell(extra(name)?.index),
      extraNumber(name) {
        const column = extra(name)
        const text = reader.cell(column?.index)
        return text === null || !column ? null : reader.parseNumber(text, 'amount', column.header)
      },
      extraColumn: (name) => extra(name)?.header ?? null,
      extraCurrency(name) {
        const column = extra(name)
        const text = reader.cell(column?.index)?.toUpperCase() ?? null
        if (text === null || !column || isCurrency(text)) return text
        reader.report('unknown_currency', null, undefined, column.header)
        return null
      },
      report: (code, column, field, params) => this.report(code, field ?? null, params, column),
      notice: (code, column, params = {}) => this.notices.push({ code, column, params }),
      leaveOut: (reason) => {
        this.leftOut = reason
      },
      reverses: (type, column) => this.reverses(type, column),
    }
  }
}

function mapRow(cells: readonly string[], row: number, reading: Reading): DraftRow {
  const reader = new RowReader(cells, reading)
  if (cells.length !== reading.headerCount) reader.report('column_count', null)
  const { preset } = reading
  const tradeDate = reader.date('date')
  const tx: DraftTransaction = {
    type: null,
    tradeDate,
    currency: null,
    fxRate: reader.number('fxRate'),
    quantity: reader.number('quantity'),
    unitPrice: reader.number('price'),
    amount: reader.number('amount'),
    fee: reader.number('fee'),
    tax: reader.number('tax'),
    splitRatio: reader.splitRatio(),
    acquiredDate: reader.date('acquiredDate'),
    acquisitionFxRate: reader.number('acquisitionFxRate'),
    toCurrency: reader.toCurrency(),
    toAmount: reader.number('toAmount'),
    note: reader.text('note'),
  }
  const instrumentCells = {
    code: reader.text('code'),
    isin: reader.text('isin'),
    name: reader.text('name'),
    exchange: reader.text('exchange'),
    manual: false,
  }
  const presetRow = reader.presetRow(tx, instrumentCells)
  tx.type = reader.type()
  const { currency, minorUnit } = reader.currency()
  tx.currency = currency
  applySigns(tx, reader, reading.signs)
  if (minorUnit !== null && currency !== null) scaleMinorUnit(tx, minorUnit, currency, reader)
  preset?.adjust?.(presetRow)
  if (reader.leftOut === null) settleMoney(tx, reader, preset?.tradeAmount ?? 'net')
  const splitUnits = unitsOfSplit(tx)

  const code = reader.code(instrumentCells.code)
  const isin = reader.isin(instrumentCells.isin)
  reader.require('date', tradeDate !== null)
  reader.require('type', tx.type !== null)
  const type = tx.type
  if (type !== null && reader.leftOut === null) {
    const rules = FIELD_RULES[type]
    if (rules.instrumentId === 'required' && code === null && isin === null) {
      const field = reading.columns.index.code !== undefined ? 'code' : 'isin'
      reader.require(field, instrumentCells.code !== null || instrumentCells.isin !== null)
    }
    // A split's units stand in for its ratio; the half of a redemption or an exchange gets the
    // rest from the other half (joined-rows, which names what a half alone lacks).
    const joined = reader.redemption ? 'joined' : null
    const exchangeHalf =
      type === 'EXCHANGE' && (tx.amount === null) !== (tx.toAmount === null) ? 'joined' : null
    const values: Record<(typeof RULE_FIELDS)[keyof typeof RULE_FIELDS], string | null> = {
      quantity: tx.quantity ?? joined,
      price: tx.unitPrice ?? joined,
      amount: tx.amount ?? exchangeHalf,
      splitRatio: tx.splitRatio ?? splitUnits?.quantity ?? null,
      acquiredDate: tx.acquiredDate,
      acquisitionFxRate: tx.acquisitionFxRate,
      toCurrency: tx.toCurrency ?? (tx.toAmount === null ? exchangeHalf : null),
      toAmount: tx.toAmount ?? exchangeHalf,
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
          name: instrumentCells.name,
          type: instrumentTypeOf(reader.text('instrumentType') ?? ''),
          exchange: instrumentCells.exchange?.toUpperCase() ?? null,
          ...(instrumentCells.manual ? { manual: true as const } : {}),
          ...(preset?.listsInRowCurrency ? { listingInRowCurrency: true as const } : {}),
        }
  const booking =
    presetRow.bookingCurrency === null ? {} : { bookingCurrency: presetRow.bookingCurrency }
  return {
    row,
    transaction: tx,
    instrument,
    // A row left out is shown with why; what else it lacks does not matter.
    problems: reader.leftOut === null ? reader.problems : [],
    notices: reader.leftOut === null ? reader.notices : [],
    leftOut: reader.leftOut,
    ...(reader.cancels === undefined ? {} : { cancels: reader.cancels }),
    ...(splitUnits === undefined ? {} : { splitUnits }),
    ...(reader.redemption ? { redemption: true as const } : {}),
    ...booking,
  }
}

/**
 * A split row's units: without a ratio, the units it booked in or (with a minus) took out, taken
 * off the row for the import to turn into a ratio; beside a ratio, a magnitude as any quantity.
 */
function unitsOfSplit(tx: DraftTransaction): DraftRow['splitUnits'] {
  const { quantity } = tx
  if (tx.type !== 'SPLIT' || quantity === null) return undefined
  tx.quantity = magnitude(quantity)
  if (tx.splitRatio !== null || !/[1-9]/.test(quantity)) return undefined
  tx.quantity = null
  return { direction: isNegative(quantity) ? 'out' : 'in', quantity: magnitude(quantity) }
}

/**
 * How the file writes signs: as its preset says where it says, else the columns whose outgoing
 * values mostly carry a minus, from each row's type and those cells.
 */
function signsOf(reading: Omit<Reading, 'signs'>, table: ImportTable): SignReading {
  const { columns, preset, decimalSeparator } = reading
  const typeIndex = columns.index.type
  const rows = table.rows.map((cells) => {
    const text = typeIndex === undefined ? '' : (cells[typeIndex] ?? '').trim()
    const values: Partial<Record<NumberField, string | null>> = {}
    for (const field of NUMBER_FIELDS) {
      const index = columns.index[field]
      const cell = index === undefined ? '' : (cells[index] ?? '').trim()
      const parsed = cell === '' ? null : parseImportNumber(cell, decimalSeparator)
      values[field] = parsed?.ok ? parsed.value : null
    }
    const type = text === '' ? null : typeOfCell(text, preset)
    return { type: typeof type === 'string' ? type : null, values }
  })
  const declared = Object.entries(preset?.signs ?? {}) as [NumberField, 'signed' | 'magnitudes'][]
  const declaredAs = (kind: 'signed' | 'magnitudes') =>
    declared.filter(([, how]) => how === kind).map(([field]) => field)
  const voted = columnSigns(rows)
  for (const [field] of declared) {
    voted.signed.delete(field)
    voted.magnitudes.delete(field)
  }
  return {
    signed: new Set([...voted.signed, ...declaredAs('signed')]),
    magnitudes: new Set([...voted.magnitudes, ...declaredAs('magnitudes')]),
    own: new Set(preset?.ownSigns ?? []),
  }
}

function typeOfCell(
  text: string,
  preset: PresetDefinition | null,
): TransactionType | Cancellation | CorporateAction | null {
  const fromPreset = preset?.typeOf?.(text)
  if (fromPreset !== undefined) return fromPreset
  const corporate = corporateActionOf(text)
  return corporate === null ? transactionTypeOf(text) : { corporate }
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
  const preset = options.preset === null ? null : presetDefinition(options.preset)
  const columns = resolveColumns(table, mapping, preset)
  const missing = missingImportFields(columns.index)
  if (missing.length > 0) return { ok: false, problem: 'mapping_incomplete', missing }

  const numberCells = () => [
    ...NUMBER_FIELDS.flatMap((field) => columnCells(table, columns.index[field])),
    ...[...columns.extra.values()]
      .filter((column) => column.number)
      .flatMap((column) => columnCells(table, column.index)),
  ]
  // JSON numbers, and the numbers a workbook's reader writes, are plain decimals with a point,
  // whatever a preset says its CSV files use.
  const decimalSeparator =
    table.kind === 'json' || table.kind === 'xlsx'
      ? '.'
      : options.decimalSeparator !== 'auto'
        ? options.decimalSeparator
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
  const settled = {
    columns,
    decimalSeparator,
    dateOrder,
    preset,
    headerCount: table.headers.length,
  }
  const reading: Reading = { ...settled, signs: signsOf(settled, table) }
  const rows = table.rows.map((cells, index) => mapRow(cells, index + 1, reading))
  joinRows(rows, (field) => columns.mapping[field] ?? null, preset?.tradeAmount ?? 'net')
  return { ok: true, rows, decimalSeparator, dateOrder }
}
