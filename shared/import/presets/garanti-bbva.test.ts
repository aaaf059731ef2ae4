import { describe, expect, it } from 'vitest'
import { fixture, given, importFile, tableOf } from '../import-fixture'
import { detectPreset } from '.'

const SAMPLE = 'garanti-bbva-yatirim.csv'
const HEADER = '\uFEFF"Hisse","Tarih","Adet","Tutar","Gerç.Fiyat","Komisyon","İşlem"'

function trade(
  code: string,
  type: 'BUY' | 'SELL',
  tradeDate: string,
  quantity: string,
  unitPrice: string,
  fee: string,
) {
  return { code, transaction: { type, tradeDate, currency: 'TRY', quantity, unitPrice, fee } }
}

describe('Garanti BBVA Yatırım preset', () => {
  it('detects the quoted CSV with its BOM', () => {
    const table = tableOf(fixture(SAMPLE))
    expect(table.headers[0]).toBe('Hisse')
    expect(detectPreset(table)).toBe('garanti_bbva')
  })

  it('reads every trade of the sample in lira, the commission beside the amount', () => {
    const { rows, mapping, decimalSeparator, dateOrder } = importFile(fixture(SAMPLE))
    expect(mapping).toEqual({
      code: 'Hisse',
      date: 'Tarih',
      quantity: 'Adet',
      amount: 'Tutar',
      price: 'Gerç.Fiyat',
      fee: 'Komisyon',
      type: 'İşlem',
    })
    expect(decimalSeparator).toBe(',')
    expect(dateOrder).toBe('DMY')
    expect(rows.flatMap((row) => row.problems)).toEqual([])
    expect(rows.flatMap((row) => row.notices)).toEqual([])
    expect(
      rows.map((row) => ({ code: row.instrument?.code, transaction: given(row.transaction) })),
    ).toEqual([
      trade('THYAO', 'BUY', '2024-01-08', '100', '252.500', '50.50'),
      trade('TUPRS', 'BUY', '2024-01-15', '200', '146.800', '58.72'),
      trade('ASELS', 'BUY', '2024-02-01', '500', '46.120', '46.12'),
      trade('GARAN', 'BUY', '2024-02-12', '300', '72.450', '43.47'),
      trade('BIMAS', 'BUY', '2024-03-04', '40', '418.750', '33.50'),
      trade('THYAO', 'SELL', '2024-04-10', '50', '305.250', '30.53'),
      trade('TUPRS', 'SELL', '2024-05-21', '200', '183.400', '73.36'),
      trade('GARAN', 'BUY', '2024-07-17', '200', '118.900', '47.56'),
      trade('ASELS', 'SELL', '2024-09-02', '200', '60.850', '24.34'),
      trade('BIMAS', 'BUY', '2024-11-14', '20', '512.000', '20.48'),
      trade('THYAO', 'SELL', '2024-12-23', '50', '301.500', '30.15'),
    ])
  })

  it('reads the public sample of 2023 (small figures, no thousands)', () => {
    const { rows } = importFile(
      [
        HEADER,
        '"TUPRS","13.04.2021","1","85,40","85,400","0,16","Hisse Alış"',
        '"VESBE","22.04.2021","10","534,00","53,400","1,00","Hisse Alış"',
      ].join('\n'),
    )
    expect(rows.flatMap((row) => row.problems)).toEqual([])
    expect(rows.map((row) => given(row.transaction))).toEqual([
      {
        type: 'BUY',
        tradeDate: '2021-04-13',
        currency: 'TRY',
        quantity: '1',
        unitPrice: '85.400',
        fee: '0.16',
      },
      {
        type: 'BUY',
        tradeDate: '2021-04-22',
        currency: 'TRY',
        quantity: '10',
        unitPrice: '53.400',
        fee: '1.00',
      },
    ])
  })

  it('takes the trade words in any case, other words as the shared ones', () => {
    const { rows } = importFile(
      [
        HEADER,
        '"THYAO","08.01.2024","10","2525,00","252,500","5,05","HİSSE SATIŞ"',
        '"THYAO","09.01.2024","10","2525,00","252,500","5,05","Alış"',
        '"THYAO","10.01.2024","10","2525,00","252,500","5,05","Hisse Virman"',
      ].join('\n'),
    )
    expect(rows.map((row) => row.transaction.type)).toEqual(['SELL', 'BUY', null])
    expect(rows[2]?.problems.map(({ code, column }) => ({ code, column }))).toEqual([
      { code: 'unknown_type', column: 'İşlem' },
    ])
  })

  it('checks the price against the amount', () => {
    const { rows } = importFile(
      [HEADER, '"THYAO","08.01.2024","100","26250,00","252,500","50,50","Hisse Alış"'].join('\n'),
    )
    expect(rows[0]?.problems.map(({ code, column }) => ({ code, column }))).toEqual([
      { code: 'amount_mismatch', column: 'Tutar' },
    ])
  })
})
