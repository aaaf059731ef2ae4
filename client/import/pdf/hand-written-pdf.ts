/**
 * For tests: a one-page PDF written by hand, its text in Helvetica at the given places and its
 * cross-reference table exact, so pdf.js reads it as any PDF. Latin-1 text only (WinAnsi).
 */
export function handWrittenPdf(
  texts: readonly { text: string; x: number; y: number }[],
): Uint8Array {
  const escaped = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`)
  const content = texts
    .map(({ text, x, y }) => `BT /F1 10 Tf ${x} ${y} Td (${escaped(text)}) Tj ET`)
    .join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
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
  // Latin-1: WinAnsi's "Ü" is the byte 0xDC.
  return Uint8Array.from(pdf, (char) => char.charCodeAt(0))
}

/** A document's lines, one under the other from the top of the page. */
export function pdfOfLines(lines: readonly string[]): Uint8Array {
  return handWrittenPdf(lines.map((text, index) => ({ text, x: 40, y: 800 - index * 14 })))
}
