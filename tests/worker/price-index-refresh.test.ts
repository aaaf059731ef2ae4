import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import type postgres from 'postgres'
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { inventedIndex } from '../../dev/market/index-series'
import { decimal } from '../../shared/decimal/decimal'
import { devMarketVars } from '../../dev/market/market-server'
import { priceIndexOn, priceIndicesBetween } from '../../worker/api/store/price-index-lookup'
import { withOwnerTransaction } from '../../worker/db/run-as-owner'
import { withUserTransaction } from '../../worker/db/run-as-user'
import type { Env } from '../../worker/env'
import worker from '../../worker/index'
import { PRICE_INDICES } from '../../worker/indices/price-index-catalog'
import type { PriceIndexProvider } from '../../worker/indices/price-index-provider'
import {
  PRICE_INDICES_CRON,
  priceIndexProviders,
  refreshPriceIndices,
} from '../../worker/indices/refresh-price-indices'
import { backend } from './auth-backend'

// The worker's scheduled job in workerd, against the dev market server's stand-ins of EVDS, the
// ECB Data Portal, the Bundesbank and the BLS (their clock: 20 November 2026, so October is the
// newest month each has published) and the local Postgres.
const market = inject('market')
const database = { HYPERDRIVE: { connectionString: backend.databaseUrl } }
const { INDICES_EVDS_URL, EVDS_API_KEY, INDICES_ECB_URL, INDICES_BUNDESBANK_URL, INDICES_BLS_URL } =
  devMarketVars(market.url)
const jobEnv = {
  ...database,
  INDICES_EVDS_URL,
  EVDS_API_KEY,
  INDICES_ECB_URL,
  INDICES_BUNDESBANK_URL,
  INDICES_BLS_URL,
}
const NOW = new Date(market.now)
const NEWEST = '2026-10'

/** Months each index has once filled: from its first month to October 2026 (or its end). */
const FILLED: Record<string, { first: string; last: string; months: number }> = {
  'TR-YIUFE-2003': { first: '2003-01', last: NEWEST, months: 286 },
  'TR-TUFE-2003': { first: '2003-01', last: '2025-12', months: 276 },
  'TR-TUFE-2025': { first: '2025-01', last: NEWEST, months: 22 },
  'DE-VPI-2020': { first: '1991-01', last: NEWEST, months: 430 },
  'EA-HICP-2025': { first: '1996-01', last: NEWEST, months: 370 },
  // October 2025 was never published.
  'US-CPI-1982': { first: '1990-01', last: NEWEST, months: 441 },
}

interface Counted {
  index_code: string
  first: string
  last: string
  n: number
}

const counts = () =>
  withOwnerTransaction(
    database,
    (sql) => sql<Counted[]>`
      select index_code, to_char(min(month), 'YYYY-MM') as first,
        to_char(max(month), 'YYYY-MM') as last, count(*)::int as n
      from public.price_indices group by index_code order by index_code
    `,
  )

/** The providers of `environment`, each call of fetchMonths recorded as `index from…to`. */
function recording(environment: typeof jobEnv) {
  const calls: string[] = []
  const providers = priceIndexProviders(environment).map((provider): PriceIndexProvider => ({
    ...provider,
    fetchMonths(index, from, to) {
      calls.push(`${index.code} ${from}…${to}`)
      return provider.fetchMonths(index, from, to)
    },
  }))
  return { calls, providers }
}

