import { describe, expect, it } from 'vitest'
import cpi from '../../tests/index-fixtures/bls-cpi-2025.json?raw'
import { parseBlsJson } from './bls-json'
import { priceIndex } from './price-index-catalog'

const CPI = priceIndex('US-CPI-1982')

const answer = (data: unknown[], status = 'REQUEST_SUCCEEDED', message: string[] = []) =>
  JSON.stringify({ status, message, Results: { series: [{ seriesID: 'CUUR0000SA0', data }] } })

describe('parseBlsJson', () => {
  it('reads each published month, exactly as written, and skips October 2025', () => {
    const values = parseBlsJson(cpi, CPI)
    expect(values.map((value) => value.month)).toEqual([
      '2026-01',
      '2025-12',
      '2025-11',
      '2025-09',
      '2025-08',
      '2025-07',
    ])
    expect(values[0]).toEqual({ index: 'US-CPI-1982', month: '2026-01', value: '325.252' })
    expect(values.find((value) => value.month === '2025-09')?.value).toBe('324.800')
  })

  it('leaves out annual averages, and a series the answer lacks', () => {
    const data = [{ year: '2025', period: 'M13', periodName: 'Annual', value: '322.216' }]
    expect(parseBlsJson(answer(data), CPI)).toEqual([])
    expect(
      parseBlsJson(
        JSON.stringify({
          status: 'REQUEST_SUCCEEDED',
          message: ['No Data Available for Series CUUR0000SA0 Year: 1912'],
          Results: { series: [] },
        }),
        CPI,
      ),
    ).toEqual([])
  })

  it('refuses an answer the BLS did not process, with its message', () => {
    expect(() =>
      parseBlsJson(
        answer([], 'REQUEST_NOT_PROCESSED', [
          'Request could not be serviced, as the daily threshold for total number of requests allocated to the user has been reached.',
        ]),
        CPI,
      ),
    ).toThrow(/REQUEST_NOT_PROCESSED: Request could not be serviced/)
    expect(() => parseBlsJson('<html>Access Denied</html>', CPI)).toThrow(/not JSON/)
  })

  it('refuses a bad period or value', () => {
    expect(() => parseBlsJson(answer([{ year: '2025', period: 'Q01', value: '1' }]), CPI)).toThrow(
      /period 2025 Q01/,
    )
    expect(() =>
      parseBlsJson(answer([{ year: '2025', period: 'M01', value: 317.671 }]), CPI),
    ).toThrow(/bad value/)
  })
})
