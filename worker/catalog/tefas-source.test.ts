import { describe, expect, it } from 'vitest'
import pensionFounders from '../../tests/catalog-fixtures/tefas/fonKurucuGetir.EMK.json?raw'
import founders from '../../tests/catalog-fixtures/tefas/fonKurucuGetir.YAT.json?raw'
import pensionFunds from '../../tests/catalog-fixtures/tefas/fonYonetimBazliBilgiGetir.EMK.json?raw'
import funds from '../../tests/catalog-fixtures/tefas/fonYonetimBazliBilgiGetir.YAT.json?raw'
import failure from '../../tests/catalog-fixtures/malformed/tefas.json?raw'
import { parseTefasFounders, parseTefasFunds, tefasResultList } from './tefas-source'

describe('TEFAS fund lists', () => {
  it('reads founder names under either spelling of their code', () => {
    expect(parseTefasFounders(founders).get('AKP')).toBe('AK PORTFÖY YÖNETİMİ A.Ş.')
    expect(parseTefasFounders(pensionFounders).get('AHE')).toBe('ANADOLU HAYAT EMEKLİLİK A.Ş.')
  })

  it('reads each fund with its category and founder, Turkish, priced by TEFAS in lira', () => {
    const lines = parseTefasFunds(funds, parseTefasFounders(founders), 'YAT')
    expect(lines.map((line) => line.code)).toEqual(['AFA', 'TTE', 'ZPF', 'TZL'])
    expect(lines[0]).toEqual({
      code: 'AFA',
      name: 'AK PORTFÖY AMERİKA YABANCI HİSSE SENEDİ FONU',
      type: 'FUND',
      currency: 'TRY',
      exchange: 'TEFAS',
      isin: null,
      wkn: null,
      fundCategory: 'Hisse Senedi Şemsiye Fonu',
      fundType: 'equity',
      tefasFundClass: 'foreign',
      country: 'TR',
      founder: 'AK PORTFÖY YÖNETİMİ A.Ş.',
      priceProvider: 'tefas',
      priceSymbol: 'AFA',
    })
    const pension = parseTefasFunds(pensionFunds, parseTefasFounders(pensionFounders), 'EMK')
    // A pension fund has no class for the fund stopaj: it is taxed when the pension pays out.
    expect(pension[0]).toMatchObject({
      code: 'AEY',
      fundCategory: 'Altın Fonu',
      fundType: 'other',
      tefasFundClass: null,
    })
    expect(pension[0]?.founder).toBe('ANADOLU HAYAT EMEKLİLİK A.Ş.')
  })

  it('gives each fund the type for tax its category or name settles, or none', () => {
    const lines = parseTefasFunds(funds, parseTefasFounders(founders), 'YAT')
    expect(lines.map((line) => [line.code, line.fundCategory, line.fundType])).toEqual([
      ['AFA', 'Hisse Senedi Şemsiye Fonu', 'equity'],
      ['TTE', 'Hisse Senedi Şemsiye Fonu', 'equity'],
      // A participation fund: its name says gold.
      ['ZPF', 'Katılım Şemsiye Fonu', 'other'],
      // A hedge fund: nothing says how much it holds in shares.
      ['TZL', 'Serbest Şemsiye Fonu', null],
    ])
  })

  it('gives each investment fund its class for the stopaj', () => {
    const lines = parseTefasFunds(funds, parseTefasFounders(founders), 'YAT')
    expect(lines.map((line) => [line.code, line.tefasFundClass])).toEqual([
      // A foreign share fund is in the group the reduced rates left out.
      ['AFA', 'foreign'],
      ['TTE', 'equityIntensive'],
      ['ZPF', 'gold'],
      ['TZL', 'hedge'],
    ])
  })

  it('reads the class from the whole title, not the name cut to fit', () => {
    const title = `X PORTFÖY ${'UZUN '.repeat(22)}HİSSE SENEDİ FONU (HİSSE SENEDİ YOĞUN FON)`
    const body = JSON.stringify({
      errorCode: null,
      errorMessage: null,
      resultList: [{ fonKodu: 'XYZ', fonUnvan: title, fonTurAciklama: null, kurucuKod: 'X' }],
    })
    const [line] = parseTefasFunds(body, new Map(), 'YAT')
    expect(line?.name).not.toContain('YOĞUN')
    expect(line).toMatchObject({ fundType: 'equity', tefasFundClass: 'equityIntensive' })
  })

  it('cuts a long title at a word, and leaves a founder it does not know empty', () => {
    const long = 'İŞ PORTFÖY '.repeat(15).trim()
    const body = JSON.stringify({
      errorCode: null,
      errorMessage: null,
      resultList: [{ fonKodu: 'XYZ', fonUnvan: long, fonTurAciklama: null, kurucuKod: 'NOPE' }],
    })
    const [line] = parseTefasFunds(body, new Map(), 'YAT')
    expect(line?.name.length).toBeLessThanOrEqual(120)
    expect(line?.name.endsWith('PORTFÖY')).toBe(true)
    expect(line).toMatchObject({
      fundCategory: null,
      fundType: null,
      tefasFundClass: null,
      founder: null,
    })
  })

  it('treats "nothing found" as no funds and any other message as TEFAS failing', () => {
    const none = '{"errorCode":null,"errorMessage":"Veri bulunamadı.","resultList":null}'
    expect(tefasResultList(none)).toEqual([])
    expect(() => tefasResultList(failure)).toThrow(
      expect.objectContaining({ code: 'server_error', message: 'TEFAS answered: Sistem Hatası!!' }),
    )
    expect(() => tefasResultList('<html></html>')).toThrow(
      expect.objectContaining({ code: 'bad_response' }),
    )
  })
})