beforeAll(async () => {
  await withOwnerTransaction(database, (sql) => sql`delete from public.price_indices`)
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the scheduled price index refresh', () => {
  it('fills an empty table with every index’s history, on the FX job’s 16:30 trigger', async () => {
    const ctx = createExecutionContext()
    const controller = createScheduledController({
      scheduledTime: NOW,
      cron: PRICE_INDICES_CRON,
    })
    // The FX job runs too, against the market server's ECB and TCMB.
    worker.scheduled(controller, { ...env, ...devMarketVars(market.url), ...database } as Env, ctx)
    await waitOnExecutionContext(ctx)

    expect(await counts()).toEqual(
      Object.entries(FILLED)
        .map(([index_code, { first, last, months }]) => ({ index_code, first, last, n: months }))
        .sort((a, b) => (a.index_code < b.index_code ? -1 : 1)),
    )
  })

  it('stores each value exactly as the source wrote it', async () => {
    const rows = await withOwnerTransaction(
      database,
      (sql) => sql<{ index_code: string; month: string; value: string }[]>`
        select index_code, to_char(month, 'YYYY-MM') as month, value::text from public.price_indices
        where month in ('2008-07-01', '2026-10-01')
      `,
    )
    expect(rows.length).toBeGreaterThan(6)
    for (const row of rows) {
      expect(row.value, `${row.index_code} ${row.month}`).toBe(
        inventedIndex(row.index_code, NEWEST).get(row.month),
      )
    }
    // The BLS writes three decimals, trailing zeros and all.
    expect(rows.find((row) => row.index_code === 'US-CPI-1982')?.value).toMatch(/^\d+\.\d{3}$/)
  })

  it('asks again only for the last months, not for a discontinued index, and changes nothing', async () => {
    const { calls, providers } = recording(jobEnv)
    const results = await refreshPriceIndices(jobEnv, NOW, providers)
    const byIndex = (a: { index: string }, b: { index: string }) => (a.index < b.index ? -1 : 1)
    expect([...results].sort(byIndex)).toEqual(
      PRICE_INDICES.map((index) => ({ index: index.code, changed: 0 })).sort(byIndex),
    )
    expect(calls.sort()).toEqual([
      'DE-VPI-2020 2026-07…2026-11',
      'EA-HICP-2025 2026-07…2026-11',
      'TR-TUFE-2025 2026-07…2026-11',
      'TR-YIUFE-2003 2026-07…2026-11',
      'US-CPI-1982 2026-07…2026-11',
    ])
  })

  it('backfills missing months and replaces a revised value', async () => {
    await withOwnerTransaction(
      database,
      (sql) => sql`
        delete from public.price_indices
        where index_code = 'EA-HICP-2025' and month >= '2026-03-01'
      `,
    )
    await withOwnerTransaction(
      database,
      (sql) => sql`
        update public.price_indices set value = 1
        where index_code = 'DE-VPI-2020' and month = '2026-09-01'
      `,
    )
    const results = await refreshPriceIndices(jobEnv, NOW)
    expect(results.filter((result) => result.changed > 0)).toEqual([
      { index: 'EA-HICP-2025', changed: 8 },
      { index: 'DE-VPI-2020', changed: 1 },
    ])
    expect(await counts()).toContainEqual({
      index_code: 'EA-HICP-2025',
      first: '1996-01',
      last: NEWEST,
      n: 370,
    })
  })

  it('skips Turkey’s indices without an EVDS key, and asks EVDS nothing', async () => {
    const keyless = { ...jobEnv, EVDS_API_KEY: '' }
    const { calls, providers } = recording(keyless)
    const results = await refreshPriceIndices(keyless, NOW, providers)
    expect(results.map((result) => result.index).sort()).toEqual([
      'DE-VPI-2020',
      'EA-HICP-2025',
      'US-CPI-1982',
    ])
    expect(calls.filter((call) => call.startsWith('TR-'))).toEqual([])
  })

  it('keeps going when one source fails: the others still store, the failure is logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await withOwnerTransaction(
      database,
      (sql) => sql`delete from public.price_indices where month = '2026-10-01'`,
    )
    const results = await refreshPriceIndices(
      { ...jobEnv, INDICES_BLS_URL: `${market.url}/broken` },
      NOW,
    )
    expect(results.find((result) => result.index === 'US-CPI-1982')).toEqual({
      index: 'US-CPI-1982',
      changed: 0,
      error: expect.stringMatching(/status 404/),
    })
    expect(results.filter((result) => result.changed === 1).map((result) => result.index)).toEqual([
      'TR-YIUFE-2003',
      'TR-TUFE-2025',
      'EA-HICP-2025',
      'DE-VPI-2020',
    ])
    expect(logged).toHaveBeenCalledOnce()
    const line = JSON.parse(String(logged.mock.calls[0]?.[0])) as Record<string, unknown>
    expect(line).toMatchObject({
      level: 'error',
      where: 'price-index-refresh',
      index: 'US-CPI-1982',
    })
    // The key travels in a header: the logged line never holds it.
    expect(JSON.stringify(line)).not.toContain(EVDS_API_KEY)
  })

  it('keeps the parts stored before a source failed mid-backfill', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await withOwnerTransaction(
      database,
      (sql) => sql`delete from public.price_indices where index_code = 'US-CPI-1982'`,
    )
    let parts = 0
    const failing: PriceIndexProvider = {
      source: 'BLS',
      monthsPerRequest: 12,
      async fetchMonths(index, from) {
        parts += 1
        if (parts > 1) throw new Error('BLS unreachable')
        return [{ index: index.code, month: from, value: '127.400' }]
      },
    }
    const [result] = await refreshPriceIndices(jobEnv, NOW, [failing])
    expect(result).toEqual({ index: 'US-CPI-1982', changed: 1, error: 'BLS unreachable' })
    expect(await counts()).toContainEqual({
      index_code: 'US-CPI-1982',
      first: '1990-01',
      last: '1990-01',
      n: 1,
    })
    // The next run goes on from there.
    expect((await refreshPriceIndices(jobEnv, NOW)).find((r) => r.index === 'US-CPI-1982')).toEqual(
      { index: 'US-CPI-1982', changed: 441 },
    )
  })
})

