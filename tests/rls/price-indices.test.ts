import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { PRICE_INDICES } from '../../worker/indices/price-index-catalog'
import { withOwnerTransaction } from '../../worker/db/run-as-owner'
import { withUserTransaction } from '../../worker/db/run-as-user'

const backend = inject('rlsBackend')
const env = { HYPERDRIVE: { connectionString: backend.databaseUrl } }

interface Point {
  month: string
  value: string
  value_month: string
  provisional: boolean
  base: string
}

// Months far ahead, so nothing the job stores could be newer. US-CPI-1982 misses 2090-02, as the
// BLS never published October 2025; TR-TUFE-2003 is discontinued.
const ROWS = [
  ['TR-YIUFE-2003', '2090-01-01', '5637.14'],
  ['TR-YIUFE-2003', '2090-02-01', '5781.74'],
  ['TR-YIUFE-2003', '2090-03-01', '5840.10'],
  ['US-CPI-1982', '2090-01-01', '324.800'],
  ['US-CPI-1982', '2090-03-01', '324.122'],
  ['TR-TUFE-2003', '2090-01-01', '3200.55'],
] as const

const between = (code: string, from: string, to: string) =>
  withUserTransaction(
    env,
    null,
    (sql) => sql<Point[]>`
      select month::text, value::text, value_month::text, provisional, base
      from public.price_indices_between(${code}, ${from}::date, ${to}::date)
    `,
  )
const on = (code: string, month: string) =>
  withUserTransaction(
    env,
    null,
    (sql) => sql<Point[]>`
      select month::text, value::text, value_month::text, provisional, base
      from public.price_index_on(${code}, ${month}::date)
    `,
  )

beforeAll(async () => {
  await withOwnerTransaction(
    env,
    (sql) => sql`
      insert into public.price_indices (index_code, month, value)
      select * from jsonb_to_recordset(${sql.json(ROWS.map(([code, month, value]) => ({ code, month, value })))})
        as r(code text, month date, value numeric)
    `,
  )
})

afterAll(async () => {
  await withOwnerTransaction(
    env,
    (sql) => sql`delete from public.price_indices where month >= '2090-01-01'`,
  )
})

describe('the price index catalog', () => {
  it('holds the codes, sources, bases and discontinued flags of price-index-catalog.ts', async () => {
    const rows = await withUserTransaction(
      env,
      null,
      (sql) => sql<{ code: string; source: string; base: string; discontinued: boolean }[]>`
        select code, source, base, discontinued from public.price_index_series order by code
      `,
    )
    expect(rows).toEqual(
      PRICE_INDICES.map(({ code, source, base, discontinued }) => ({
        code,
        source,
        base,
        discontinued,
      })).sort((a, b) => (a.code < b.code ? -1 : 1)),
    )
  })
})

describe('public.price_index_on and price_indices_between', () => {
  it('answers a published month exactly as stored, with its base', async () => {
    expect(await on('TR-YIUFE-2003', '2090-02-01')).toEqual([
      {
        month: '2090-02-01',
        value: '5781.74',
        value_month: '2090-02-01',
        provisional: false,
        base: '2003=100',
      },
    ])
    // Any day names its month; trailing zeros stay as published.
    expect(await on('TR-YIUFE-2003', '2090-03-31')).toMatchObject([
      { month: '2090-03-01', value: '5840.10', provisional: false },
    ])
  })

  it('carries the newest month forward, marked provisional', async () => {
    expect(await on('TR-YIUFE-2003', '2090-05-17')).toEqual([
      {
        month: '2090-05-01',
        value: '5840.10',
        value_month: '2090-03-01',
        provisional: true,
        base: '2003=100',
      },
    ])
  })

  it('has nothing for a month the source never published, nor before the first one', async () => {
    expect(await on('US-CPI-1982', '2090-02-01')).toEqual([])
    expect(await on('TR-YIUFE-2003', '1990-01-01')).toEqual([])
  })

  it('never carries a discontinued index forward', async () => {
    expect(await on('TR-TUFE-2003', '2090-01-01')).toMatchObject([{ value: '3200.55' }])
    expect(await on('TR-TUFE-2003', '2090-02-01')).toEqual([])
  })

  it('has nothing for an unknown index or an index without values', async () => {
    expect(await on('XX-NONE-2000', '2090-01-01')).toEqual([])
    expect(await between('EA-HICP-2025', '2089-01-01', '2091-01-01')).toEqual(
      // Only months the job stored before this suite (none in a fresh backend) could answer.
      [],
    )
  })

  it('gives one row a month of the range, as price_index_on gives each', async () => {
    const points = await between('US-CPI-1982', '2089-12-15', '2090-05-01')
    expect(points.map((point) => [point.month, point.value, point.provisional])).toEqual([
      ['2090-01-01', '324.800', false],
      ['2090-03-01', '324.122', false],
      ['2090-04-01', '324.122', true],
      ['2090-05-01', '324.122', true],
    ])
    for (const month of ['2089-12-01', '2090-01-01', '2090-02-01', '2090-03-01', '2090-05-01']) {
      expect(await on('US-CPI-1982', month)).toEqual(
        points.filter((point) => point.month === month),
      )
    }
    expect(await between('US-CPI-1982', '2090-03-01', '2090-01-01')).toEqual([])
  })
})

