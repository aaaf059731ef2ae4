import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { importFile, tableOf } from '../../../shared/import/import-fixture'
import { KIYMET_HEADERS } from '../../../shared/import/kiymet-format'
import { fixtureLines } from './pdf-fixture'
import { pdfRows } from './pdf-rows'
import { pdfCsv, type PdfFileReading } from './pdf-table'

const FIXTURES = readdirSync(new URL('fixtures', import.meta.url)).sort()

function reading(name: string): PdfFileReading {
  return { name, ...pdfRows(fixtureLines(name)) }
}

describe('pdfRows', () => {
  it('tells each broker by its text', () => {
    expect(FIXTURES.map((name) => [name, pdfRows(fixtureLines(name)).format])).toEqual([
      ['midas-ekstre.txt', 'midas'],
      ['scalable-dividende.txt', 'scalable_capital'],
      ['scalable-kauf.txt', 'scalable_capital'],
      ['scalable-vorabpauschale.txt', 'scalable_capital'],
      ['tr-dividende-usd.txt', 'trade_republic'],
      ['tr-kauf.txt', 'trade_republic'],
      ['tr-sparplan.txt', 'trade_republic'],
      ['tr-verkauf.txt', 'trade_republic'],
      ['tr-vorabpauschale.txt', 'trade_republic'],
    ])
  })

  it('names a PDF of no known broker', () => {
    expect(pdfRows(['Stadtwerke Musterstadt', 'Rechnung 2025'])).toEqual({
      ok: false,
      format: null,
      problem: 'pdf_unknown',
      detail: 'Stadtwerke Musterstadt',
    })
  })

  it('reads twenty documents well within a second', () => {
    const documents = Array.from({ length: 20 }, (_, index) =>
      fixtureLines(FIXTURES[index % FIXTURES.length] ?? ''),
    )
    const started = performance.now()
    for (const lines of documents) expect(pdfRows(lines).ok).toBe(true)
    expect(performance.now() - started).toBeLessThan(1000)
  })
})

describe('pdfCsv', () => {
  it('puts every file read into one file in the app’s own format, files not read left out', () => {
    const files = [
      reading('tr-kauf.txt'),
      { name: 'scan.pdf', ok: false, format: null, problem: 'pdf_damaged', detail: '' } as const,
      reading('midas-ekstre.txt'),
    ]
    const table = tableOf(pdfCsv(files) ?? '')
    expect(table.headers).toEqual(KIYMET_HEADERS)
    expect(table.rows).toHaveLength(9)
    expect(table.rows[0]).toEqual([
      '2022-07-14',
      'BUY',
      '',
      'US0378331005',
      'Apple Inc.',
      '',
      '',
      '5',
      '142.36',
      '711.8',
      '1',
      '0',
      'EUR',
      '',
      '',
      '',
      '',
      '',
      '',
      'Trade Republic WERTPAPIERABRECHNUNG ORDER 8f3a-21c4',
    ])
    expect(pdfCsv([files[1] as PdfFileReading])).toBeNull()
  })

  it('gives a CSV the kiymet preset reads back into the same rows, each without a problem', () => {
    const readings = FIXTURES.map(reading)
    const csv = pdfCsv(readings)
    if (csv === null) throw new Error('no rows')
    const result = importFile(csv)
    expect(result.preset).toBe('kiymet')
    expect(result.rows).toHaveLength(readings.flatMap((file) => (file.ok ? file.rows : [])).length)
    for (const row of result.rows) expect(row).toMatchObject({ problems: [] })
  })
})
