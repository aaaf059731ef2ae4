import { detectMidas, parseMidas } from './midas-pdf'
import type { PdfLeftOut, PdfProblem, PdfRow } from './pdf-row'
import { detectScalableCapital, parseScalableCapital } from './scalable-capital-pdf'
import { detectTradeRepublic, parseTradeRepublic } from './trade-republic-pdf'

/** Which broker wrote a PDF's text, and its transactions as that broker's parser reads them. */

export const PDF_FORMATS = ['trade_republic', 'scalable_capital', 'midas'] as const
export type PdfFormat = (typeof PDF_FORMATS)[number]

const PARSERS: Record<
  PdfFormat,
  { detect(lines: readonly string[]): boolean; parse: typeof parseMidas }
> = {
  trade_republic: { detect: detectTradeRepublic, parse: parseTradeRepublic },
  scalable_capital: { detect: detectScalableCapital, parse: parseScalableCapital },
  midas: { detect: detectMidas, parse: parseMidas },
}

export type PdfReading =
  | { ok: true; format: PdfFormat; rows: PdfRow[]; leftOut: PdfLeftOut[] }
  /** `pdf_unknown`: no known broker's document (or a scan, with no text to read). */
  | { ok: false; format: PdfFormat | null; problem: PdfProblem | 'pdf_unknown'; detail: string }

export function pdfRows(lines: readonly string[]): PdfReading {
  const format = PDF_FORMATS.find((id) => PARSERS[id].detect(lines))
  if (!format) return { ok: false, format: null, problem: 'pdf_unknown', detail: lines[0] ?? '' }
  const parsed = PARSERS[format].parse(lines)
  return parsed.ok ? { format, ...parsed } : { format, ...parsed }
}
