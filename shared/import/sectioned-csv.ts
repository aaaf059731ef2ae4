import { isValidIsin } from '../portfolio/isin'
import { degiroAccountDates } from './presets/degiro-account'
import type { ImportTable, ReadTableResult } from './read-table'
import { joinWrappedRows } from './wrapped-rows'

/**
 * Files that are not one table, made the one table a preset reads:
 * - Interactive Brokers' Activity Statement (every line `<Section>,<Header|Data|SubTotal|Total|Notes>,…`,
 *   a section's header re-declared when its columns change): the data rows of the sections that
 *   hold transactions, in one layout (`STATEMENT_COLUMNS`), the ISIN joined from `Financial
 *   Instrument Information`;
 * - Interactive Brokers' Flex Query CSV with section markers (`"BOF"`, `"BOS","TRNT",…`, `"EOS"`)
 *   or line prefixes (`"HEADER","TRNT"`, `"DATA","TRNT"`): its trades and cash transactions in
 *   the single-section layout the Flex preset reads;
 * - DEGIRO's account statement, whose long Order IDs wrap onto a line of their own.
 * Any other file is one table already (null).
 */

const STATEMENT_KINDS = new Set(['Header', 'Data', 'SubTotal', 'Total', 'Notes'])

/** The Activity Statement's sections that hold transactions; the others are reports. */
const STATEMENT_SECTIONS = new Set([
  'Trades',
  'Dividends',
  'Withholding Tax',
  'Deposits & Withdrawals',
  'Fees',
  'Interest',
  'Corporate Actions',
])
const INSTRUMENTS = 'Financial Instrument Information'

/**
 * The flattened statement's columns and the headers each is read from in the sections: the
 * trades' `Date/Time` (`2024-02-05, 10:15:44`: its day), the cash sections' `Date` and the
 * deposits' `Settle Date` are one column, as a row has one date.
 */
const STATEMENT_COLUMNS: readonly (readonly [column: string, names: readonly string[]])[] = [
  ['Section', []],
  ['Asset Category', ['Asset Category']],
  ['Currency', ['Currency']],
  ['Symbol', ['Symbol']],
  ['ISIN', []],
  ['Date', ['Date/Time', 'Date', 'Settle Date']],
  ['Description', ['Description']],
  ['Quantity', ['Quantity']],
  ['T. Price', ['T. Price']],
  ['Proceeds', ['Proceeds']],
  ['Comm/Fee', ['Comm/Fee']],
  // Forex trades charge their commission in the account's currency, named in its header.
  ['Comm Currency', []],
  ['Amount', ['Amount']],
  ['Code', ['Code']],
]

/** A Forex trade's commission header: `Comm in EUR`. */
const COMMISSION_IN = /^Comm in ([A-Z]{3})$/

/** Trades' rows of executions, listed (with execution detail) beside the order they filled. */
const EXECUTIONS = new Set(['Trade', 'Execution'])

function isBlank(row: readonly string[]): boolean {
  return row.every((cell) => cell.trim() === '')
}

function allRows(table: ImportTable): string[][] {
  return [table.headers, ...table.rows].filter((row) => !isBlank(row))
}

function isStatement(rows: readonly string[][]): boolean {
  return (
    rows[0]?.[1]?.trim() === 'Header' &&
    rows.every((row) => STATEMENT_KINDS.has(row[1]?.trim() ?? ''))
  )
}

/** A data row's cells by its section's header. */
type Cells = ReadonlyMap<string, string>

function byHeader(header: readonly string[], cells: readonly string[]): Cells {
  const record = new Map<string, string>()
  header.forEach((name, index) => {
    if (name !== '' && !record.has(name)) record.set(name, (cells[index] ?? '').trim())
  })
  return record
}

/** Symbol → ISIN, per asset category, where `Security ID` is one (it may be a CUSIP). */
function isinsOf(records: readonly Cells[]): Map<string, string> {
  const isins = new Map<string, string>()
  for (const record of records) {
    const id = record.get('Security ID')?.toUpperCase() ?? ''
    if (!isValidIsin(id)) continue
    // A renamed instrument lists its symbols together (`ABC, ABC.OLD`).
    for (const symbol of (record.get('Symbol') ?? '').split(',')) {
      isins.set(`${record.get('Asset Category') ?? ''} ${symbol.trim()}`, id)
    }
  }
  return isins
}

/**
 * The trades to import: the executions when the statement lists them, else the orders; closed
 * lots (the purchases a sale closed) never.
 */
function importedTrades(records: readonly Cells[]): Cells[] {
  const level = (record: Cells) => record.get('DataDiscriminator') ?? ''
  const executions = records.some((record) => EXECUTIONS.has(level(record)))
  return records.filter((record) =>
    executions ? EXECUTIONS.has(level(record)) : level(record) === 'Order',
  )
}

