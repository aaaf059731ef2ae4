import { describe, expect, it } from 'vitest'
import yiUfe from '../../tests/index-fixtures/evds-yiufe-2008-2009.json?raw'
import { parseEvdsJson } from './evds-json'
import { priceIndex } from './price-index-catalog'

const YI_UFE = priceIndex('TR-YIUFE-2003')
const TUFE = priceIndex('TR-TUFE-2025')

describe('parseEvdsJson', () => {
  it('reads each month of the series, exactly as published', () => {
    const values = parseEvdsJson(yiUfe, YI_UFE)
    expect(values).toHaveLength(24)
    expect(values[0]).toEqual({ index: 'TR-YIUFE-2003', month: '2008-01', value: '145.18' })
    // Trailing zeros stay: the value is the published string.
    expect(values.find((value) => value.month === '2009-06')?.value).toBe('161.40')
    expect(values.at(-1)).toEqual({ index: 'TR-YIUFE-2003', month: '2009-12', value: '165.56' })
  })

  it('leaves out a month without a value, and reads either order of Tarih', () => {
    const json = JSON.stringify({
      totalCount: 4,
      items: [
        { Tarih: '2026-7', TP_TUKFIY2025_GENEL: '132.31000000' },
        { Tarih: '08-2026', TP_TUKFIY2025_GENEL: '134.0' },
        { Tarih: '2026-9', TP_TUKFIY2025_GENEL: null },
        { Tarih: '2026-10', TP_TUKFIY2025_GENEL: '' },
      ],
    })
    expect(parseEvdsJson(json, TUFE)).toEqual([
      { index: 'TR-TUFE-2025', month: '2026-07', value: '132.31000000' },
      { index: 'TR-TUFE-2025', month: '2026-08', value: '134.0' },
    ])
  })

  it('finds nothing in an empty answer', () => {
    expect(parseEvdsJson('{"totalCount":0,"items":[]}', YI_UFE)).toEqual([])
  })

  it('refuses what is not an EVDS answer, a bad month or a bad value', () => {
    const item = (tarih: string, value: unknown) =>
      JSON.stringify({ items: [{ Tarih: tarih, TP_TUFE1YI_T1: value }] })
    expect(() => parseEvdsJson('<html>403 Forbidden</html>', YI_UFE)).toThrow(/not JSON/)
    expect(() => parseEvdsJson('{"error":"key"}', YI_UFE)).toThrow(/no items/)
    expect(() => parseEvdsJson(item('2024-13', '1'), YI_UFE)).toThrow(/not a month/)
    expect(() => parseEvdsJson(item('01-01-2024', '1'), YI_UFE)).toThrow(/not a month/)
    // A number would be a float: EVDS writes strings.
    expect(() => parseEvdsJson(item('2024-1', 3036.79), YI_UFE)).toThrow(/bad TP_TUFE1YI_T1/)
    expect(() => parseEvdsJson(item('2024-1', '3036,79'), YI_UFE)).toThrow(/bad/)
    expect(() => parseEvdsJson(item('2024-1', '0'), YI_UFE)).toThrow(/bad/)
  })
})
