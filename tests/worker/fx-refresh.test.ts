import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { withOwnerTransaction } from '../../worker/db/run-as-owner'
import { devMarketVars } from '../../dev/market/market-server'
import type { Env } from '../../worker/env'
import { refreshFxRates } from '../../worker/fx/refresh-fx-rates'
import worker from '../../worker/index'
import { backend } from './auth-backend'

// The worker's scheduled job in workerd, against the stand-in ECB and TCMB (tests/fx-fixtures)
// and the local Postgres. Its fixtures end on Monday 2025-01-06.
const fixtures = inject('fxFixturesUrl')
const database = { HYPERDRIVE: { connectionString: backend.databaseUrl } }
const jobEnv = {
  ...database,
  FX_ECB_URL: `${fixtures}/ecb`,
  FX_TCMB_URL: `${fixtures}/tcmb`,
}
// The price index job runs on the later FX trigger too: its sources are the dev market server's.
const { INDICES_ECB_URL, INDICES_BUNDESBANK_URL, INDICES_BLS_URL } = devMarketVars(
  inject('market').url,
)
const MONDAY_EVENING = new Date('2025-01-06T16:30:00Z')

const ECB_CURRENCIES = 30
const TCMB_CURRENCIES = 19

interface Counted {
  source: string
  rate_date: string
  n: number
}

const countsByDay = () =>
  withOwnerTransaction(
    database,
    (sql) => sql<Counted[]>`
      select source, rate_date::text, count(*)::int as n
      from public.fx_rates group by source, rate_date order by source, rate_date
    `,
  )
const daysOf = (counts: Counted[], source: string) =>
  counts.filter((row) => row.source === source).map((row) => row.rate_date)

async function requested(): Promise<string[]> {
  return (await (await fetch(`${fixtures}/__requests`)).json()) as string[]
}

beforeAll(async () => {
  await withOwnerTransaction(database, (sql) => sql`delete from public.fx_rates`)
})

afterEach(async () => {
  await fetch(`${fixtures}/__reset`, { method: 'POST' })
  vi.restoreAllMocks()
})

