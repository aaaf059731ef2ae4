import { describe, expect, it } from 'vitest'
import hicp from '../../tests/index-fixtures/ecb-hicp.csv?raw'
import { parseEcbCsv } from './ecb-csv'
import { priceIndex } from './price-index-catalog'

const HICP = priceIndex('EA-HICP-2025')
const HEADER = 'KEY,FREQ,TIME_PERIOD,OBS_VALUE,OBS_STATUS,UNIT_INDEX_BASE'

describe('parseEcbCsv', () => {
  it('reads each month of the series, exactly as written', () => {
    const values = parseEcbCsv(hicp, HICP)
    expect(values).toHaveLength(13)
    expect(values[0]).toEqual({ index: 'EA-HICP-2025', month: '2025-01', value: '98.61' })
    expect(values.at(-1)).toEqual({ index: 'EA-HICP-2025', month: '2026-01', value: '100.39' })
  })

  it('keeps columns apart when a quoted title holds commas, and skips a missing observation', () => {
    const csv = `${HEADER},TITLE_COMPL
ICP.M.U2.N.000000.4.INX,M,2026-02,100.85,A,2025=100,"Euro area, HICP, index"
ICP.M.U2.N.000000.4.INX,M,2026-03,,L,2025=100,"Euro area, HICP, index"`
    expect(parseEcbCsv(csv, HICP)).toEqual([
      { index: 'EA-HICP-2025', month: '2026-02', value: '100.85' },
    ])
  })

  it('finds nothing in a header alone', () => {
    expect(parseEcbCsv(`${HEADER}\n`, HICP)).toEqual([])
  })

  it('refuses another series, another base, a bad period or value, or no CSV at all', () => {
    const row = (key: string, period: string, value: string, base = '2025=100') =>
      `${HEADER}\n${key},M,${period},${value},A,${base}`
    const key = 'ICP.M.U2.N.000000.4.INX'
    expect(() => parseEcbCsv('<html>Service unavailable</html>', HICP)).toThrow(/no KEY column/)
    expect(() => parseEcbCsv(row('ICP.M.DE.N.000000.4.INX', '2025-01', '1'), HICP)).toThrow(
      /not ICP\.M\.U2/,
    )
    expect(() => parseEcbCsv(row(key, '2025-01', '98.6', 'HICP 2015 = 100'), HICP)).toThrow(
      /published at 2015=100, not 2025=100/,
    )
    expect(() => parseEcbCsv(row(key, '2025-1', '98.6'), HICP)).toThrow(/TIME_PERIOD/)
    expect(() => parseEcbCsv(row(key, '2025-01', 'NaN'), HICP)).toThrow(/bad OBS_VALUE/)
  })
})
