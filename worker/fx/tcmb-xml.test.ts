import { describe, expect, it } from 'vitest'
import january3 from '../../tests/fx-fixtures/tcmb/202501/03012025.xml?raw'
import today from '../../tests/fx-fixtures/tcmb/today.xml?raw'
import { parseTcmbXml } from './tcmb-xml'

describe('parseTcmbXml', () => {
  const rates = parseTcmbXml(today)
  const byBase = new Map(rates.map((rate) => [rate.base, rate]))

  it('reads each currency → TRY at the forex buying rate, dated by Tarih', () => {
    expect(byBase.get('USD')).toEqual({
      source: 'TCMB',
      base: 'USD',
      quote: 'TRY',
      rateDate: '2025-01-06',
      rate: '35.4057',
    })
    expect(byBase.get('EUR')?.rate).toBe('36.5720')
    expect(rates.every((rate) => rate.quote === 'TRY' && rate.rateDate === '2025-01-06')).toBe(true)
  })

  it('divides by the unit: JPY is quoted per 100 yen', () => {
    expect(today).toMatch(
      /CurrencyCode="JPY">\s*<Unit>100<\/Unit>[\s\S]*?<ForexBuying>22\.4539<\/ForexBuying>/,
    )
    expect(byBase.get('JPY')?.rate).toBe('0.224539')
  })

  it('keeps a currency that has only a forex buying rate (XDR)', () => {
    expect(byBase.get('XDR')?.rate).toBe('45.9881')
  })

  it('reads a dated bulletin', () => {
    const dated = parseTcmbXml(january3)
    expect(dated.find((rate) => rate.base === 'USD')).toMatchObject({
      rateDate: '2025-01-03',
      rate: '35.3653',
    })
  })

  it('leaves out a currency without a forex buying rate', () => {
    const xml = `<Tarih_Date Tarih="03.01.2025" Date="01/03/2025" Bulten_No="2025/2">
  <Currency CrossOrder="0" Kod="USD" CurrencyCode="USD"><Unit>1</Unit><ForexBuying>35.3653</ForexBuying></Currency>
  <Currency CrossOrder="1" Kod="IRR" CurrencyCode="IRR"><Unit>100</Unit><ForexBuying/></Currency>
</Tarih_Date>`
    expect(parseTcmbXml(xml).map((rate) => rate.base)).toEqual(['USD'])
  })

  it('refuses what is not a bulletin, a bad date, unit or rate', () => {
    const bulletin = (tarih: string, unit: string, buying: string) =>
      `<Tarih_Date Tarih="${tarih}"><Currency Kod="USD" CurrencyCode="USD"><Unit>${unit}</Unit><ForexBuying>${buying}</ForexBuying></Currency></Tarih_Date>`
    expect(() => parseTcmbXml('<html><body>404</body></html>')).toThrow(/no Tarih_Date/)
    expect(() => parseTcmbXml(bulletin('2025-01-03', '1', '35.3'))).toThrow(/DD\.MM\.YYYY/)
    expect(() => parseTcmbXml(bulletin('31.02.2025', '1', '35.3'))).toThrow(/DD\.MM\.YYYY/)
    expect(() => parseTcmbXml(bulletin('03.01.2025', '0', '35.3'))).toThrow(/unit/)
    expect(() => parseTcmbXml(bulletin('03.01.2025', '1', '35,3'))).toThrow(/forex buying/)
    expect(() => parseTcmbXml(bulletin('03.01.2025', '1', ''))).toThrow(/no rates/)
  })
})
