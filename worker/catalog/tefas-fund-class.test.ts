import { describe, expect, it } from 'vitest'
import { tefasFundClass } from './tefas-fund-class'

describe('tefasFundClass', () => {
  it.each([
    // Equity-intensive: the title says so, whatever the umbrella.
    [
      'Hisse Senedi Şemsiye Fonu',
      'İŞ PORTFÖY BIST TEKNOLOJİ AĞIRLIK SINIRLAMALI ENDEKSİ HİSSE SENEDİ FONU (HİSSE SENEDİ YOĞUN FON)',
      'equityIntensive',
    ],
    [
      'Katılım Şemsiye Fonu',
      'KUVEYT TÜRK PORTFÖY KATILIM HİSSE SENEDİ FONU (HİSSE SENEDİ YOĞUN FON)',
      'equityIntensive',
    ],
    [
      'Serbest Şemsiye Fonu',
      'İSTANBUL PORTFÖY İSTATİSTİKSEL ARBİTRAJ HİSSE SENEDİ SERBEST FON (HİSSE SENEDİ YOĞUN FON)',
      'equityIntensive',
    ],
    // The excluded group.
    ['Değişken Şemsiye Fonu', 'ATA PORTFÖY ÇOKLU VARLIK DEĞİŞKEN FON', 'variable'],
    ['Karma Şemsiye Fonu', 'GARANTİ PORTFÖY KARMA FON', 'mixed'],
    ['Serbest Şemsiye Fonu', 'İŞ PORTFÖY SERBEST (DÖVİZ) FON', 'hedge'],
    [
      'Borçlanma Araçları Şemsiye Fonu',
      'AK PORTFÖY EUROBOND (USD) BORÇLANMA ARAÇLARI FONU',
      'eurobond',
    ],
    ['Borçlanma Araçları Şemsiye Fonu', 'X PORTFÖY DIŞ BORÇLANMA ARAÇLARI FONU', 'externalDebt'],
    ['Hisse Senedi Şemsiye Fonu', 'AK PORTFÖY AMERİKA YABANCI HİSSE SENEDİ FONU', 'foreign'],
    ['Fon Sepeti Şemsiye Fonu', 'YAPI KREDİ PORTFÖY YABANCI BYF FON SEPETİ FONU', 'foreign'],
    ['Kıymetli Madenler Şemsiye Fonu', 'X PORTFÖY ALTIN (DÖVİZ) FONU', 'fx'],
    // Other funds.
    ['Para Piyasası Şemsiye Fonu', 'İŞ PORTFÖY PARA PİYASASI (TL) FONU', 'moneyMarket'],
    ['Katılım Şemsiye Fonu', 'KUVEYT TÜRK PORTFÖY PARA PİYASASI KATILIM FONU', 'moneyMarket'],
    ['Borçlanma Araçları Şemsiye Fonu', 'AK PORTFÖY KISA VADELİ BORÇLANMA ARAÇLARI FONU', 'debt'],
    ['Kıymetli Madenler Şemsiye Fonu', 'İŞ PORTFÖY ALTIN FONU', 'gold'],
    ['Kıymetli Madenler Şemsiye Fonu', 'QNB PORTFÖY GÜMÜŞ FONU', 'gold'],
    ['Katılım Şemsiye Fonu', 'ZİRAAT PORTFÖY ALTIN KATILIM FONU', 'gold'],
    [
      'Katılım Şemsiye Fonu',
      'KUVEYT TÜRK PORTFÖY KİRA SERTİFİKALARI KATILIM FONU',
      'participation',
    ],
    ['Fon Sepeti Şemsiye Fonu', 'İSTANBUL PORTFÖY BİRİNCİ FON SEPETİ FONU', 'other'],
    // A share fund whose title does not say equity-intensive is not one.
    ['Hisse Senedi Şemsiye Fonu', 'X PORTFÖY TEKNOLOJİ HİSSE SENEDİ FONU', 'other'],
    // Venture-capital and real-estate funds.
    [null, 'X PORTFÖY TEKNOLOJİ GİRİŞİM SERMAYESİ YATIRIM FONU', 'gsyf'],
    [null, 'X PORTFÖY KONUT GAYRİMENKUL YATIRIM FONU', 'gyf'],
  ] as const)('takes %s / %s for %s', (category, title, fundClass) => {
    expect(tefasFundClass(category, title)).toBe(fundClass)
  })

  it('reads the title alone when TEFAS gives no umbrella type', () => {
    expect(tefasFundClass(null, 'TACİRLER PORTFÖY DEĞİŞKEN FON')).toBe('variable')
    expect(
      tefasFundClass(null, 'MARMARA CAPITAL PORTFÖY HİSSE SENEDİ FONU (HİSSE SENEDİ YOĞUN FON)'),
    ).toBe('equityIntensive')
  })

  it('leaves a fund whose words settle nothing unknown', () => {
    expect(tefasFundClass(null, 'X PORTFÖY BİRİNCİ FON')).toBeNull()
    expect(tefasFundClass('', 'KIYMET GELİŞTİRME PORTFÖY ABC FONU')).toBeNull()
  })

  it('takes a fund of real-estate funds, or a share fund of property companies, for neither GYF', () => {
    expect(
      tefasFundClass(
        'Fon Sepeti Şemsiye Fonu',
        'X PORTFÖY GAYRİMENKUL YATIRIM FONLARI FON SEPETİ FONU',
      ),
    ).toBe('other')
    expect(
      tefasFundClass(
        'Hisse Senedi Şemsiye Fonu',
        'X PORTFÖY GAYRİMENKUL SEKTÖRÜ HİSSE SENEDİ FONU (HİSSE SENEDİ YOĞUN FON)',
      ),
    ).toBe('equityIntensive')
  })
})
