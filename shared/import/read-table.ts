import Papa from 'papaparse'
import type { ImportEncoding, ImportFileProblem, ImportReadOptions } from '../api/schemas/import'
import { IMPORT_LIMITS } from '../api/schemas/import'
import { isBinary, isCompressed } from './file-sniff'
import { readJsonTable } from './json-table'
import { flattenTable } from './sectioned-csv'
import { isXlsx, readXlsxTable } from './read-xlsx'
import { decodeText, hasUtf16Bom } from './text-encoding'

/**
 * An uploaded file → a table of text cells, or the reason it cannot be one. Runs in the browser
 * (the dialog reads the file before sending it) and in the worker (the import API), so it uses
 * neither the DOM nor Node: only `TextDecoder`, papaparse, and fflate with saxen for xlsx.
 */
export interface ImportTable {
  kind: 'csv' | 'json' | 'xlsx'
  /** As in the file, trimmed. */
  headers: string[]
  /** `rows[i]` is data row i + 1; cells are raw text, as many as the file's line has. */
  rows: string[][]
  /** Detected or chosen (JSON: utf-8). */
  encoding: ImportEncoding
  /** Null for JSON. */
  separator: ',' | ';' | '\t' | null
}

export type ReadTableResult =
  | { ok: true; table: ImportTable }
  /** `row`: the data-row number when one row is at fault. */
  | { ok: false; problem: ImportFileProblem; row?: number }

const SEPARATORS = [',', ';', '\t'] as const
type Separator = (typeof SEPARATORS)[number]

/** Lines the separator guess looks at: enough to see a layout, few enough to cost nothing. */
const GUESS_ROWS = 20

/**
 * The separator that splits the first lines into the same number of cells, more than one; ties go
 * to the one giving more cells (a `;` file with decimal commas splits evenly only on `;`).
 */
function guessSeparator(text: string): Separator {
  let best: { separator: Separator; consistent: number; cells: number } | null = null
  for (const separator of SEPARATORS) {
    const { data } = Papa.parse<string[]>(text, {
      delimiter: separator,
      preview: GUESS_ROWS,
      skipEmptyLines: 'greedy',
    })
    const cells = data[0]?.length ?? 0
    if (cells < 2) continue
    const consistent = data.filter((row) => row.length === cells).length
    if (
      !best ||
      consistent > best.consistent ||
      (consistent === best.consistent && cells > best.cells)
    ) {
      best = { separator, consistent, cells }
    }
  }
  return best?.separator ?? ','
}

function isBlankRow(row: readonly string[]): boolean {
  return row.every((cell) => cell.trim() === '')
}

/**
 * Reads the header and at most one row past the limit: a file of a million lines is refused after
 * parsing the limit, not the whole of it.
 */
function readCsv(
  text: string,
  encoding: ImportEncoding,
  chosen: ImportReadOptions['separator'],
): ReadTableResult {
  const separator = chosen === 'auto' ? guessSeparator(text) : chosen
  // The header alone first: a line of a hundred thousand cells is refused before any row is built.
  const [firstLine] = Papa.parse<string[]>(text, { delimiter: separator, preview: 1 }).data
  if ((firstLine?.length ?? 0) > IMPORT_LIMITS.columns) {
    return { ok: false, problem: 'file_too_many_columns' }
  }
  const parsed = Papa.parse<string[]>(text, {
    delimiter: separator,
    preview: IMPORT_LIMITS.rows + 2,
    skipEmptyLines: false,
  })
  const rows = parsed.data
  while (rows.length > 0 && isBlankRow(rows[rows.length - 1] ?? [])) rows.pop()
  const unread = parsed.meta.truncated && text.slice(parsed.meta.cursor).trim() !== ''
  if (unread || rows.length - 1 > IMPORT_LIMITS.rows) {
    return { ok: false, problem: 'file_too_many_rows' }
  }
  const [header, ...data] = rows
  if (header === undefined || isBlankRow(header)) return { ok: false, problem: 'file_empty' }
  if (data.length === 0) return { ok: false, problem: 'file_header_only' }
  return {
    ok: true,
    table: {
      kind: 'csv',
      headers: header.map((cell) => cell.trim()),
      rows: data,
      encoding,
      separator,
    },
  }
}

/**
 * @example readImportTable(new TextEncoder().encode('Date;Type\n2024-01-02;BUY'), { encoding: 'auto', separator: 'auto' })
 * // { ok: true, table: { kind: 'csv', headers: ['Date', 'Type'], rows: [['2024-01-02', 'BUY']], encoding: 'utf-8', separator: ';' } }
 */
export function readImportTable(
  bytes: Uint8Array,
  options: Pick<ImportReadOptions, 'encoding' | 'separator'>,
): ReadTableResult {
  if (bytes.length === 0) return { ok: false, problem: 'file_empty' }
  if (bytes.length > IMPORT_LIMITS.bytes) return { ok: false, problem: 'file_too_large' }
  // An xlsx workbook is a zip too; only one holding a workbook is read (read-xlsx.ts).
  if (isXlsx(bytes)) return readXlsxTable(bytes)
  if (isCompressed(bytes)) return { ok: false, problem: 'file_compressed' }
  // UTF-16 (Excel's "Unicode text") is none of the encodings the import reads; its NUL bytes
  // would otherwise call it binary.
  if (hasUtf16Bom(bytes)) return { ok: false, problem: 'file_encoding' }
  if (isBinary(bytes)) return { ok: false, problem: 'file_binary' }
  const decoded = decodeText(bytes, options.encoding)
  if (!decoded.ok) return { ok: false, problem: 'file_encoding' }
  const text = decoded.text.replace(/^\uFEFF/, '')
  const start = text.trimStart()
  if (start === '') return { ok: false, problem: 'file_empty' }
  if (start.startsWith('{') || start.startsWith('[')) {
    const json = readJsonTable(text)
    if (!json.ok) return json
    const { headers, rows } = json
    return {
      ok: true,
      table: { kind: 'json', headers, rows, encoding: decoded.encoding, separator: null },
    }
  }
  const read = readCsv(text, decoded.encoding, options.separator)
  return read.ok ? (flattenTable(read.table) ?? read) : read
}
