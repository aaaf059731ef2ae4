import { describe, expect, it } from 'vitest'
import { fixture, tableOf } from './import-fixture'
import type { ImportTable } from './read-table'
import { joinWrappedRows } from './wrapped-rows'

function table(rows: string[][]): ImportTable {
  return {
    kind: 'csv',
    headers: ['Date', 'Time', 'Description', 'Order Id'],
    rows,
    encoding: 'utf-8',
    separator: ',',
  }
}

describe('joinWrappedRows', () => {
  it('joins a line without dates to the row before, cell by cell', () => {
    const joined = joinWrappedRows(
      table([
        ['15-12-2022', '16:55', 'Buy 1 @ 33.9 USD', '5925d76b-eb36-46e3-'],
        ['', '', '', 'b017-a61a6d03c3e7'],
        ['16-12-2022', '09:05', 'Dividend', ''],
      ]),
      [0, 1],
    )
    expect(joined.rows).toEqual([
      ['15-12-2022', '16:55', 'Buy 1 @ 33.9 USD', '5925d76b-eb36-46e3-b017-a61a6d03c3e7'],
      ['16-12-2022', '09:05', 'Dividend', ''],
    ])
  })

  it('leaves blank lines, a first row without a date and a table without wraps as they are', () => {
    const rows = [
      ['', '', 'orphan', ''],
      ['16-12-2022', '09:05', 'Dividend', ''],
      ['', '', '', ''],
    ]
    const unwrapped = table(rows)
    expect(joinWrappedRows(unwrapped, [0, 1])).toBe(unwrapped)
    expect(joinWrappedRows(unwrapped, [])).toBe(unwrapped)
  })

  it('pads a short row before appending to its cells', () => {
    const joined = joinWrappedRows(
      table([
        ['15-12-2022', '16:55', 'Buy'],
        ['', '', '', 'b017'],
      ]),
      [0],
    )
    expect(joined.rows).toEqual([['15-12-2022', '16:55', 'Buy', 'b017']])
  })

  it('joins the Order IDs DEGIRO wraps when its account statement is read', () => {
    const { rows } = tableOf(fixture('degiro-account-en.csv'))
    expect(rows).toHaveLength(24)
    const orderIds = rows.map((row) => row[11]).filter((id) => id !== '')
    expect(orderIds).toEqual([
      '9e31a7c4-2b58-4f0d-8e6a-d47c15b3f902',
      '9e31a7c4-2b58-4f0d-8e6a-d47c15b3f902',
      '0c8f4e2a-77d1-4b9e-a3c5-1f62d9e0b4a8',
      '0c8f4e2a-77d1-4b9e-a3c5-1f62d9e0b4a8',
      '5925d76b-eb36-46e3-b017-a61a6d03c3e7',
      '5925d76b-eb36-46e3-b017-a61a6d03c3e7',
    ])
    expect(rows.every((row) => row[0] !== '' && row.length === 12)).toBe(true)
  })
})
