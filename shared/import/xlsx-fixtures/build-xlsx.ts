import { strToU8, zipSync } from 'fflate'

/**
 * Test helper: an xlsx workbook built in memory, as Excel writes one (shared strings, a styles
 * part, numbers stored as doubles, dates as day counts styled as dates), so tests need no binary
 * files.
 */

/** Text (a shared string), a stored number, a date (Excel day count) or a boolean. */
export type XlsxCell =
  | string
  | { number: string }
  | { date: number; style?: 'builtIn' | 'turkish' }
  | { boolean: boolean }
  | null

/** Cell styles: 0 General, 1 built-in date (14), 2 `[$-41F]dd.mm.yyyy;@` (164), 3 `#,##0.00`. */
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="[$-41F]dd\\.mm\\.yyyy;@"/></numFmts><cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" xfId="0"/><xf numFmtId="14" xfId="0" applyNumberFormat="1"/><xf numFmtId="164" xfId="0" applyNumberFormat="1"/><xf numFmtId="4" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function column(index: number): string {
  let name = ''
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name
  }
  return name
}

function sheetXml(rows: readonly (readonly XlsxCell[])[], strings: string[]): string {
  const stringIndex = (text: string) => {
    const found = strings.indexOf(text)
    return found >= 0 ? found : strings.push(text) - 1
  }
  const body = rows
    .map((cells, rowIndex) => {
      const r = rowIndex + 1
      const xml = cells
        .map((cell, columnIndex) => {
          const ref = `${column(columnIndex)}${r}`
          if (cell === null) return ''
          if (typeof cell === 'string') return `<c r="${ref}" t="s"><v>${stringIndex(cell)}</v></c>`
          if ('number' in cell) return `<c r="${ref}" s="3"><v>${cell.number}</v></c>`
          if ('boolean' in cell) return `<c r="${ref}" t="b"><v>${cell.boolean ? 1 : 0}</v></c>`
          return `<c r="${ref}" s="${cell.style === 'builtIn' ? 1 : 2}"><v>${cell.date}</v></c>`
        })
        .join('')
      return xml === '' ? '' : `<row r="${r}">${xml}</row>`
    })
    .join('')
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`
}

/** Workbook parts by path; `sheets` in order (a sheet of no rows is an empty sheet). */
export function xlsxParts(
  sheets: readonly (readonly (readonly XlsxCell[])[])[],
): Record<string, string> {
  const strings: string[] = []
  const sheetParts = Object.fromEntries(
    sheets.map((rows, index) => [`xl/worksheets/sheet${index + 1}.xml`, sheetXml(rows, strings)]),
  )
  const ns = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
  return {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${ns}"><sheets>${sheets
      .map(
        (_, index) =>
          `<sheet name="Sayfa${index + 1}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`,
      )
      .join('')}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
      .map(
        (_, index) =>
          `<Relationship Id="rId${index + 1}" Type="${ns}/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`,
      )
      .join(
        '',
      )}<Relationship Id="rIdS" Type="${ns}/styles" Target="styles.xml"/><Relationship Id="rIdT" Type="${ns}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    'xl/styles.xml': STYLES,
    ...sheetParts,
    'xl/sharedStrings.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">${strings
      .map((text) => `<si><t xml:space="preserve">${escape(text)}</t></si>`)
      .join('')}</sst>`,
  }
}

/** Parts → xlsx bytes (deflated, as Excel saves). */
export function zipParts(parts: Record<string, string>): Uint8Array {
  return zipSync(
    Object.fromEntries(Object.entries(parts).map(([name, xml]) => [name, strToU8(xml)])),
  )
}

export function buildXlsx(sheets: readonly (readonly (readonly XlsxCell[])[])[]): Uint8Array {
  return zipParts(xlsxParts(sheets))
}
