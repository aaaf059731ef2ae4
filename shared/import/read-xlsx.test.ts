import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { IMPORT_LIMITS } from '../api/schemas/import'
import { readImportTable } from './read-table'
import { MAX_UNPACKED_BYTES } from './xlsx-archive'
import { numberKind, numberText, serialText } from './xlsx-cell-text'
import { importFile } from './import-fixture'
import { buildXlsx, xlsxParts, zipParts, type XlsxCell } from './xlsx-fixtures/build-xlsx'
import { isYatirimHesapEkstresi } from './xlsx-fixtures/is-yatirim-hesap-ekstresi'

const AUTO = { encoding: 'auto', separator: 'auto' } as const

function table(bytes: Uint8Array) {
  const result = readImportTable(bytes, AUTO)
  if (!result.ok) throw new Error(`expected a table, got ${result.problem}`)
  return result.table
}

const problem = (bytes: Uint8Array) => {
  const result = readImportTable(bytes, AUTO)
  return result.ok ? null : result.problem
}

/** A zip whose one entry's central directory record claims `claimed` unpacked bytes. */
function zipClaiming(parts: Record<string, string>, entry: string, claimed: number): Uint8Array {
  const bytes = zipParts(parts)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const name = strToU8(entry)
  for (let at = bytes.length - 22; at >= 0; at -= 1) {
    const central = view.getUint32(at, true) === 0x02014b50
    const length = central ? view.getUint16(at + 28, true) : 0
    if (central && length === name.length && name.every((byte, i) => bytes[at + 46 + i] === byte)) {
      view.setUint32(at + 24, claimed, true)
      return bytes
    }
  }
  throw new Error(`no entry ${entry}`)
}

describe('readImportTable: xlsx', () => {
  it('reads the İş Yatırım statement sample: preamble and total left out', () => {
    const read = table(isYatirimHesapEkstresi())
    expect(read.kind).toBe('xlsx')
    expect(read.encoding).toBe('utf-8')
    expect(read.separator).toBeNull()
    expect(read.headers).toEqual([
      'Tarih',
      'İşlem',
      'Sembol',
      'Adet',
      'Fiyat',
      'Tutar',
      'Komisyon',
      'BSMV',
      'Net Tutar',
    ])
    expect(read.rows).toEqual([
      ['2024-01-03', 'Alış', 'THYAO', '100', '254.25', '25425', '50.85', '2.5425', '25478.3925'],
      ['2024-02-05', 'Alış', 'ASELS', '250', '48.6', '12150', '24.3', '1.215', '12175.515'],
      ['2024-03-04', 'Satış', 'THYAO', '40', '281.5', '11260', '22.52', '1.126', '11236.354'],
      ['2024-03-22', 'Temettü', 'ASELS', '', '', '187.5', '', '', '187.5'],
    ])
  })

  it('reads the first sheet with data, text as written, booleans and errors as shown', () => {
    const parts = xlsxParts([
      [],
      [
        ['Date', 'Type', 'Note', 'Flag'],
        [{ date: 45306, style: 'builtIn' }, 'BUY', ' A & <B> ', { boolean: true }],
      ],
    ])
    parts['xl/worksheets/sheet2.xml'] = (parts['xl/worksheets/sheet2.xml'] ?? '').replace(
      '</row></sheetData>',
      '<c r="E2" t="e"><v>#N/A</v></c><c r="F2" t="inlineStr"><is><r><t>in</t></r><r><t>line_x000D_</t></r></is></c></row></sheetData>',
    )
    const read = table(zipParts(parts))
    expect(read.headers).toEqual(['Date', 'Type', 'Note', 'Flag'])
    expect(read.rows).toEqual([['2024-01-15', 'BUY', ' A & <B> ', 'TRUE', '#N/A', 'inline\r']])
  })

  it('refuses a zip bomb on the sizes its central directory states', () => {
    const parts = xlsxParts([
      [
        ['Date', 'Type'],
        ['2024-01-02', 'BUY'],
      ],
    ])
    expect(problem(zipClaiming(parts, 'xl/worksheets/sheet1.xml', MAX_UNPACKED_BYTES + 1))).toBe(
      'file_spreadsheet',
    )
    // Under the size limit but a thousand times its packed size: no spreadsheet packs that well.
    const bomb = zipSync({
      ...Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, strToU8(v)])),
      'xl/media/zeros.xml': new Uint8Array(20_000_000),
    })
    expect(problem(bomb)).toBe('file_spreadsheet')
  })

  it('reads no more than a part claims: a part that understates its size is unreadable', () => {
    const parts = xlsxParts([
      [
        ['Date', 'Type'],
        ['2024-01-02', 'BUY'],
      ],
    ])
    expect(problem(zipClaiming(parts, 'xl/worksheets/sheet1.xml', 100))).toBe('file_spreadsheet')
  })

  it('leaves any other zip compressed, and refuses a workbook whose parts are missing', () => {
    expect(problem(zipSync({ 'data.csv': strToU8('Date,Type\n2024-01-02,BUY\n') }))).toBe(
      'file_compressed',
    )
    const parts = xlsxParts([
      [
        ['Date', 'Type'],
        ['2024-01-02', 'BUY'],
      ],
    ])
    delete parts['xl/workbook.xml']
    parts['xl/other.xml'] = '<x/>'
    expect(problem(zipParts(parts))).toBe('file_spreadsheet')
    const broken = xlsxParts([
      [
        ['Date', 'Type'],
        ['2024-01-02', 'BUY'],
      ],
    ])
    broken['xl/worksheets/sheet1.xml'] = '<worksheet><sheetData><row r="1">'
    expect(problem(zipParts(broken))).toBe('file_spreadsheet')
  })

  it('keeps the row and column limits', () => {
    const wide = [Array.from({ length: IMPORT_LIMITS.columns + 1 }, (_, i) => `H${i}`)]
    expect(problem(buildXlsx([wide]))).toBe('file_too_many_columns')
    const parts = xlsxParts([
      [
        ['Date', 'Type'],
        ['2024-01-02', 'BUY'],
      ],
    ])
    parts['xl/worksheets/sheet1.xml'] = (parts['xl/worksheets/sheet1.xml'] ?? '').replace(
      '</sheetData>',
      '<row r="1000000"><c r="A1000000"><v>1</v></c></row></sheetData>',
    )
    expect(problem(zipParts(parts))).toBe('file_too_many_rows')
    expect(problem(buildXlsx([[['Date', 'Type']]]))).toBe('file_header_only')
    expect(problem(buildXlsx([[]]))).toBe('file_empty')
  })
})

