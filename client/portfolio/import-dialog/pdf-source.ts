import type { PdfFileReading } from '../../import/pdf/pdf-table'

/** Documents read at once: a year of monthly statements and then some. */
export const MAX_PDFS = 50

export function isPdf(file: File): boolean {
  return /\.pdf$/i.test(file.name)
}

/**
 * Brokers' PDF documents read on this device: what became of each, and the transactions read
 * from all of them as this app's CSV, the file the preview is asked for (null: none read). The
 * PDF code loads only now, never with the page.
 */
export async function readPdfs(
  files: readonly File[],
): Promise<{ readings: PdfFileReading[]; csv: File | null }> {
  // Only a browser reads PDFs: the worker's build leaves the PDF code out.
  if (import.meta.env.SSR) throw new Error('PDF documents are read in the browser')
  const { pdfCsv, readPdfFile } = await import('../../import/pdf/pdf-table')
  const readings = await Promise.all(
    files.map(async (file) => readPdfFile(file.name, new Uint8Array(await file.arrayBuffer()))),
  )
  const text = pdfCsv(readings)
  return {
    readings,
    csv: text === null ? null : new File([text], 'documents.csv', { type: 'text/csv' }),
  }
}
