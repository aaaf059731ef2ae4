/**
 * For tests and the PDF benchmark: a one-page PDF written by hand, its text in Helvetica at the
 * given places and its cross-reference table exact, so pdf.js reads it as any PDF. The font's
 * encoding is WinAnsi (Latin-1 and the bullet) with the Turkish letters it lacks added.
 */

/** Letters WinAnsi lacks, at codes it leaves unused, named by their glyphs for pdf.js. */
const TURKISH: Record<string, [code: number, glyph: string]> = {
  ğ: [0x81, 'gbreve'],
  ı: [0x8d, 'dotlessi'],
  İ: [0x8f, 'Idotaccent'],
  Ş: [0x90, 'Scedilla'],
  ş: [0x9d, 'scedilla'],
}

/** A4 in points, upright or on its side (Midas prints its statements landscape). */
const PORTRAIT = { width: 595, height: 842 }
const LANDSCAPE = { width: 842, height: 595 }

export function handWrittenPdf(
  texts: readonly { text: string; x: number; y: number }[],
  page = PORTRAIT,
): Uint8Array {
  const escaped = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`)
  const content = texts
    .map(({ text, x, y }) => `BT /F1 10 Tf ${x} ${y} Td (${escaped(text)}) Tj ET`)
    .join('\n')
  const differences = Object.values(TURKISH).map(([code, glyph]) => `${code} /${glyph}`)
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>`,
    `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /BaseEncoding /WinAnsiEncoding /Differences [${differences.join(' ')}] >> >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ]
  let pdf = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(pdf.length)
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  // One byte a character: Latin-1 ("Ü" is 0xDC), WinAnsi's bullet, the Turkish letters' codes.
  return Uint8Array.from(pdf, (char) =>
    char === '•' ? 0x95 : (TURKISH[char]?.[0] ?? char.charCodeAt(0)),
  )
}

/**
 * A document's lines, one under the other from the top of the page; `landscape` for lines too
 * long for an upright page (pdf.js leaves out text beyond it).
 */
export function pdfOfLines(
  lines: readonly string[],
  options: { landscape?: boolean } = {},
): Uint8Array {
  const page = options.landscape ? LANDSCAPE : PORTRAIT
  return handWrittenPdf(
    lines.map((text, index) => ({ text, x: 40, y: page.height - 42 - index * 14 })),
    page,
  )
}