function flattenStatement(rows: readonly string[][]): string[][] {
  const headers = new Map<string, string[]>()
  const records = new Map<string, Cells[]>()
  for (const row of rows) {
    const section = row[0]?.trim() ?? ''
    const cells = row.slice(2)
    if (row[1]?.trim() === 'Header')
      headers.set(
        section,
        cells.map((cell) => cell.trim()),
      )
    const header = headers.get(section)
    if (row[1]?.trim() !== 'Data' || !header) continue
    // Totals are data rows too, their first cell `Total`, `Total in EUR`, `Total Dividends in EUR`.
    if (/^Total\b/.test(cells[0]?.trim() ?? '')) continue
    records.set(section, [...(records.get(section) ?? []), byHeader(header, cells)])
  }
  const isins = isinsOf(records.get(INSTRUMENTS) ?? [])
  const flat: string[][] = [STATEMENT_COLUMNS.map(([column]) => column)]
  for (const [section, sectionRecords] of records) {
    if (!STATEMENT_SECTIONS.has(section)) continue
    const read = section === 'Trades' ? importedTrades(sectionRecords) : sectionRecords
    for (const record of read) {
      flat.push(
        STATEMENT_COLUMNS.map(([column, names]) => {
          if (column === 'Section') return section
          if (column === 'ISIN') {
            return isins.get(`${record.get('Asset Category')} ${record.get('Symbol')}`) ?? ''
          }
          const commission = [...record.keys()].map((name) => COMMISSION_IN.exec(name))
          const charged = commission.find((match) => match !== null)
          if (charged && column === 'Comm/Fee') return record.get(charged[0]) ?? ''
          if (column === 'Comm Currency') return charged?.[1] ?? ''
          const cell = names.map((name) => record.get(name)).find((value) => value !== undefined)
          return column === 'Date' ? (cell ?? '').split(',')[0]!.trim() : (cell ?? '')
        }),
      )
    }
  }
  return flat
}

const FLEX_MARKERS = new Set(['BOF', 'BOA', 'BOS', 'EOS', 'EOA', 'EOF', 'HEADER', 'DATA'])
/** The Flex sections the Flex preset reads: trades and cash transactions. */
const FLEX_SECTIONS = new Set(['TRNT', 'CTRN'])
/**
 * Fields the Flex preset reads under each section's own name (a trade's `TradeDate`, `Buy/Sell`
 * and `Proceeds`, a cash transaction's `SettleDate`, `Type` and `Amount`): one column each, named
 * as the preset finds it first. `Buy/Sell` stays as well: it tells the preset a row is a trade.
 */
const FLEX_JOINED: readonly (readonly [column: string, names: readonly string[]])[] = [
  ['TradeDate', ['TradeDate', 'SettleDate']],
  ['Type', ['Type', 'Buy/Sell']],
  ['Amount', ['Amount', 'Proceeds']],
]

function isFlexSectioned(rows: readonly string[][]): boolean {
  const first = rows[0]?.[0]?.trim()
  return first === 'BOF' || first === 'HEADER'
}

function flattenFlex(rows: readonly string[][]): string[][] {
  const records: Cells[] = []
  const columns = new Set<string>()
  let section: string | null = null
  let header: string[] | null = null
  const take = (code: string | null, cells: readonly string[]) => {
    if (code === null || !FLEX_SECTIONS.has(code)) return
    if (header === null) {
      header = cells.map((cell) => cell.trim())
      for (const name of header) if (name !== '') columns.add(name)
    } else records.push(byHeader(header, cells))
  }
  for (const row of rows) {
    const marker = row[0]?.trim() ?? ''
    if (!FLEX_MARKERS.has(marker)) {
      take(section, row)
      continue
    }
    if (marker === 'BOS' || marker === 'EOS' || marker === 'HEADER') header = null
    section = marker === 'BOS' || marker === 'HEADER' || marker === 'DATA' ? (row[1] ?? '') : null
    if (marker === 'HEADER' || marker === 'DATA') take(section, row.slice(2))
  }
  const joined = new Set(FLEX_JOINED.map(([column]) => column))
  const rest = [...columns].filter((column) => !joined.has(column))
  const flat: string[][] = [[...joined, ...rest]]
  for (const record of records) {
    flat.push([
      ...FLEX_JOINED.map(
        ([, names]) => names.map((name) => record.get(name)).find((cell) => cell) ?? '',
      ),
      ...rest.map((column) => record.get(column) ?? ''),
    ])
  }
  return flat
}

function tableOf(source: ImportTable, [headers, ...rows]: string[][]): ReadTableResult {
  if (rows.length === 0) return { ok: false, problem: 'file_header_only' }
  return { ok: true, table: { ...source, headers: headers ?? [], rows } }
}

/**
 * The one table in a file that is not one, or the problem that it holds no rows to read; null
 * for a file that is one table already.
 * @example flattenTable(tableOf('"BOF","U1"\n"BOS","TRNT","Trades"\n"Buy/Sell","TradeDate"\n"BUY","20240116"\n"EOS","TRNT"\n"EOF"'))
 * // { ok: true, table: { headers: ['TradeDate', 'Type', 'Amount', 'Buy/Sell'], rows: [['20240116', 'BUY', '', 'BUY']], … } }
 */
export function flattenTable(table: ImportTable): ReadTableResult | null {
  if (table.kind !== 'csv') return null
  const rows = allRows(table)
  if (isStatement(rows)) return tableOf(table, flattenStatement(rows))
  if (isFlexSectioned(rows)) return tableOf(table, flattenFlex(rows))
  const dates = degiroAccountDates(table.headers)
  return dates === null ? null : { ok: true, table: joinWrappedRows(table, dates) }
}
