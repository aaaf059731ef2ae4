import { writeKiymetRows, type KiymetRow } from '../../../shared/import/write-csv'
import type { PdfRow } from './pdf-row'
import { pdfRows, type PdfReading } from './pdf-rows'
import { pdfTextLines } from './pdf-text'

/**
 * Several PDFs → one CSV in this app's own format (`kiymet-format.ts`), which the import reads
 * exactly; beside it, what became of each file. The PDFs are read on the device: only the rows
 * read from them are sent, for the preview the user checks before anything is written.
 */

export type PdfFileReading = { name: string } & (
  PdfReading | { ok: false; format: null; problem: 'pdf_locked' | 'pdf_damaged'; detail: string }
)

/** One file: its text (pdf.js, in the browser), then its broker's parser. */
export async function readPdfFile(name: string, bytes: Uint8Array): Promise<PdfFileReading> {
  const text = await pdfTextLines(bytes)
  if (!text.ok) return { name, ok: false, format: null, problem: text.problem, detail: '' }
  return { name, ...pdfRows(text.lines) }
}

function kiymetRow(row: PdfRow): KiymetRow {
  return {
    date: row.date,
    type: row.type,
    code: row.code,
    isin: row.isin,
    name: row.name,
    quantity: row.quantity,
    price: row.price,
    amount: row.amount,
    fee: row.fee,
    tax: row.tax,
    currency: row.currency,
    note: row.note,
  }
}

/**
 * The rows of every file read, in the order the files were given, as this app's CSV (what the
 * import API is sent for its preview); null when no file gave a row.
 */
export function pdfCsv(files: readonly PdfFileReading[]): string | null {
  const rows = files.flatMap((file) => (file.ok ? file.rows.map(kiymetRow) : []))
  return rows.length === 0 ? null : writeKiymetRows(rows)
}
