import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlsProvider } from '../../worker/indices/bls-provider'
import { createBundesbankProvider } from '../../worker/indices/bundesbank-provider'
import { createEcbIndexProvider } from '../../worker/indices/ecb-provider'
import { createEvdsProvider } from '../../worker/indices/evds-provider'
import { priceIndex } from '../../worker/indices/price-index-catalog'
import { inventedIndex } from './index-series'
import { devMarketVars, startDevMarketServer, type DevMarketServer } from './market-server'

// The 20th of November: October is the newest month the sources have published.
const NOW = new Date('2026-11-20T12:00:00Z')

let server: DevMarketServer
let vars: Record<string, string>
beforeAll(async () => {
  server = await startDevMarketServer(0, () => NOW)
  vars = devMarketVars(server.url)
})
afterAll(() => server.close())

describe('the price index stand-ins, read by the worker’s providers', () => {
  it('EVDS: Yİ-ÜFE and TÜFE by range, at most 150 months a request, only with a key', async () => {
    const evds = createEvdsProvider({ baseUrl: vars.INDICES_EVDS_URL, key: vars.EVDS_API_KEY })
    expect(evds).not.toBeNull()
    const yiUfe = await evds!.fetchMonths(priceIndex('TR-YIUFE-2003'), '2003-01', '2012-12')
    expect(yiUfe).toHaveLength(120)
    expect(yiUfe[0]).toMatchObject({ index: 'TR-YIUFE-2003', month: '2003-01' })
    // The base year averages 100.
    const year2003 = yiUfe.slice(0, 12).reduce((sum, value) => sum + Number(value.value), 0)
    expect(year2003 / 12).toBeCloseTo(100, 1)
    const recent = await evds!.fetchMonths(priceIndex('TR-YIUFE-2003'), '2026-06', '2026-11')
    expect(recent.map((value) => value.month)).toEqual([
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
    ])
    // TÜFE 2003=100 ended with December 2025.
    const old = await evds!.fetchMonths(priceIndex('TR-TUFE-2003'), '2025-06', '2026-11')
    expect(old.at(-1)?.month).toBe('2025-12')
    // Past 150 observations EVDS answers the last 150 before the end date.
    const long = await evds!.fetchMonths(priceIndex('TR-YIUFE-2003'), '2003-01', '2020-12')
    expect(long).toHaveLength(150)
    expect(long[0]?.month).toBe('2008-07')
    const keyless = await fetch(
      `${vars.INDICES_EVDS_URL}/series=TP.TUFE1YI.T1&startDate=01-01-2024&endDate=31-01-2024&type=json`,
    )
    expect(keyless.status).toBe(403)
  })

  it('the ECB Data Portal: the euro area HICP, and none for a range without months', async () => {
    const ecb = createEcbIndexProvider({ baseUrl: vars.INDICES_ECB_URL })
    const hicp = await ecb.fetchMonths(priceIndex('EA-HICP-2025'), '1996-01', '2026-11')
    expect(hicp[0]?.month).toBe('1996-01')
    expect(hicp.at(-1)?.month).toBe('2026-10')
    const year2025 = hicp.filter((value) => value.month.startsWith('2025'))
    expect(year2025.reduce((sum, value) => sum + Number(value.value), 0) / 12).toBeCloseTo(100, 1)
    expect(await ecb.fetchMonths(priceIndex('EA-HICP-2025'), '2027-01', '2027-12')).toEqual([])
  })

  it('the Bundesbank: the German VPI, one decimal', async () => {
    const bundesbank = createBundesbankProvider({ baseUrl: vars.INDICES_BUNDESBANK_URL })
    const vpi = await bundesbank.fetchMonths(priceIndex('DE-VPI-2020'), '2024-01', '2026-11')
    expect(vpi).toHaveLength(34)
    expect(vpi.every((value) => /^\d+\.\d$/.test(value.value))).toBe(true)
    expect(await bundesbank.fetchMonths(priceIndex('DE-VPI-2020'), '1980-01', '1985-12')).toEqual(
      [],
    )
  })

  it('the BLS: the US CPI without October 2025, pinned to September 2025’s 324.800', async () => {
    const bls = createBlsProvider({ baseUrl: vars.INDICES_BLS_URL })
    const cpi = await bls.fetchMonths(priceIndex('US-CPI-1982'), '2025-01', '2026-11')
    expect(cpi.map((value) => value.month)).not.toContain('2025-10')
    expect(cpi.find((value) => value.month === '2025-09')?.value).toBe('324.800')
    expect(cpi).toHaveLength(21)
    const posted = await fetch(`${vars.INDICES_BLS_URL}/timeseries/data/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seriesid: ['CUUR0000SA0'], startyear: '2000', endyear: '2020' }),
    })
    const answer = (await posted.json()) as {
      message: string[]
      Results: { series: { data: { year: string }[] }[] }
    }
    expect(answer.message).toEqual([
      'Year range has been reduced to the system-allowed limit of 10 years.',
    ])
    expect(answer.Results.series[0]?.data.at(0)?.year).toBe('2009')
  })

  it('gives the same month the same value whatever the newest month', () => {
    expect(inventedIndex('DE-VPI-2020', '2026-10').get('2024-05')).toBe(
      inventedIndex('DE-VPI-2020', '2025-02').get('2024-05'),
    )
    expect(inventedIndex('XX-NONE-2000', '2026-10').size).toBe(0)
  })
})