describe('the price index lookups the API and the engines read', () => {
  const read = <T>(fn: (sql: postgres.TransactionSql) => Promise<T>) =>
    withUserTransaction(database, null, fn)

  it('answers a published month, and carries the newest forward as provisional', async () => {
    // As plain decimals: the stand-in writes two decimals, trailing zeros and all.
    const published = (month: string) =>
      decimal(inventedIndex('TR-YIUFE-2003', NEWEST).get(month) ?? '').toString()
    const september = published('2026-09')
    const october = published(NEWEST)
    expect(await read((sql) => priceIndexOn(sql, 'TR-YIUFE-2003', '2026-09'))).toEqual({
      month: '2026-09',
      value: september,
      valueMonth: '2026-09',
      provisional: false,
      base: '2003=100',
    })
    expect(
      await read((sql) => priceIndicesBetween(sql, 'TR-YIUFE-2003', '2026-10', '2027-01')),
    ).toEqual(
      ['2026-10', '2026-11', '2026-12', '2027-01'].map((month) => ({
        month,
        value: october,
        valueMonth: NEWEST,
        provisional: month !== NEWEST,
        base: '2003=100',
      })),
    )
  })

  it('has no value for a month never published, an ended index’s later months or an unknown index', async () => {
    expect(await read((sql) => priceIndexOn(sql, 'US-CPI-1982', '2025-10'))).toBeNull()
    expect(await read((sql) => priceIndexOn(sql, 'TR-TUFE-2003', '2026-01'))).toBeNull()
    expect(await read((sql) => priceIndexOn(sql, 'TR-TUFE-2003', '2025-12'))).toMatchObject({
      provisional: false,
    })
    expect(await read((sql) => priceIndexOn(sql, 'XX-NONE-2000', '2026-01'))).toBeNull()
  })

  it('gives plain decimals: the BLS’s trailing zeros dropped, the value unchanged', async () => {
    const [point] = await read((sql) =>
      priceIndicesBetween(sql, 'US-CPI-1982', '2025-09', '2025-09'),
    )
    expect(point?.value).toBe('324.8')
  })
})
