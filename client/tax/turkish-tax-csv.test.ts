import { describe, expect, it } from 'vitest'
import type { Locale } from '../../shared/i18n/locales'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { turkishTaxCsv } from './turkish-tax-csv'
import { turkish2025 } from './turkish-tax-fixtures'

const csvIn = async (locale: Locale) =>
  turkishTaxCsv(turkish2025, 'Emeklilik', createTranslator(locale, await loadMessages(locale)))

describe('turkishTaxCsv', () => {
  it('writes the summary, the items and the note in Turkish as a Turkish spreadsheet reads it', async () => {
    const csv = await csvIn('tr')
    expect(csv.startsWith('\uFEFFVergi 2025;Emeklilik\r\n')).toBe(true)
    const lines = csv.split('\r\n')
    expect(lines).toContain('Borsa İstanbul hisse kazançları;7052,36')
    expect(lines).toContain('vergilenen kısmı;vergilenmez (%0 stopaj)')
    expect(lines).toContain('Kesilen stopaj toplamı;6292,50')
    expect(lines).toContain('Net değer artış kazancı;16236,80')
    expect(lines).toContain('beyan edilir mi;hayır, tutarı aşmıyor')
    expect(lines).toContain('Ödenecek;2435,52')
    const fundSale = lines.find((line) => line.startsWith('15.09.2025;Fon satışı;'))
    expect(fundSale).toMatch(/;2650,00;;292,50;/)
    expect(fundSale).toContain('oran %10')
    expect(fundSale).toContain('oran %15')
    expect(lines.find((line) => line.startsWith('10.06.2025;Yurt dışı satış;Apple Inc.'))).toMatch(
      /;US0378331005;34248,80;16236,80;;/,
    )
    expect(lines.at(-2)).toMatch(/^Kaydettiğiniz işlemlerden/)
  })

  it('writes English with commas and points', async () => {
    const lines = (await csvIn('en')).split('\r\n')
    expect(lines[0]).toBe('\uFEFFTurkish tax 2025,Emeklilik')
    expect(lines[1]).toBe('As of,12/31/2025')
    expect(lines).toContain('Gains on Borsa İstanbul shares,7052.36')
    expect(lines).toContain(
      '05/20/2025,Turkish dividend,Türk Hava Yolları,TRATHYAO91M5,40000.00,,6000.00,"Stopaj 15% (CK 9286 (RG 22.12.2024, no. 32760))"',
    )
    expect(lines).toContain('declared,"no, not above the amount"')
    expect(lines.find((line) => line.startsWith('10/01/2025,Not covered'))).toContain('Interest')
  })

  it('writes German with semicolons and decimal commas', async () => {
    const lines = (await csvIn('de')).split('\r\n')
    expect(lines[0]).toBe('\uFEFFTürkische Steuer 2025;Emeklilik')
    expect(lines).toContain('Gewinne aus TEFAS-Fonds;2650,00')
    expect(lines).toContain('Nachzahlung;2435,52')
    expect(lines).toContain('zu überschreitender Betrag;330000,00')
  })
})
