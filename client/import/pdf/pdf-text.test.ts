import { handWrittenPdf, pdfOfLines } from './hand-written-pdf'
import { fixtureLines } from './pdf-fixture'
import { describe, expect, it } from 'vitest'
import { linesOf, pdfTextLines, type PlacedText } from './pdf-text'

function piece(text: string, x: number, y: number, width = text.length * 5, height = 10) {
  return { text, x, y, width, height } satisfies PlacedText
}

describe('linesOf', () => {
  it('joins pieces on one baseline left to right and orders lines top to bottom', () => {
    expect(
      linesOf([
        piece('24,05 EUR', 300, 699.6),
        piece('GESAMT', 10, 700),
        piece('WERTPAPIERABRECHNUNG', 10, 760),
      ]),
    ).toEqual(['WERTPAPIERABRECHNUNG', 'GESAMT 24,05 EUR'])
  })

  it('keeps a word split at a font change as one word', () => {
    // "Ex-Datum" ends at x = 40, the date starts there: no gap on the page, no space.
    expect(linesOf([piece('Ex-Datum', 0, 500, 40), piece('12.06.2024.', 40, 500)])).toEqual([
      'Ex-Datum12.06.2024.',
    ])
  })

  it('drops blank pieces and collapses inner whitespace', () => {
    expect(
      linesOf([piece('TRADE  REPUBLIC', 0, 800), piece(' ', 80, 800), piece('', 90, 800)]),
    ).toEqual(['TRADE REPUBLIC'])
  })

  it('starts a new line when the baseline moves by half a line or more', () => {
    expect(linesOf([piece('a', 0, 100), piece('b', 20, 96), piece('c', 40, 94)])).toEqual([
      'a b',
      'c',
    ])
  })
})

describe('pdfTextLines', () => {
  it('reads a real PDF with pdf.js into lines', async () => {
    const bytes = handWrittenPdf([
      { text: 'TRADE REPUBLIC BANK GMBH', x: 50, y: 800 },
      { text: 'WERTPAPIERABRECHNUNG', x: 50, y: 700 },
      { text: '\xDCBERSICHT', x: 50, y: 685 },
      { text: 'GESAMT', x: 50, y: 600 },
      { text: '24,05 EUR', x: 400, y: 600 },
    ])
    const started = performance.now()
    const result = await pdfTextLines(bytes)
    const elapsed = performance.now() - started
    expect(result).toEqual({
      ok: true,
      pages: 1,
      lines: ['TRADE REPUBLIC BANK GMBH', 'WERTPAPIERABRECHNUNG', 'ÜBERSICHT', 'GESAMT 24,05 EUR'],
    })
    // The first call loads pdf.js; a page after that takes milliseconds.
    const again = performance.now()
    await pdfTextLines(bytes)
    console.info(
      `pdf.js: first page ${elapsed.toFixed(0)} ms, next ${(performance.now() - again).toFixed(1)} ms`,
    )
    expect(bytes.length).toBeLessThan(1000)
  })

  it('names a file that is no PDF', async () => {
    expect(await pdfTextLines(new TextEncoder().encode('Datum;Typ\n'))).toEqual({
      ok: false,
      problem: 'pdf_damaged',
    })
  })
})

describe('a document written as a PDF and read back', () => {
  it('gives the lines it was written with, so a broker parser reads it', async () => {
    const lines = fixtureLines('tr-kauf.txt')
    const read = await pdfTextLines(pdfOfLines(lines))
    expect(read).toEqual({ ok: true, pages: 1, lines })
  })
})
