import { describe, expect, it } from 'vitest'
import { findHeaderRow, HEADER_SEARCH_ROWS } from './header-row'

const HEADER = ['Tarih', 'İşlem', 'Sembol', 'Adet', 'Fiyat', 'Tutar']
const TRADE = ['03.01.2024', 'Alış', 'THYAO', '100', '254,25', '25.425,00']

describe('findHeaderRow', () => {
  it('takes the first row of a plain table', () => {
    expect(findHeaderRow([HEADER, TRADE, TRADE])).toEqual({ header: 0, end: 3 })
  })

  it('skips a statement preamble of label and value rows', () => {
    const rows = [
      ['HESAP EKSTRESİ'],
      ['Müşteri', 'AHMET YILMAZ'],
      ['Hesap No', '123456-7'],
      ['Tarih Aralığı', '01.01.2024 - 31.03.2024'],
      [],
      HEADER,
      TRADE,
    ]
    expect(findHeaderRow(rows)).toEqual({ header: 5, end: 7 })
  })

  it('drops trailing totals and blank rows, however written', () => {
    const rows = [HEADER, TRADE, TRADE, [], ['TOPLAM', '', '', '', '', '50.850,00'], ['']]
    expect(findHeaderRow(rows)).toEqual({ header: 0, end: 3 })
    const labelled = [HEADER, TRADE, ['', '', '', 'Genel Toplam:', '', '1,00'], ['Total', '1']]
    expect(findHeaderRow(labelled)).toEqual({ header: 0, end: 2 })
    // A total inside the data is data.
    expect(findHeaderRow([HEADER, ['Toplam', 'x'], TRADE]).end).toBe(3)
  })

  it('never takes a data row, or a row not followed by rows as wide', () => {
    const textual = ['02.01.2024', 'Alış', 'THYAO', 'Türk Hava Yolları', 'BIST', 'TRY', 'not']
    expect(findHeaderRow([HEADER, textual]).header).toBe(0)
    // A wide title row over a narrow table is no header.
    const rows = [
      ['Rapor', 'Yatırım', 'Hesabı', 'Dönem', 'Şube', 'Temsilci'],
      ['Tarih', 'Tutar'],
      ['02.01.2024', '5'],
    ]
    expect(findHeaderRow(rows).header).toBe(1)
  })

  it(`looks for the header in the first ${HEADER_SEARCH_ROWS} rows only`, () => {
    const preamble = Array.from({ length: HEADER_SEARCH_ROWS }, () => ['Not', 'x'])
    expect(findHeaderRow([...preamble, HEADER, TRADE]).header).toBe(0)
  })

  it('falls back to the first filled row, and to nothing for an empty sheet', () => {
    expect(findHeaderRow([[], ['a'], ['1']])).toEqual({ header: 1, end: 3 })
    expect(findHeaderRow([[], []])).toEqual({ header: 0, end: 0 })
  })
})
