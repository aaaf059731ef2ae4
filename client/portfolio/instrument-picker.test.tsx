import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Instrument } from '../../shared/api/schemas/instrument'
import { InstrumentOptionContent } from './instrument-picker'

const fund: Instrument = {
  id: '0d6a7c52-8a8e-4a43-9a56-6a1f3d2b9c10',
  code: 'AFA',
  name: 'AK PORTFÖY AMERİKA YABANCI HİSSE SENEDİ FONU',
  type: 'FUND',
  currency: 'TRY',
  exchange: 'TEFAS',
  isin: null,
  wkn: null,
  fundCategory: 'Hisse Senedi Şemsiye Fonu',
  fundType: 'equity',
  country: 'TR',
  tefasFundClass: 'foreign',
  shareMarket: null,
  founder: 'AK PORTFÖY YÖNETİMİ A.Ş.',
  slug: 'ak-portfoy-amerika-yabanci-hisse-senedi-fonu',
  own: false,
  priceProvider: 'tefas',
  priceSymbol: 'AFA',
}

const meta = (html: string) =>
  [...html.matchAll(/<span class="combobox__meta">([^<]*)<\/span>/g)].map((match) => match[1])

describe('InstrumentOptionContent', () => {
  it("shows a fund's exchange and currency, then its TEFAS category and founder", () => {
    const html = renderToStaticMarkup(<InstrumentOptionContent instrument={fund} />)
    expect(html).toContain('<span class="combobox__code">AFA</span>')
    expect(meta(html)).toEqual([
      'TEFAS · TRY',
      'Hisse Senedi Şemsiye Fonu · AK PORTFÖY YÖNETİMİ A.Ş.',
    ])
  })

  it('shows a share without fund details, whether or not the answer carries the fields', () => {
    const share = { ...fund, code: 'SAP', name: 'SAP', type: 'STOCK', exchange: 'XETRA' } as const
    const { fundCategory: _, founder: __, ...older } = share
    for (const instrument of [{ ...share, fundCategory: null, founder: null }, older]) {
      const html = renderToStaticMarkup(<InstrumentOptionContent instrument={instrument} />)
      expect(meta(html)).toEqual(['XETRA · TRY'])
    }
  })
})
