import type { ImportTable } from './read-table'

/**
 * Rows a program wrapped onto the next line: DEGIRO's account statement cuts a long Order ID
 * (`5925d76b-eb36-46e3-` … `b017-a61a6d03c3e7`) and writes the rest on a line of its own, every
 * other cell empty, the date cells too. Such a line continues the row before it, cell by cell.
 */

function isContinuation(row: readonly string[], anchors: readonly number[]): boolean {
  return (
    anchors.every((index) => (row[index] ?? '').trim() === '') &&
    row.some((cell) => cell.trim() !== '')
  )
}

/**
 * The table with each continuation (a row whose `anchors` cells, its dates, are empty) joined to
 * the row before: each of its cells appended to that row's cell in the same column, as written.
 * A continuation with no row before it stays (its missing date is its problem).
 * @example joinWrappedRows(table, [0]).rows
 * // rows [['15-12-2022', 'Buy', '5925d76b-eb36-46e3-'], ['', '', 'b017-a61a6d03c3e7']]
 * // → [['15-12-2022', 'Buy', '5925d76b-eb36-46e3-b017-a61a6d03c3e7']]
 */
export function joinWrappedRows(table: ImportTable, anchors: readonly number[]): ImportTable {
  if (anchors.length === 0) return table
  const rows: string[][] = []
  for (const row of table.rows) {
    const previous = rows[rows.length - 1]
    if (previous === undefined || !isContinuation(row, anchors)) {
      rows.push([...row])
      continue
    }
    while (previous.length < row.length) previous.push('')
    row.forEach((cell, index) => {
      if (cell.trim() !== '') previous[index] += cell.trim()
    })
  }
  return rows.length === table.rows.length ? table : { ...table, rows }
}
