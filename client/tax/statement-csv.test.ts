import { describe, expect, it } from 'vitest'
import { createTranslator } from '../../shared/i18n/translator'
import { loadMessages } from '../../shared/i18n/messages'
import type { Locale } from '../../shared/i18n/locales'
import { statementCsv } from './statement-csv'
import { year2025, year2026 } from './tax-fixtures'

const csvIn = async (locale: Locale, view = year2025) =>
  statementCsv(view, 'Depot ING', createTranslator(locale, await loadMessages(locale)))

describe('statementCsv', () => {
  it('writes the statement, the items and the note in German as a German spreadsheet reads it', async () => {
    const csv = await csvIn('de')
    expect(csv.startsWith('\uFEFFSteuern 2025;Depot ING\r\nStand;31.12.2025\r\n')).toBe(true)
    const lines = csv.split('\r\n')
    expect(lines).toContain('Gewinne aus Aktienveräußerungen;1500,00')
    expect(lines).toContain('Verluste aus Aktienveräußerungen;-400,00')
    expect(lines).toContain('Kapitalertragsteuer;95,00')
    expect(lines).toContain('Solidaritätszuschlag;5,22')
    expect(lines).toContain(
      '02.01.2025;Vorabpauschale;iShares Core MSCI World UCITS ETF;IE00B4L5Y983;Allgemeiner Topf;100,00;70,00;0,00',
    )
    expect(lines).toContain('30.06.2025;Zinsen;;;Allgemeiner Topf;30,00;30,00;0,00')
    expect(lines.at(-2)).toMatch(/^Eine Schätzung zum Abgleich/)
  })

  it('writes English with commas and points, and the Vorabpauschale expected next January', async () => {
    const csv = await csvIn('en', year2026)
    const lines = csv.split('\r\n')
    expect(lines[1]).toBe('As of,11/20/2026')
    expect(lines).toContain('Vorabpauschale expected in January 2027')
    // Amounts to the cent; units as they are.
    expect(lines).toContain(
      'iShares Core MSCI World UCITS ETF,IE00B4L5Y983,12.5,112.35,78.64,01/04/2027',
    )
  })

  it('writes Turkish with semicolons and decimal commas', async () => {
    const lines = (await csvIn('tr')).split('\r\n')
    expect(lines).toContain('Hisse satış kazançları;1500,00')
  })
})
