import { describe, expect, it } from 'vitest'
import pension from '../../tests/quote-fixtures/tefas/EMK.json?raw'
import funds from '../../tests/quote-fixtures/tefas/YAT.json?raw'
import maintenance from '../../tests/quote-fixtures/malformed/tefas.html?raw'
import { QuoteError } from './quote-error'
import { parseTefasFunds } from './tefas-json'
import { tefasDate } from './tefas-provider'

const rows = (...fields: string[]) =>
  `{"errorCode":null,"errorMessage":null,"resultList":[${fields.map((row) => `{${row}}`).join(',')}]}`

function codeOf(text: string): string {
  try {
    parseTefasFunds(text, 'TRY')
  } catch (error) {
    return error instanceof QuoteError ? error.code : 'other'
  }
  return 'parsed'
}

describe('parseTefasFunds', () => {
  it('reads each day of each fund, its price exactly as published', () => {
    const closes = parseTefasFunds(funds, 'TRY')
    expect(closes.filter((close) => close.symbol === 'TTE')).toEqual([
      { symbol: 'TTE', currency: 'TRY', date: '2024-12-31', close: '0.781245' },
      { symbol: 'TTE', currency: 'TRY', date: '2025-01-02', close: '0.779012' },
      { symbol: 'TTE', currency: 'TRY', date: '2025-01-03', close: '0.790155' },
      { symbol: 'TTE', currency: 'TRY', date: '2025-01-06', close: '0.801977' },
      { symbol: 'TTE', currency: 'TRY', date: '2025-01-07', close: '0.812882' },
    ])
    expect(new Set(closes.map((close) => close.symbol))).toEqual(new Set(['TTE', 'AFT']))
    expect(parseTefasFunds(pension, 'TRY').at(-1)).toEqual({
      symbol: 'AEA',
      currency: 'TRY',
      date: '2025-01-07',
      close: '0.053254',
    })
  })

  it('takes a day with or without its time', () => {
    const text = rows('"fonKodu":"TTE","tarih":"2025-01-07","fiyat":0.812882')
    expect(parseTefasFunds(text, 'TRY')[0]?.date).toBe('2025-01-07')
  })

  it('answers nothing when TEFAS found nothing, and leaves out a day without a price', () => {
    expect(
      parseTefasFunds(
        '{"errorCode":null,"errorMessage":"Veri bulunamadı.","resultList":null}',
        'TRY',
      ),
    ).toEqual([])
    expect(
      parseTefasFunds('{"errorCode":null,"errorMessage":null,"resultList":null}', 'TRY'),
    ).toEqual([])
    const empty = rows(
      '"fonKodu":"TTE","tarih":"2025-01-07T00:00:00","fiyat":0',
      '"fonKodu":"TTE","tarih":"2025-01-06T00:00:00","fiyat":null',
    )
    expect(parseTefasFunds(empty, 'TRY')).toEqual([])
  })

  it('takes an error TEFAS answers inside a 200 as its failure', () => {
    expect(codeOf('{"errorCode":null,"errorMessage":"Sistem Hatası!!","resultList":null}')).toBe(
      'server_error',
    )
  })

  it('refuses a body that is not the list: a maintenance page, a bad date or price', () => {
    expect(codeOf(maintenance)).toBe('bad_response')
    expect(codeOf('{"resultList":{}}')).toBe('bad_response')
    expect(codeOf(rows('"fonKodu":"TTE","tarih":"yesterday","fiyat":1.2'))).toBe('bad_response')
    expect(codeOf(rows('"fonKodu":"TTE","tarih":"2025-01-07","fiyat":-1.2'))).toBe('bad_response')
    expect(codeOf(rows('"fonKodu":"TTE","tarih":"2025-01-07","fiyat":"1,2"'))).toBe('bad_response')
    expect(codeOf(rows('"tarih":"2025-01-07","fiyat":1.2'))).toBe('bad_response')
  })
})

describe('tefasDate', () => {
  it('writes a date as the API’s YYYYMMDD', () => {
    expect(tefasDate('2025-01-07')).toBe('20250107')
  })
})
