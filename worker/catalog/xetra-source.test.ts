import { describe, expect, it } from 'vitest'
import page from '../../tests/catalog-fixtures/xetra/Downloads.html?raw'
import instruments from '../../tests/catalog-fixtures/xetra/t7-xetr-allTradableInstruments.csv?raw'
import { parseXetraInstruments, wknOf, xetraFileLink } from './xetra-source'

describe('the Xetra instruments file', () => {
  it("finds the day's CSV among the downloads page's links", () => {
    expect(xetraFileLink(page)).toBe(
      '/resource/blob/1528/a31c10e3183f4c5dd721f9c7f9eaaaea/data/t7-xetr-allTradableInstruments.csv',
    )
    expect(xetraFileLink('<html></html>')).toBeNull()
  })

  it('keeps the active shares and ETFs in euros, by mnemonic, with ISIN and WKN', () => {
    const lines = parseXetraInstruments(instruments)
    expect(lines.map((line) => [line.code, line.type, line.wkn])).toEqual([
      ['SAP', 'STOCK', '716460'],
      ['DBK', 'STOCK', '514000'],
      ['MUV2', 'STOCK', '843002'],
      ['EUNL', 'ETF', 'A0RPWH'],
      ['VWCE', 'ETF', 'A2PKXG'],
      ['BGX', 'ETF', 'A2ARPV'],
      ['IBCA', 'ETF', 'A0J202'],
    ])
    expect(lines[3]).toEqual({
      code: 'EUNL',
      name: 'ISHSIII-CORE MSCI WLD DLA',
      type: 'ETF',
      currency: 'EUR',
      exchange: 'XETRA',
      isin: 'IE00B4L5Y983',
      wkn: 'A0RPWH',
      fundCategory: null,
      fundType: 'equity',
      tefasFundClass: null,
      country: 'IE',
      founder: null,
      priceProvider: 'yahoo',
      priceSymbol: 'EUNL.DE',
    })
  })

  it("gives each line its ISIN's country, and an ETF the type its name settles", () => {
    const lines = parseXetraInstruments(instruments)
    expect(lines.map((line) => [line.code, line.country, line.fundType])).toEqual([
      ['SAP', 'DE', null],
      ['DBK', 'DE', null],
      ['MUV2', 'DE', null],
      ['EUNL', 'IE', 'equity'],
      ['VWCE', 'IE', 'equity'],
      // SOFIX is Bulgaria's share index, which the name does not say.
      ['BGX', 'BG', null],
      ['IBCA', 'IE', 'other'],
    ])
  })

  it('takes a WKN from the file, unpadded, or else from a German ISIN', () => {
    expect(wknOf('000A2ARPV', 'BG9000011163')).toBe('A2ARPV')
    expect(wknOf('A0RPWH', 'IE00B4L5Y983')).toBe('A0RPWH')
    expect(wknOf('', 'DE0007164600')).toBe('716460')
    expect(wknOf('', 'IE00B4L5Y983')).toBeNull()
    expect(wknOf('0000A2ARPV', null)).toBeNull()
  })

  it('refuses a file of another market and one without a column it reads', () => {
    expect(() => parseXetraInstruments(instruments.replace('XETR\r', 'XFRA\r'))).toThrow(
      /not the Xetra instruments file/,
    )
    expect(() => parseXetraInstruments(instruments.replace(';Mnemonic;', ';Ticker;'))).toThrow(
      /no column Mnemonic/,
    )
  })
})