describe('who may write the price indices', () => {
  const row = { index_code: 'DE-VPI-2020', month: '2090-06-01', value: '130.1' }

  it('anon and authenticated read, but cannot insert, change or delete', async () => {
    const sql = postgres(backend.databaseUrl, { max: 1, onnotice: () => undefined })
    try {
      for (const role of ['anon', 'authenticated']) {
        const attempt = (statement: (tx: postgres.TransactionSql) => Promise<unknown>) =>
          sql.begin(async (tx) => {
            await tx`select set_config('role', ${role}, true)`
            return statement(tx)
          })
        expect(
          await attempt(
            (tx) =>
              tx`select count(*)::int as n from public.price_indices where month >= '2090-01-01'`,
          ),
        ).toEqual([{ n: ROWS.length }])
        expect(
          await attempt((tx) => tx`select count(*)::int as n from public.price_index_series`),
        ).toEqual([{ n: PRICE_INDICES.length }])
        await expect(
          attempt((tx) => tx`insert into public.price_indices ${tx(row)}`),
        ).rejects.toMatchObject({ code: '42501' })
        await expect(
          attempt((tx) => tx`update public.price_indices set value = 2`),
        ).rejects.toMatchObject({ code: '42501' })
        await expect(attempt((tx) => tx`delete from public.price_indices`)).rejects.toMatchObject({
          code: '42501',
        })
        await expect(
          attempt((tx) => tx`update public.price_index_series set discontinued = true`),
        ).rejects.toMatchObject({ code: '42501' })
      }
    } finally {
      await sql.end()
    }
  })

  it('a stored value raises the version of the market data analyses read', async () => {
    const marketVersion = () =>
      withOwnerTransaction(
        env,
        (sql) => sql<{ version: string }[]>`
          select version::text from public.analysis_versions
          where user_id is null and portfolio_id is null
        `,
      )
    const before = await marketVersion()
    await withOwnerTransaction(env, async (sql) => {
      await sql`insert into public.price_indices ${sql(row)}`
      await sql`delete from public.price_indices where month = ${row.month}`
    })
    expect(await marketVersion()).not.toEqual(before)
  })

  it('service_role writes', async () => {
    const sql = postgres(backend.databaseUrl, { max: 1, onnotice: () => undefined })
    try {
      const written = await sql.begin(async (tx) => {
        await tx`select set_config('role', 'service_role', true)`
        await tx`insert into public.price_indices ${tx(row)}`
        await tx`update public.price_indices set value = 130.2 where month = ${row.month}`
        return tx`delete from public.price_indices where month = ${row.month} returning value::text`
      })
      expect(written).toEqual([{ value: '130.2' }])
    } finally {
      await sql.end()
    }
  })

  it('refuses a value not above zero or not finite, a day other than the first, an unknown code', async () => {
    for (const [bad, code] of [
      [{ value: '0' }, '23514'],
      [{ value: '-1' }, '23514'],
      [{ value: 'NaN' }, '23514'],
      [{ value: 'Infinity' }, '23514'],
      [{ month: '2090-06-02' }, '23514'],
      [{ index_code: 'XX-NONE-2000' }, '23503'],
    ] as const) {
      await expect(
        withOwnerTransaction(
          env,
          (sql) => sql`insert into public.price_indices ${sql({ ...row, ...bad })}`,
        ),
      ).rejects.toMatchObject({ code })
    }
  })
})
