import { afterEach, describe, expect, it, vi } from 'vitest'
import cpi from '../../tests/index-fixtures/bls-cpi-2025.json?raw'
import { createBlsProvider } from './bls-provider'
import { priceIndex } from './price-index-catalog'

const CPI = priceIndex('US-CPI-1982')

/** The requests the provider sends, answered with the fixture. */
function answering() {
  const sent: { url: string; body: unknown }[] = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, body: JSON.parse(String(init.body)) })
    return new Response(cpi, { headers: { 'Content-Type': 'application/json' } })
  })
  return sent
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('createBlsProvider', () => {
  it('asks version 1 without a key, by years, and keeps the months asked for', async () => {
    const sent = answering()
    const values = await createBlsProvider({}).fetchMonths(CPI, '2025-08', '2025-12')
    expect(sent).toEqual([
      {
        url: 'https://api.bls.gov/publicAPI/v1/timeseries/data/',
        body: { seriesid: ['CUUR0000SA0'], startyear: '2025', endyear: '2025' },
      },
    ])
    expect(values.map((value) => value.month)).toEqual(['2025-12', '2025-11', '2025-09', '2025-08'])
  })

  it('asks version 2 with a registered key, the key in the body', async () => {
    const sent = answering()
    await createBlsProvider({ key: ' k3y ' }).fetchMonths(CPI, '2016-01', '2025-12')
    expect(sent).toEqual([
      {
        url: 'https://api.bls.gov/publicAPI/v2/timeseries/data/',
        body: {
          seriesid: ['CUUR0000SA0'],
          startyear: '2016',
          endyear: '2025',
          registrationkey: 'k3y',
        },
      },
    ])
  })
})