describe('xlsx cell text', () => {
  it('writes stored doubles as the decimals Excel shows (15 significant digits)', () => {
    // `=0.1+0.2` is saved as the double's shortest text; Excel shows 0.3.
    expect(numberText('0.30000000000000004')).toBe('0.3')
    expect(numberText('1.1260000000000001')).toBe('1.126')
    expect(numberText('0.3333333333333333')).toBe('0.333333333333333')
    expect(numberText('1.5E-3')).toBe('0.0015')
    expect(numberText('-2.5E+2')).toBe('-250')
    expect(numberText('1E+20')).toBe('100000000000000000000')
    expect(numberText('25425')).toBe('25425')
    expect(numberText('-0')).toBe('0')
    expect(numberText('12,5')).toBeNull()
  })

  it('reads day counts as ISO dates in both date systems, and times of day', () => {
    expect(serialText('45306', 'date', false)).toBe('2024-01-15')
    expect(serialText('45306.75', 'date', false)).toBe('2024-01-15')
    expect(serialText('45306.9999999', 'date', false)).toBe('2024-01-16')
    expect(serialText('1', 'date', false)).toBe('1900-01-01')
    expect(serialText('61', 'date', false)).toBe('1900-03-01')
    expect(serialText('0', 'date', true)).toBe('1904-01-01')
    expect(serialText('0.5208333333', 'time', false)).toBe('12:30:00')
    expect(serialText('x', 'date', false)).toBeNull()
  })

  it('tells date formats from number formats', () => {
    expect(numberKind(14)).toBe('date')
    expect(numberKind(22)).toBe('date')
    expect(numberKind(20)).toBe('time')
    expect(numberKind(4)).toBe('number')
    expect(numberKind(164, '[$-41F]dd\\.mm\\.yyyy;@')).toBe('date')
    expect(numberKind(165, 'mmmm')).toBe('date')
    expect(numberKind(166, '[h]:mm')).toBe('time')
    expect(numberKind(167, '#,##0.00 "TL"')).toBe('number')
    expect(numberKind(168, '[Red]#,##0.00;[Blue]-#,##0.00')).toBe('number')
    expect(numberKind(169, 'General')).toBe('number')
  })
})

describe('a workbook in the layout of a preset whose CSV files use decimal commas', () => {
  it('reads its numbers as the plain decimals the reader writes, not with the comma', () => {
    const n = (number: string): XlsxCell => ({ number })
    const workbook = buildXlsx([
      [
        ['Hisse', 'Tarih', 'Adet', 'Tutar', 'Gerç.Fiyat', 'Komisyon', 'İşlem'],
        ['THYAO', '13.04.2021', n('2'), n('2.468'), n('1.234'), n('1.125'), 'Hisse Alış'],
      ],
    ])
    const { preset, rows } = importFile(workbook)
    expect(preset).toBe('garanti_bbva')
    expect(rows[0]?.problems).toEqual([])
    expect(rows[0]?.transaction).toMatchObject({ quantity: '2', unitPrice: '1.234', fee: '1.125' })
  })
})
