import { describe, expect, it } from 'vitest'
import constituents from '../../tests/catalog-fixtures/bist/hisse_endeks_ds.csv?raw'
import errorPage from '../../tests/catalog-fixtures/malformed/bist.html?raw'
import { parseBistConstituents } from './bist-source'

describe('parseBistConstituents', () => {
  it('reads each share once from its index memberships, after both header lines', () => {
    expect(constituents.charCodeAt(0)).toBe(0xfeff)
    const lines = parseBistConstituents(constituents)
    expect(lines.map((line) => line.code)).toEqual([
      'AEFES',
      'ASELS',
      'ASTOR',
      'KONTR',
      'THYAO',
      'TUPRS',
    ])
    expect(lines.find((line) => line.code === 'THYAO')).toEqual({
      code: 'THYAO',
      name: 'TÜRK HAVA YOLLARI',
      type: 'STOCK',
      currency: 'TRY',
      exchange: 'BIST',
      isin: null,
      wkn: null,
      fundCategory: null,
      fundType: null,
      tefasFundClass: null,
      country: null,
      founder: null,
      priceProvider: 'yahoo',
      priceSymbol: 'THYAO.IS',
    })
  })

  it('leaves out codes that are not equities and rows without a name', () => {
    const text =
      'BILESEN KODU;BULTEN_ADI;ENDEKS KODU;ENDEKS ADI\nCONSTITUENT CODE;CONSTITUENT NAME;INDEX CODE;INDEX NAME\n' +
      'XU100;BIST 100;XUTUM;BIST TÜM\nGARAN.E;;XU030;BIST 30\nSISE.E;ŞİŞECAM;XU030;BIST 30\n'
    expect(parseBistConstituents(text).map((line) => line.code)).toEqual(['SISE'])
  })

  it('refuses an error page, a file without its English header, and text that is not UTF-8', () => {
    expect(() => parseBistConstituents(errorPage)).toThrow(
      expect.objectContaining({ code: 'bad_response' }),
    )
    expect(() => parseBistConstituents('BILESEN KODU;BULTEN_ADI\nAEFES.E;ANADOLU EFES\n')).toThrow(
      /English header/,
    )
    const latin = constituents.replace('TÜRK', 'T\uFFFDRK')
    expect(() => parseBistConstituents(latin)).toThrow(/not UTF-8/)
  })
})
