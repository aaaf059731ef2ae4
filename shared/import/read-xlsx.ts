import { Parser } from 'saxen'
import type { ImportFileProblem } from '../api/schemas/import'
import { IMPORT_LIMITS } from '../api/schemas/import'
import { findHeaderRow, HEADER_SEARCH_ROWS } from './header-row'
import type { ReadTableResult } from './read-table'
import { archiveEntries, isXlsxArchive, unpackParts, unpacksSafely } from './xlsx-archive'
import { numberKind, numberText, serialText, type NumberKind } from './xlsx-cell-text'

/**
 * An Excel workbook (`.xlsx`) → the table on its first sheet with data, every cell as text:
 * strings as written, numbers as plain decimals with the digits Excel shows, date cells as ISO
 * dates, booleans as `TRUE`/`FALSE`, error values as shown (`#N/A`). A preamble above the header
 * and a total below the data are left out (`findHeaderRow`). Synchronous and free of workers and
 * Node APIs (fflate unzips, saxen parses the XML as a stream of tags), like the CSV reader.
 */

/** A file's problem found while a part is read; every other failure is an unreadable file. */
class SheetProblem extends Error {
  constructor(readonly problem: ImportFileProblem) {
    super(problem)
  }
}

/**
 * Sheet rows read at most: the data rows the import takes, a preamble and a few closing rows. A
 * sheet past it is refused before a table of a million rows is built.
 */
const MAX_SHEET_ROWS = IMPORT_LIMITS.rows + HEADER_SEARCH_ROWS + 20

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04]

/** A zip archive holding a workbook; any other zip is a compressed file, not a spreadsheet. */
export function isXlsx(bytes: Uint8Array): boolean {
  if (!ZIP_MAGIC.every((byte, index) => bytes[index] === byte)) return false
  const entries = archiveEntries(bytes)
  return entries !== null && isXlsxArchive(entries)
}

type Attributes = Record<string, string>

interface XmlHandlers {
  open?: (name: string, attributes: () => Attributes) => void
  close?: (name: string) => void
  text?: (text: string) => void
}

/** Without the namespace prefix some writers put on every tag (`x:row`, `r:id`). */
function local(name: string): string {
  return name.slice(name.indexOf(':') + 1)
}

/** Streams the tags of well-formed XML (names and attribute keys local); throws on any other. */
function walkXml(xml: string, handlers: XmlHandlers): void {
  const parser = new Parser()
  let depth = 0
  // A self-closing tag is reported as opened, then closed.
  parser.on('openTag', (name, attributes, decode) => {
    depth += 1
    handlers.open?.(local(name), () => {
      const raw = attributes()
      if (raw === false) throw new Error('malformed attributes')
      return Object.fromEntries(
        Object.entries(raw).map(([key, value]) => [local(key), decode(value)]),
      )
    })
  })
  parser.on('closeTag', (name) => {
    depth -= 1
    handlers.close?.(local(name))
  })
  parser.on('text', (text, decode) => handlers.text?.(decode(text)))
  parser.on('cdata', (text) => handlers.text?.(text))
  parser.parse(xml)
  if (depth !== 0) throw new Error('unclosed element')
}

/** Excel writes characters XML cannot hold as `_xHHHH_` (a line break in a cell is `_x000D_`). */
function unescapeText(text: string): string {
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, code: string) =>
    String.fromCharCode(parseInt(code, 16)),
  )
}

interface Workbook {
  /** Sheet parts in the workbook's order. */
  sheets: string[]
  sharedStrings: string | null
  styles: string | null
  date1904: boolean
}

