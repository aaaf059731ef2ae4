import { describe, expect, it } from 'vitest'
import daily from '../../tests/fx-fixtures/ecb/eurofxref-daily.xml?raw'
import ninetyDays from '../../tests/fx-fixtures/ecb/eurofxref-hist-90d.xml?raw'
import history from '../../tests/fx-fixtures/ecb/eurofxref-hist.xml?raw'
import { parseEcbXml, parseEcbXmlInSlices } from './ecb-xml'

describe('parseEcbXml', () => {
  it('reads the daily document: EUR → each currency, rates as published', () => {
    const rates = parseEcbXml(daily)
    expect(rates).toHaveLength(30)
    expect(rates[0]).toEqual({
      source: 'ECB',
      base: 'EUR',
      quote: 'USD',
      rateDate: '2025-01-06',
      rate: '1.0426',
    })
    expect(new Set(rates.map((rate) => rate.rateDate))).toEqual(new Set(['2025-01-06']))
  })

  it('keeps every digit as text, trailing zeros included (never a float)', () => {
    const rates = parseEcbXml(daily)
    const byQuote = new Map(rates.map((rate) => [rate.quote, rate.rate]))
    expect(byQuote.get('ISK')).toMatch(/^\d+\.\d{2}$/)
    expect(byQuote.get('IDR')).toMatch(/^\d+\.\d{2}$/)
    for (const rate of rates) expect(typeof rate.rate).toBe('string')
  })

  it('reads every day of a history document', () => {
    const rates = parseEcbXml(ninetyDays)
    expect([...new Set(rates.map((rate) => rate.rateDate))]).toEqual([
      '2025-01-06',
      '2025-01-03',
      '2025-01-02',
      '2024-12-31',
      '2024-12-30',
    ])
    expect(rates.find((r) => r.rateDate === '2025-01-03' && r.quote === 'TRY')?.rate).toBe(
      '36.4233',
    )
  })

  it('reads a day with a single currency (one Cube is still a list)', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <Cube><Cube time='2025-01-03'><Cube currency='USD' rate='1.0299'/></Cube></Cube>
</gesmes:Envelope>`
    expect(parseEcbXml(xml)).toEqual([
      { source: 'ECB', base: 'EUR', quote: 'USD', rateDate: '2025-01-03', rate: '1.0299' },
    ])
  })

  it('refuses a document that is not the reference rates', () => {
    expect(() => parseEcbXml('<html><body>Maintenance</body></html>')).toThrow(/ECB document/)
  })

  it('refuses a bad date or rate rather than storing it', () => {
    const day = (time: string, rate: string) =>
      `<gesmes:Envelope xmlns:gesmes="x"><Cube><Cube time='${time}'><Cube currency='USD' rate='${rate}'/></Cube></Cube></gesmes:Envelope>`
    expect(() => parseEcbXml(day('2025-02-30', '1.03'))).toThrow(/not a YYYY-MM-DD/)
    expect(() => parseEcbXml(day('2025-01-03', 'N/A'))).toThrow(/bad rate/)
    expect(() => parseEcbXml(day('2025-01-03', '0.0000'))).toThrow(/bad rate/)
    expect(() => parseEcbXml(day('2025-01-03', '1e3'))).toThrow(/bad rate/)
  })
})

describe('parseEcbXmlInSlices', () => {
  const daysOf = (rates: { rateDate: string }[]) => [...new Set(rates.map((r) => r.rateDate))]

  it('gives every rate of the document, a few days at a time, oldest days first', () => {
    const slices = [...parseEcbXmlInSlices(history, 2)]
    expect(slices.map(daysOf)).toEqual([
      ['2024-12-20'],
      ['2024-12-24', '2024-12-23'],
      ['2024-12-30', '2024-12-27'],
      ['2025-01-02', '2024-12-31'],
      ['2025-01-06', '2025-01-03'],
    ])
    expect(slices.flat()).toHaveLength(parseEcbXml(history).length)
    expect(new Set(slices.flat())).toEqual(new Set(parseEcbXml(history)))
  })

  it('gives a document shorter than a slice whole', () => {
    expect([...parseEcbXmlInSlices(ninetyDays, 256)]).toEqual([parseEcbXml(ninetyDays)])
  })

  it('refuses a document without days', () => {
    expect(() => [...parseEcbXmlInSlices('<html></html>', 256)]).toThrow(/ECB document/)
  })
})
