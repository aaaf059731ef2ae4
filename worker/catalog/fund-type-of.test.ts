import { describe, expect, it } from 'vitest'
import { fundTypeOfName, tefasFundType } from './fund-type-of'

describe('tefasFundType', () => {
  it.each([
    ['Hisse Senedi Şemsiye Fonu', 'AK PORTFÖY AMERİKA YABANCI HİSSE SENEDİ FONU', 'equity'],
    ['Hisse Senedi Fonu', 'ANADOLU HAYAT EMEKLİLİK HİSSE SENEDİ EMEKLİLİK YATIRIM FONU', 'equity'],
    ['Borçlanma Araçları Şemsiye Fonu', 'AK PORTFÖY KISA VADELİ BORÇLANMA ARAÇLARI FONU', 'other'],
    ['Para Piyasası Şemsiye Fonu', 'İŞ PORTFÖY PARA PİYASASI FONU', 'other'],
    ['Kıymetli Madenler Şemsiye Fonu', 'İŞ PORTFÖY ALTIN FONU', 'other'],
    ['Altın Fonu', 'ANADOLU HAYAT EMEKLİLİK A.Ş. ALTIN KATILIM EMEKLİLİK YATIRIM FONU', 'other'],
  ])('reads the category %s', (category, name, type) => {
    expect(tefasFundType(category, name)).toBe(type)
  })

  it('reads the name when the category does not settle it', () => {
    // A participation fund of shares, and one of gold.
    expect(
      tefasFundType(
        'Katılım Şemsiye Fonu',
        'KUVEYT TÜRK PORTFÖY KATILIM HİSSE SENEDİ FONU (HİSSE SENEDİ YOĞUN FON)',
      ),
    ).toBe('equity')
    expect(tefasFundType('Katılım Şemsiye Fonu', 'ZİRAAT PORTFÖY ALTIN KATILIM FONU')).toBe('other')
    expect(tefasFundType(null, 'X PORTFÖY BIST 30 ENDEKSİ HİSSE SENEDİ FONU')).toBe('equity')
  })

  it('leaves mixed, variable, fund-of-funds and hedge funds unknown', () => {
    for (const [category, name] of [
      ['Karma Şemsiye Fonu', 'X PORTFÖY KARMA FON'],
      ['Değişken Şemsiye Fonu', 'X PORTFÖY DEĞİŞKEN FON'],
      ['Fon Sepeti Şemsiye Fonu', 'X PORTFÖY HİSSE SENEDİ FON SEPETİ FONU'],
      ['Serbest Şemsiye Fonu', 'İŞ PORTFÖY SERBEST (DÖVİZ) FON'],
      [null, 'X PORTFÖY FONU'],
    ] as const) {
      expect(tefasFundType(category, name), name).toBeNull()
    }
  })
})

describe('fundTypeOfName', () => {
  it.each([
    'ISHSIII-CORE MSCI WLD DLA',
    'VANG.FTSE A.-WO.U.ETF DLA',
    'ISHS-CORE S+P 500 DL D',
    'iShares Core S&P 500 UCITS ETF (Acc)',
    'iShares Core DAX UCITS ETF (DE)',
    'ISHS EURO STOXX 50 U.ETF',
    'iShares Nasdaq 100 UCITS ETF (Acc)',
    'XTR.MSCI EM ASIA ESG 1C',
  ])('takes %s for an equity fund', (name) => {
    expect(fundTypeOfName(name)).toBe('equity')
  })

  it.each([
    'ISHS-EO GOVT BD 1-3YR',
    'ISHSII-EO CORP BD ESG',
    'XTR.II EUR OVERN.RATE SWP',
    'AMUNDI EUR HIGH YIELD',
    'ISHS DIVERSIF.COMMOD.SWAP',
    'iShares $ Treasury Bond 7-10yr UCITS ETF',
    'XTR.MSCI USA CORP BOND',
  ])('takes %s for another fund', (name) => {
    expect(fundTypeOfName(name)).toBe('other')
  })

  it('leaves real estate, multi-asset and unnamed indexes unknown', () => {
    for (const name of [
      'ISHS DEV.MKTS PROPERTY YLD',
      'XTR.FTSE EPRA NAREIT DEV.',
      'VANG.LIFESTRATEGY 60% EQ',
      'EXPAT BUL.SOFIX UCITS ETF',
      'VANECK GOLD MINERS',
    ]) {
      expect(fundTypeOfName(name), name).toBeNull()
    }
  })
})
