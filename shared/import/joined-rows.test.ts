import { describe, expect, it } from 'vitest'
import { importFile } from './import-fixture'
import { splitRatioOf } from './joined-rows'

/** A generic CSV's rows as drafts: transaction, problems and notices. */
const read = (csv: string) => importFile(csv, { preset: 'generic' }).rows

const HEADER = 'Date,Type,ISIN,Quantity,Amount,Split Ratio\n'
const NVIDIA = 'US67066G1040'
const BUND = 'DE0001141794'

describe('corporate actions', () => {
  it('writes a split ratio in lowest terms when both parts are whole', () => {
    expect(splitRatioOf('25', '10')).toBe('5:2')
    expect(splitRatioOf('50.0', '25')).toBe('2:1')
    expect(splitRatioOf('10.41', '10')).toBe('10.41:10')
  })

  it('joins a split given as its old units taken out and its new booked in into one split', () => {
    const rows = read(
      HEADER + `2024-06-10,Split,${NVIDIA},-10,,\n` + `2024-06-10,Split,${NVIDIA},100,,\n`,
    )
    expect(rows[1]).toMatchObject({
      transaction: { type: 'SPLIT', splitRatio: '10:1', quantity: null },
      problems: [],
      notices: [{ code: 'joined_row', params: { other: '1' } }],
    })
    expect(rows[1]?.splitUnits).toBeUndefined()
    expect(rows[0]).toMatchObject({ leftOut: 'joined_row', joinedTo: 2, notices: [] })
  })

  it('keeps the units of a split or a stock dividend given alone, for the import to turn into a ratio', () => {
    const rows = read(
      HEADER +
        `2024-06-10,Split,${NVIDIA},9,,\n` +
        '2024-07-01,Stock dividend,TRAASELS91H2,150,,\n' +
        `2024-08-01,Split,${NVIDIA},,,4:1\n`,
    )
    expect(rows.map((row) => [row.transaction.type, row.splitUnits, row.problems])).toEqual([
      ['SPLIT', { direction: 'in', quantity: '9' }, []],
      ['SPLIT', { direction: 'in', quantity: '150' }, []],
      ['SPLIT', undefined, []],
    ])
    expect(rows[2]?.transaction.splitRatio).toBe('4:1')
  })

  it('joins a redemption given as its units and its money into one sale at the money paid', () => {
    const rows = read(
      HEADER + `2025-01-15,Redemption,${BUND},-20,,\n` + `2025-01-15,Tilgung,${BUND},,2000,\n`,
    )
    expect(rows[0]).toMatchObject({
      transaction: { type: 'SELL', quantity: '20', unitPrice: '100', amount: null },
      problems: [],
    })
    expect(rows[0]?.notices.map((notice) => notice.code)).toEqual([
      'price_from_total',
      'joined_row',
    ])
    expect(rows[1]).toMatchObject({ leftOut: 'joined_row', joinedTo: 1 })
  })

  it('reads a redemption in one row as a sale; one half alone lacks the other half', () => {
    const rows = read(
      HEADER +
        `2025-01-15,İtfa,${BUND},20,2000,\n` +
        `2025-02-15,Redemption,${BUND},-20,,\n` +
        `2025-03-15,Redemption,${BUND},,500,\n`,
    )
    expect(rows[0]?.transaction).toMatchObject({ type: 'SELL', quantity: '20', unitPrice: '100' })
    const problems = rows.map((row) => row.problems.map((p) => [p.code, p.column ?? p.field]))
    expect(problems).toEqual([[], [['missing_value', 'price']], [['missing_value', 'Quantity']]])
  })

  it('refuses an ISIN change by name', () => {
    const rows = read(HEADER + `2024-06-10,ISIN change,${NVIDIA},10,,\n`)
    expect(rows[0]?.problems).toEqual([{ code: 'isin_change', column: 'Type' }])
  })
})