describe('the scheduled FX refresh', () => {
  it('fills an empty table: the whole ECB history, the last 14 days of TCMB bulletins', async () => {
    const ctx = createExecutionContext()
    const controller = createScheduledController({
      scheduledTime: MONDAY_EVENING,
      cron: '30 16 * * 1-5',
    })
    worker.scheduled(
      controller,
      { ...env, ...jobEnv, INDICES_ECB_URL, INDICES_BUNDESBANK_URL, INDICES_BLS_URL } as Env,
      ctx,
    )
    await waitOnExecutionContext(ctx)

    const counts = await countsByDay()
    expect(daysOf(counts, 'ECB')).toEqual([
      '2024-12-20',
      '2024-12-23',
      '2024-12-24',
      '2024-12-27',
      '2024-12-30',
      '2024-12-31',
      '2025-01-02',
      '2025-01-03',
      '2025-01-06',
    ])
    expect(daysOf(counts, 'TCMB')).toEqual([
      '2024-12-23',
      '2024-12-24',
      '2024-12-25',
      '2024-12-26',
      '2024-12-27',
      '2024-12-30',
      '2024-12-31',
      '2025-01-02',
      '2025-01-03',
      '2025-01-06',
    ])
    expect(
      counts.every((row) => row.n === (row.source === 'ECB' ? ECB_CURRENCIES : TCMB_CURRENCIES)),
    ).toBe(true)

    const paths = await requested()
    expect(paths).toContain('/ecb/eurofxref-hist.xml')
    // New Year's Day has no bulletin (404) and is skipped; weekends are not asked for.
    expect(paths).toContain('/tcmb/202501/01012025.xml')
    expect(paths).not.toContain('/tcmb/202501/04012025.xml')
    expect(paths.filter((path) => path.startsWith('/tcmb/'))).toHaveLength(11)
  })

  it('stores rates exactly, JPY per 1 yen (TCMB publishes it per 100)', async () => {
    const rows = await withOwnerTransaction(
      database,
      (sql) => sql<{ source: string; base: string; quote: string; rate: string }[]>`
        select source, base, quote, rate::text from public.fx_rates
        where rate_date = '2025-01-06' and (base, quote) in (('EUR', 'USD'), ('JPY', 'TRY'), ('EUR', 'GBP'))
        order by source, base, quote
      `,
    )
    expect(rows).toEqual([
      { source: 'ECB', base: 'EUR', quote: 'GBP', rate: expect.stringMatching(/^0\.\d{5}$/) },
      { source: 'ECB', base: 'EUR', quote: 'USD', rate: '1.0426' },
      { source: 'TCMB', base: 'JPY', quote: 'TRY', rate: '0.224539' },
    ])
  })

  it('is idempotent: a second run reads only the latest documents and changes nothing', async () => {
    const before = await countsByDay()
    const results = await refreshFxRates(jobEnv, MONDAY_EVENING)
    expect(results).toEqual([
      { source: 'ECB', changed: 0 },
      { source: 'TCMB', changed: 0 },
    ])
    expect(await countsByDay()).toEqual(before)
    expect((await requested()).sort()).toEqual(['/ecb/eurofxref-daily.xml', '/tcmb/today.xml'])
  })

  it('backfills missed days: the ECB 90-day history, the TCMB day by day', async () => {
    await withOwnerTransaction(
      database,
      (sql) => sql`
        delete from public.fx_rates
        where (source = 'ECB' and rate_date > '2024-12-30') or (source = 'TCMB' and rate_date > '2025-01-02')
      `,
    )
    const results = await refreshFxRates(jobEnv, MONDAY_EVENING)
    expect(results).toEqual([
      { source: 'ECB', changed: 4 * ECB_CURRENCIES },
      { source: 'TCMB', changed: 2 * TCMB_CURRENCIES },
    ])
    expect((await requested()).sort()).toEqual([
      '/ecb/eurofxref-hist-90d.xml',
      '/tcmb/202501/03012025.xml',
      '/tcmb/202501/06012025.xml',
    ])
    expect(daysOf(await countsByDay(), 'ECB').at(-1)).toBe('2025-01-06')
  })

  it('keeps going when one provider fails: the other still stores, the failure is logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await withOwnerTransaction(
      database,
      (sql) => sql`delete from public.fx_rates where source = 'TCMB' and rate_date = '2025-01-06'`,
    )
    const results = await refreshFxRates(
      { ...jobEnv, FX_ECB_URL: `${fixtures}/broken/ecb` },
      MONDAY_EVENING,
    )
    expect(results).toEqual([
      { source: 'ECB', changed: 0, error: expect.stringMatching(/status 500/) },
      { source: 'TCMB', changed: TCMB_CURRENCIES },
    ])
    expect(logged).toHaveBeenCalledOnce()
    const line = JSON.parse(String(logged.mock.calls[0]?.[0])) as Record<string, unknown>
    expect(line).toMatchObject({ level: 'error', where: 'fx-refresh', source: 'ECB' })
  })

  it('keeps the days stored before a provider failed mid-backfill', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await withOwnerTransaction(
      database,
      (sql) => sql`delete from public.fx_rates where source = 'TCMB' and rate_date > '2024-12-30'`,
    )
    // 31.12 is served, then the bulletins move away: 02.01 onwards fail.
    const failing = {
      id: 'TCMB' as const,
      firstDate: '1996-05-02',
      backfillLimitDays: 14,
      fetchLatest: () => Promise.reject(new Error('not asked')),
      async *fetchHistory() {
        yield [
          {
            source: 'TCMB' as const,
            base: 'USD',
            quote: 'TRY',
            rateDate: '2024-12-31',
            rate: '35.2803',
          },
        ]
        throw new Error('TCMB unreachable')
      },
    }
    const [result] = await refreshFxRates(jobEnv, MONDAY_EVENING, [failing])
    expect(result).toEqual({ source: 'TCMB', changed: 1, error: 'TCMB unreachable' })
    expect(daysOf(await countsByDay(), 'TCMB').at(-1)).toBe('2024-12-31')
  })
})