/** A part named in `xl/_rels/workbook.xml.rels`, relative to `xl/` or absolute. */
function partPath(target: string): string {
  const segments: string[] = []
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`
  for (const segment of path.split('/')) {
    if (segment === '..') segments.pop()
    else if (segment !== '.' && segment !== '') segments.push(segment)
  }
  return segments.join('/')
}

function readWorkbook(parts: Map<string, string>): Workbook {
  const workbook = parts.get('xl/workbook.xml')
  const relations = parts.get('xl/_rels/workbook.xml.rels')
  if (workbook === undefined || relations === undefined) throw new Error('no workbook')
  const targets = new Map<string, { path: string; type: string }>()
  walkXml(relations, {
    open: (name, attributes) => {
      if (name !== 'Relationship') return
      const { Id, Target, Type } = attributes()
      if (Id && Target && Type) targets.set(Id, { path: partPath(Target), type: Type })
    },
  })
  const sheetIds: string[] = []
  let date1904 = false
  walkXml(workbook, {
    open: (name, attributes) => {
      if (name === 'sheet') sheetIds.push(attributes().id ?? '')
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attributes().date1904 ?? '')
    },
  })
  const ofType = (type: string) =>
    [...targets.values()].find((target) => target.type.endsWith(`/${type}`))?.path ?? null
  return {
    // Chart sheets and dialog sheets hold no cells.
    sheets: sheetIds.flatMap((id) => {
      const target = targets.get(id)
      return target?.type.endsWith('/worksheet') ? [target.path] : []
    }),
    sharedStrings: ofType('sharedStrings'),
    styles: ofType('styles'),
    date1904,
  }
}

/** The shared string table: each `si`'s text runs joined, phonetic guides (`rPh`) left out. */
function readSharedStrings(xml: string | undefined): string[] {
  const strings: string[] = []
  if (xml === undefined) return strings
  let current: string | null = null
  let inText = false
  let inPhonetic = false
  walkXml(xml, {
    open: (name) => {
      if (name === 'si') current = ''
      else if (name === 'rPh') inPhonetic = true
      else if (name === 't') inText = !inPhonetic
    },
    close: (name) => {
      if (name === 'si') {
        strings.push(unescapeText(current ?? ''))
        current = null
      } else if (name === 'rPh') inPhonetic = false
      else if (name === 't') inText = false
    },
    text: (text) => {
      if (inText && current !== null) current += text
    },
  })
  return strings
}

/** Per cell style (`s`), how its number format shows numbers. */
function readStyles(xml: string | undefined): NumberKind[] {
  const kinds: NumberKind[] = []
  if (xml === undefined) return kinds
  const formats = new Map<number, string>()
  const styleFormats: number[] = []
  let inCellFormats = false
  walkXml(xml, {
    open: (name, attributes) => {
      if (name === 'numFmt') {
        const { numFmtId, formatCode } = attributes()
        if (numFmtId !== undefined && formatCode !== undefined) {
          formats.set(Number(numFmtId), formatCode)
        }
      } else if (name === 'cellXfs') inCellFormats = true
      else if (name === 'xf' && inCellFormats) styleFormats.push(Number(attributes().numFmtId ?? 0))
    },
    close: (name) => {
      if (name === 'cellXfs') inCellFormats = false
    },
  })
  for (const id of styleFormats) kinds.push(numberKind(id, formats.get(id)))
  return kinds
}

/** `B12` → 1 (zero-based column); null when the reference has no column letters. */
function columnOf(reference: string): number | null {
  const letters = /^[A-Z]+/.exec(reference.toUpperCase())?.[0]
  if (!letters) return null
  let column = 0
  for (const letter of letters) column = column * 26 + letter.charCodeAt(0) - 64
  return column - 1
}

interface CellContext {
  strings: readonly string[]
  kinds: readonly NumberKind[]
  date1904: boolean
}

/** A cell's text from its type (`t`), style (`s`), stored value (`v`) and inline string. */
function cellText(
  type: string,
  style: number,
  value: string | null,
  inline: string | null,
  context: CellContext,
): string {
  switch (type) {
    case 's': {
      const text = context.strings[Number(value)]
      if (text === undefined) throw new Error('missing shared string')
      return text
    }
    case 'inlineStr':
      return unescapeText(inline ?? '')
    case 'str':
    case 'e':
      return value ?? ''
    case 'b':
      return value === '1' ? 'TRUE' : 'FALSE'
    case 'd':
      // An ISO date and time; only the date counts.
      return (value ?? '').slice(0, 10)
    default: {
      if (value === null || value.trim() === '') return ''
      const kind = context.kinds[style] ?? 'number'
      const text = kind === 'number' ? numberText(value) : serialText(value, kind, context.date1904)
      if (text === null) throw new Error('malformed number')
      return text
    }
  }
}

/** A sheet's rows as text cells: empty rows kept (so rows keep their places), trailing empty cells not. */
function readSheet(xml: string, context: CellContext): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let column = 0
  let cell = { type: 'n', style: 0, value: null as string | null, inline: null as string | null }
  let capture: 'value' | 'inline' | null = null
  let inPhonetic = false
  walkXml(xml, {
    open: (name, attributes) => {
      if (name === 'row') {
        const place = Number(attributes().r ?? rows.length + 1) - 1
        if (!Number.isInteger(place) || place < rows.length) throw new Error('rows out of order')
        if (place >= MAX_SHEET_ROWS) throw new SheetProblem('file_too_many_rows')
        while (rows.length < place) rows.push([])
        row = []
        column = 0
      } else if (name === 'c') {
        const { r, t, s } = attributes()
        column = (r === undefined ? null : columnOf(r)) ?? column
        cell = { type: t ?? 'n', style: Number(s ?? 0), value: null, inline: null }
      } else if (name === 'v') {
        capture = 'value'
        cell.value = ''
      } else if (name === 'is') cell.inline = ''
      else if (name === 'rPh') inPhonetic = true
      else if (name === 't' && cell.inline !== null && !inPhonetic) capture = 'inline'
    },
    close: (name) => {
      if (name === 'v' || name === 't') capture = null
      else if (name === 'rPh') inPhonetic = false
      else if (name === 'c') {
        const text = cellText(cell.type, cell.style, cell.value, cell.inline, context)
        if (text !== '') {
          if (column >= IMPORT_LIMITS.columns) throw new SheetProblem('file_too_many_columns')
          while (row.length < column) row.push('')
          row[column] = text
        }
        column += 1
      } else if (name === 'row') rows.push(row)
    },
    text: (text) => {
      if (capture === 'value') cell.value += text
      else if (capture === 'inline') cell.inline += text
    },
  })
  return rows
}

/** The table on the first sheet with a filled cell. */
function readFirstTable(bytes: Uint8Array): string[][] {
  const workbook = readWorkbook(
    unpackParts(bytes, new Set(['xl/workbook.xml', 'xl/_rels/workbook.xml.rels'])),
  )
  const names = [workbook.sharedStrings, workbook.styles, ...workbook.sheets]
  const parts = unpackParts(bytes, new Set(names.filter((name) => name !== null)))
  const context: CellContext = {
    strings: readSharedStrings(parts.get(workbook.sharedStrings ?? '')),
    kinds: readStyles(parts.get(workbook.styles ?? '')),
    date1904: workbook.date1904,
  }
  for (const sheet of workbook.sheets) {
    const xml = parts.get(sheet)
    if (xml === undefined) throw new Error('missing sheet')
    const rows = readSheet(xml, context)
    if (rows.some((row) => row.length > 0)) return rows
  }
  return []
}

/**
 * Call when `isXlsx(bytes)`. A workbook that would unpack past the limits, or whose parts are no
 * workbook, is `file_spreadsheet`; row and column limits are the CSV's.
 */
export function readXlsxTable(bytes: Uint8Array): ReadTableResult {
  const entries = archiveEntries(bytes)
  if (entries === null || !unpacksSafely(entries, bytes.length)) {
    return { ok: false, problem: 'file_spreadsheet' }
  }
  let rows: string[][]
  try {
    rows = readFirstTable(bytes)
  } catch (error) {
    return {
      ok: false,
      problem: error instanceof SheetProblem ? error.problem : 'file_spreadsheet',
    }
  }
  const { header, end } = findHeaderRow(rows)
  const headers = rows[header]
  if (headers === undefined || headers.length === 0) return { ok: false, problem: 'file_empty' }
  // A blank row in a sheet is layout, not data; short rows lost only empty trailing cells.
  const data = rows
    .slice(header + 1, end)
    .filter((row) => row.length > 0)
    .map((row) => [...row, ...Array<string>(Math.max(0, headers.length - row.length)).fill('')])
  if (data.length > IMPORT_LIMITS.rows) return { ok: false, problem: 'file_too_many_rows' }
  if (data.length === 0) return { ok: false, problem: 'file_header_only' }
  return {
    ok: true,
    table: {
      kind: 'xlsx',
      headers: headers.map((cell) => cell.trim()),
      rows: data,
      encoding: 'utf-8',
      separator: null,
    },
  }
}
