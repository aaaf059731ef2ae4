import type { TextItem, TextMarkedContent } from 'pdfjs-dist/types/src/display/api'

/**
 * A PDF's text as lines, the way the parsers in this folder read it. pdf.js gives positioned
 * pieces of text, not lines: pieces on one baseline are joined left to right, a space between
 * them only where the page shows a gap (a word split at a font change stays one word).
 * pdf.js loads only when a PDF is chosen (a dynamic import, outside the page's first bundle)
 * and reads in a Web Worker, so twenty statements do not freeze the dialog.
 */

/** A piece of text where the page puts it: `x`, `y` its baseline's start (y grows upwards). */
export interface PlacedText {
  text: string
  x: number
  y: number
  width: number
  height: number
}

/** Pieces whose baselines differ by less than this share of their height sit on one line. */
const SAME_LINE = 0.5
/** A gap wider than this share of the height between two pieces is a space. */
const WORD_GAP = 0.15
/** Pieces of text with no height (pdf.js reports some) still need a tolerance, in points. */
const MIN_HEIGHT = 4

/**
 * Placed pieces → lines, top to bottom, each piece's whitespace collapsed to single spaces.
 * @example linesOf([{ text: 'GESAMT', x: 10, y: 700, width: 40, height: 9 }, { text: '24,05 EUR', x: 300, y: 700.4, width: 45, height: 9 }])
 * // ['GESAMT 24,05 EUR']
 */
export function linesOf(pieces: readonly PlacedText[]): string[] {
  const ordered = pieces
    .map((piece) => ({ ...piece, text: piece.text.replace(/\s+/g, ' ') }))
    .filter((piece) => piece.text.trim() !== '')
    .sort((a, b) => b.y - a.y || a.x - b.x)
  const lines: { y: number; height: number; pieces: PlacedText[] }[] = []
  for (const piece of ordered) {
    const height = Math.max(piece.height, MIN_HEIGHT)
    const line = lines[lines.length - 1]
    if (line && line.y - piece.y < SAME_LINE * Math.min(line.height, height)) {
      line.pieces.push(piece)
    } else {
      lines.push({ y: piece.y, height, pieces: [piece] })
    }
  }
  return lines.map((line) => joinLine(line.pieces.sort((a, b) => a.x - b.x)))
}

function joinLine(pieces: readonly PlacedText[]): string {
  let text = ''
  let end = -Infinity
  for (const piece of pieces) {
    const gap = piece.x - end > WORD_GAP * Math.max(piece.height, MIN_HEIGHT)
    text += text !== '' && gap && !text.endsWith(' ') ? ` ${piece.text.trimStart()}` : piece.text
    end = piece.x + piece.width
  }
  return text.trim().replace(/ {2,}/g, ' ')
}

export type PdfText =
  | { ok: true; pages: number; lines: string[] }
  /** `pdf_locked`: password protected; `pdf_damaged`: not a PDF pdf.js can open. */
  | { ok: false; problem: 'pdf_locked' | 'pdf_damaged' }

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs')

let library: Promise<PdfJs> | null = null

/**
 * pdf.js's legacy build: the modern one needs browsers of the last months (`Promise.try`),
 * newer than the baseline the site is built for. Its worker script: Vite emits `pdf.worker.min.mjs` as a file of this site
 * (`worker-src 'self'` allows it). Node (the tests) has no Web Worker; pdf.js there sets its
 * own worker path and runs it in the same thread, which is kept.
 */
function loadPdfJs(): Promise<PdfJs> {
  library ??= Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url'),
  ]).then(([pdfjs, worker]) => {
    pdfjs.GlobalWorkerOptions.workerSrc ||= worker.default
    return pdfjs
  })
  return library
}

let sharedWorker: InstanceType<PdfJs['PDFWorker']> | null = null

/**
 * One worker for every PDF the page reads: each new one loads pdf.js's worker script again
 * (about 200 ms a document). Where there is no Web Worker (Node, the tests) pdf.js uses its own.
 */
function workerFor(pdfjs: PdfJs): InstanceType<PdfJs['PDFWorker']> | undefined {
  if (typeof Worker === 'undefined') return undefined
  // Quiet, as each document is: warnings such as a standard font's missing data (the text
  // needs none) are no news to the page.
  sharedWorker ??= new pdfjs.PDFWorker({ verbosity: 0 })
  return sharedWorker
}

function isPlaced(item: TextItem | TextMarkedContent): item is TextItem {
  return 'str' in item
}

/**
 * A PDF's text lines, page after page. Text turned sideways (a margin's vertical print) is left
 * out: it belongs to no line. The site's Content-Security-Policy forbids `eval`; pdf.js 6 no
 * longer uses it (its `isEvalSupported` option is gone), and fonts are not loaded into the page.
 */
export async function pdfTextLines(bytes: Uint8Array): Promise<PdfText> {
  const pdfjs = await loadPdfJs()
  // pdf.js takes ownership of the buffer it is given; a copy leaves the caller's bytes intact.
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    worker: workerFor(pdfjs),
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  })
  try {
    const document = await task.promise
    const lines: string[] = []
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number)
      const content = await page.getTextContent()
      const pieces = content.items.filter(isPlaced).flatMap((item): PlacedText[] => {
        const [a = 1, b = 0, c = 0, d = 1, x = 0, y = 0] = item.transform as number[]
        if (Math.abs(b) > 1e-3 || Math.abs(c) > 1e-3 || a <= 0 || d <= 0) return []
        return [{ text: item.str, x, y, width: item.width, height: item.height || d }]
      })
      lines.push(...linesOf(pieces))
      page.cleanup()
    }
    return { ok: true, pages: document.numPages, lines }
  } catch (error) {
    const name = error instanceof Error ? error.name : ''
    // Not the document's fault (the worker failed to start, say): the next PDF gets a new one.
    if (name !== 'PasswordException' && name !== 'InvalidPDFException') sharedWorker = null
    return { ok: false, problem: name === 'PasswordException' ? 'pdf_locked' : 'pdf_damaged' }
  } finally {
    await task.destroy()
  }
}
