import { describe, expect, it } from 'vitest'
import pension from '../../tests/quote-fixtures/tefas/EMK/AEA.json?raw'
import fund from '../../tests/quote-fixtures/tefas/YAT/TTE.json?raw'
import maintenance from '../../tests/quote-fixtures/malformed/tefas.html?raw'
import { parseTefasHistory } from './tefas-json'
import { tefasDate } from './tefas-provider'
import { QuoteError } from './quote-error'

const row = (fields: string) =>
  `{"draw":0,"recordsTotal":1,"recordsFiltered":1,"data":[{${fields}}]}`

describe('parseTefasHistory', () => {
  it('reads each day of a fund, its price exactly as published', () => {
    expect(parseTefasHistory(fund, 'TTE', 'TRY')).toEqual([
      { symbol: 'TTE', currency: 'TRY', date: '2025-01-07', close: '0.812882' },
      { symbol: 'TTE', currency: 'TRY', date: '2025-01-06', close: '0.801977' },
      { symbol: 'TTE', currency: 'TRY', date: '2025-01-03', close: '0.790155' },
      { symbol: 'TTE', currency: 'TRY', date: '2025-01-02', close: '0.779012' },
      { symbol: 'TTE', currency: 'TRY', date: '2024-12-31', close: '0.781245' },
    ])
  })

  it('reads TARIH given as a number, and a midnight in Istanbul as that day', () => {
    expect(parseTefasHistory(pension, 'AEA', 'TRY')[0]).toMatchObject({ date: '2025-01-07' })
    // 2025-01-06T21:00:00Z is midnight of 7 January in Istanbul.
    const istanbul = row('"TARIH":"1736197200000","FONKODU":"AEA","FIYAT":0.053254')
    expect(parseTefasHistory(istanbul, 'AEA', 'TRY')[0]?.date).toBe('2025-01-07')
  })

  it('answers nothing for an unknown fund (an empty list) and leaves out other funds', () => {
    expect(
      parseTefasHistory('{"draw":0,"recordsTotal":0,"recordsFiltered":0,"data":[]}', 'XYZ', 'TRY'),
    ).toEqual([])
    expect(parseTefasHistory(fund, 'AEA', 'TRY')).toEqual([])
  })

  it('leaves out a day without a price (0 or null)', () => {
    expect(
      parseTefasHistory(row('"TARIH":"1736208000000","FONKODU":"TTE","FIYAT":0'), 'TTE', 'TRY'),
    ).toEqual([])
    expect(
      parseTefasHistory(row('"TARIH":"1736208000000","FONKODU":"TTE","FIYAT":null'), 'TTE', 'TRY'),
    ).toEqual([])
  })

  it('refuses a body that is not the history: a maintenance page, a bad date or price', () => {
    const refused = (text: string) => {
      try {
        parseTefasHistory(text, 'TTE', 'TRY')
      } catch (error) {
        return error instanceof QuoteError ? error.code : 'other'
      }
      return 'parsed'
    }
    expect(refused(maintenance)).toBe('bad_response')
    expect(refused('{"data":null}')).toBe('bad_response')
    expect(refused(row('"TARIH":"yesterday","FONKODU":"TTE","FIYAT":1.2'))).toBe('bad_response')
    expect(refused(row('"TARIH":"1736208000000","FONKODU":"TTE","FIYAT":-1.2'))).toBe(
      'bad_response',
    )
    expect(refused(row('"TARIH":"1736208000000","FONKODU":"TTE","FIYAT":"1,2"'))).toBe(
      'bad_response',
    )
    expect(refused(row('"TARIH":"1736208000000","FIYAT":1.2'))).toBe('bad_response')
  })
})

describe('tefasDate', () => {
  it("writes a date as the form's DD.MM.YYYY", () => {
    expect(tefasDate('2025-01-07')).toBe('07.01.2025')
  })
})
