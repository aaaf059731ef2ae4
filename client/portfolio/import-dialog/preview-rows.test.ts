import { describe, expect, it } from 'vitest'
import type { ImportRow } from '../../../shared/api/schemas'
import { PREVIEW_ROW_LIMIT, previewRows } from './preview-rows'

function row(
  number: number,
  problem = false,
  remark: 'notice' | 'leftOut' | null = null,
): ImportRow {
  return {
    row: number,
    transaction: {
      type: 'BUY',
      tradeDate: '2024-03-15',
      currency: 'EUR',
      fxRate: null,
      quantity: '1',
      unitPrice: '10',
      amount: null,
      fee: null,
      tax: null,
      splitRatio: null,
      acquiredDate: null,
      acquisitionFxRate: null,
      toCurrency: null,
      toAmount: null,
      note: null,
    },
    instrument: null,
    duplicate: false,
    leftOut: remark === 'leftOut' ? { code: 'not_executed', message: 'cancelled' } : null,
    problems: problem ? [{ code: 'invalid_date', column: 'Datum', message: 'bad date' }] : [],
    notices:
      remark === 'notice' ? [{ code: 'minor_unit', column: 'Currency', message: 'pence' }] : [],
  }
}

const numbers = (rows: ImportRow[]) => rows.map((item) => item.row)

describe('previewRows', () => {
  it('shows rows read off their face or left out after problems, before plain rows', () => {
    const rows = [row(1), row(2, false, 'notice'), row(3, true), row(4, false, 'leftOut'), row(5)]
    expect(numbers(previewRows(rows, false).shown)).toEqual([3, 2, 4, 1, 5])
  })

  it('shows a small file whole, rows with problems first, each group in file order', () => {
    const rows = [row(1), row(2, true), row(3), row(4, true)]
    expect(numbers(previewRows(rows, false).shown)).toEqual([2, 4, 1, 3])
    expect(previewRows(rows, false).hidden).toBe(0)
  })

  it('keeps of a large file the first rows and every problem row, and counts the rest', () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => row(index + 1, index === 9_998))
    const { shown, hidden } = previewRows(rows, false)
    expect(shown).toHaveLength(PREVIEW_ROW_LIMIT + 1)
    expect(shown[0]?.row).toBe(9_999)
    expect(shown.at(-1)?.row).toBe(PREVIEW_ROW_LIMIT)
    expect(hidden).toBe(10_000 - PREVIEW_ROW_LIMIT - 1)
  })

  it('counts a problem row among the first rows only once', () => {
    const rows = Array.from({ length: 300 }, (_, index) => row(index + 1, index === 0))
    const { shown, hidden } = previewRows(rows, false)
    expect(shown).toHaveLength(PREVIEW_ROW_LIMIT)
    expect(hidden).toBe(100)
  })

  it('shows only the problem rows when asked, wherever they are in the file', () => {
    const rows = Array.from({ length: 500 }, (_, index) => row(index + 1, index % 100 === 50))
    expect(numbers(previewRows(rows, true).shown)).toEqual([51, 151, 251, 351, 451])
    expect(previewRows(rows, true).hidden).toBe(0)
  })
})
