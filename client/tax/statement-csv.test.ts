import { describe, expect, it } from 'vitest'
import { createTranslator } from '../../shared/i18n/translator'
import { loadMessages } from '../../shared/i18n/messages'
import type { Locale } from '../../shared/i18n/locales'
import { personCsv, statementCsv } from './statement-csv'
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

  it('writes a person’s year across depots: a row per depot, the total, the allowance', async () => {
    const person = {
      year: 2025,
      asOf: '2025-12-31',
      churchTaxRate: '0.09' as const,
      jointAssessment: false,
      depots: [
        { id: 'a', name: 'Broker A', lossCertificate: false, ...year2025Figures('195.6') },
        { id: 'b', name: 'Broker B', lossCertificate: false, ...year2025Figures('0') },
      ],
      totals: year2025Figures('195.6'),
      allowance: { sparerPauschbetrag: '1000', given: '1000', used: '500', unused: '500' },
      refund: { base: '500', kapESt: '122.25', soli: '6.72', churchTax: '11', total: '139.97' },
      lossCertificateCandidates: [],
      notInEuros: [],
    }
    const translator = createTranslator('de', await loadMessages('de'))
    const lines = personCsv(person, translator).split('\r\n')
    expect(lines[3]).toBe(
      'Depot;Kapitalerträge;Freistellungsauftrag für dieses Depot;Freistellungsauftrag genutzt;Kapitalertragsteuer;Solidaritätszuschlag;Kirchensteuer;Verlustvortrag: Aktien;Verlustvortrag: Sonstige',
    )
    expect(lines[4]).toBe('Broker A;1000,00;200,00;200,00;195,60;10,75;17,60;0,00;0,00')
    expect(lines).toContain('In der Steuererklärung erstattungsfähig (geschätzt);139,97')
  })
})

/** A depot's figures of the year, its KapESt as given (Soli and church tax as with 195.60). */
function year2025Figures(kapESt: string) {
  const taxed = kapESt !== '0'
  return {
    income: '1000',
    freistellungsauftrag: '200',
    allowanceUsed: '200',
    taxable: '800',
    foreignTaxCredited: '0',
    kapESt,
    soli: taxed ? '10.75' : '0',
    churchTax: taxed ? '17.6' : '0',
    carriedOut: { shares: '0', general: '0' },
  }
}
