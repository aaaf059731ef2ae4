import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { withOwnerTransaction } from '../../worker/db/run-as-owner'
import { withUserTransaction } from '../../worker/db/run-as-user'
import { measureData } from '../../worker/api/store/measure-data'
import type { Measure } from '../../shared/portfolio/measures'

const backend = inject('rlsBackend')
const env = { HYPERDRIVE: { connectionString: backend.databaseUrl } }

// TÜFE across its rebasing (docs/real-returns.md, Example 7's shape); HICP with a month to carry.
const INDICES = [
  ['TR-TUFE-2003', '2025-11-01', '2900'],
  ['TR-TUFE-2003', '2025-12-01', '3000'],
  ['TR-TUFE-2025', '2025-12-01', '120'],
  ['TR-TUFE-2025', '2026-01-01', '126'],
  ['EA-HICP-2025', '2089-11-01', '150.1'],
  ['EA-HICP-2025', '2089-12-01', '150.4'],
] as const
const RATES = [
  ['ECB', 'EUR', 'USD', '2089-12-29', '1.2000'],
  ['ECB', 'EUR', 'USD', '2090-01-02', '1.2500'],
] as const

const read = (base: string, measure: Measure, from: string, to: string) =>
  withUserTransaction(env, null, (sql) => measureData(sql, base, measure, { from, to }))

beforeAll(async () => {
  await withOwnerTransaction(env, async (sql) => {
    await sql`
      insert into public.price_indices (index_code, month, value)
      select * from jsonb_to_recordset(${sql.json(INDICES.map(([code, month, value]) => ({ code, month, value })))})
        as r(code text, month date, value numeric)
    `
    await sql`
      insert into public.fx_rates (source, base, quote, rate_date, rate)
      select * from jsonb_to_recordset(${sql.json(RATES.map(([source, base, quote, rate_date, rate]) => ({ source, base, quote, rate_date, rate })))})
        as r(source text, base text, quote text, rate_date date, rate numeric)
    `
  })
})

afterAll(async () => {
  await withOwnerTransaction(env, async (sql) => {
    for (const [code, month] of INDICES) {
      await sql`delete from public.price_indices where index_code = ${code} and month = ${month}`
    }
    await sql`delete from public.fx_rates where rate_date >= '2089-12-01'`
  })
})

describe('measureData', () => {
  it('chains TÜFE at December 2025 onto the 2025=100 base (rule 10)', async () => {
    expect(await read('TRY', 'real', '2025-12-01', '2026-01-31')).toEqual({
      kind: 'real',
      code: 'TR-TUFE',
      index: {
        code: 'TR-TUFE-2003+TR-TUFE-2025',
        months: [
          { month: '2025-11', value: '116' },
          { month: '2025-12', value: '120' },
          { month: '2026-01', value: '126' },
        ],
      },
    })
  })

  it('reads the published months only: the engine carries the newest forward itself', async () => {
    const data = await read('EUR', 'real', '2089-12-01', '2090-02-15')
    expect(data).toMatchObject({ kind: 'real', code: 'EA-HICP-2025' })
    expect(data.kind === 'real' && data.index.months.map(({ month }) => month)).toEqual([
      '2089-11',
      '2089-12',
    ])
  })

  it('reads the newest published month for a range past it, once, for the engine to carry', async () => {
    const data = await read('EUR', 'real', '2090-02-01', '2090-03-31')
    expect(data.kind === 'real' && data.index.months).toEqual([
      { month: '2089-12', value: '150.4' },
    ])
  })

  it('refuses an index without any value as unavailable for now', async () => {
    // No test here keeps a value of Germany's VPI (price-indices.test.ts stores one in passing).
    await expect(read('EUR', 'real-vpi', '2090-01-01', '2090-01-31')).rejects.toMatchObject({
      code: 'real_index_unavailable',
      params: { index: { priceIndex: 'DE-VPI-2020' } },
    })
  })

  it('reads the rates into the measured currency from the day before the range', async () => {
    expect(await read('EUR', 'USD', '2089-12-30', '2090-01-03')).toMatchObject({
      kind: 'currency',
      currency: 'USD',
      fxRates: {
        'EUR/USD': [
          { date: '2089-12-29', value: expect.anything() },
          { date: '2090-01-02', value: expect.anything() },
        ],
      },
    })
  })

  it('refuses a measure the currency does not offer', async () => {
    await expect(read('CHF', 'real', '2090-01-01', '2090-01-31')).rejects.toMatchObject({
      code: 'invalid_query',
    })
    await expect(read('USD', 'real-vpi', '2090-01-01', '2090-01-31')).rejects.toMatchObject({
      code: 'invalid_query',
    })
    await expect(read('TRY', 'TRY', '2090-01-01', '2090-01-31')).rejects.toMatchObject({
      code: 'invalid_query',
    })
  })
})
