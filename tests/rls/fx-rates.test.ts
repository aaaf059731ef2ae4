import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { withOwnerTransaction } from '../../worker/db/run-as-owner'
import { withUserTransaction } from '../../worker/db/run-as-user'

const backend = inject('rlsBackend')
const env = { HYPERDRIVE: { connectionString: backend.databaseUrl } }

interface Point {
  rate_date: string
  rate: string
  source: string
}

// 2030-01-04 is a Friday, 01-07 the Monday after. ECB publishes from 01-03, TCMB from 01-04.
const ROWS = [
  ['ECB', 'EUR', 'USD', '2030-01-03', '1.0300'],
  ['ECB', 'EUR', 'TRY', '2030-01-03', '36.5000'],
  ['ECB', 'EUR', 'JPY', '2030-01-03', '163.00'],
  ['ECB', 'EUR', 'USD', '2030-01-04', '1.0299'],
  ['ECB', 'EUR', 'TRY', '2030-01-04', '36.4233'],
  ['ECB', 'EUR', 'JPY', '2030-01-04', '162.88'],
  ['ECB', 'EUR', 'USD', '2030-01-07', '1.0426'],
  ['ECB', 'EUR', 'TRY', '2030-01-07', '36.8725'],
  ['ECB', 'EUR', 'JPY', '2030-01-07', '164.34'],
  ['TCMB', 'USD', 'TRY', '2030-01-04', '35.3653'],
  ['TCMB', 'JPY', 'TRY', '2030-01-04', '0.224136'],
  ['TCMB', 'SAR', 'TRY', '2030-01-04', '9.4109'],
  ['TCMB', 'USD', 'TRY', '2030-01-07', '35.4057'],
] as const

// postgres.js reads numeric as text: what a caller gets is the exact decimal Postgres holds.
const rateOn = (base: string, quote: string, day: string) =>
  withUserTransaction(
    env,
    null,
    (sql) =>
      sql<
        Point[]
      >`select rate_date::text, rate::text, source from public.fx_rate_on(${base}, ${quote}, ${day}::date)`,
  )
const between = (base: string, quote: string, from: string, to: string) =>
  withUserTransaction(
    env,
    null,
    (sql) =>
      sql<Point[]>`
        select rate_date::text, rate::text, source
        from public.fx_rates_between(${base}, ${quote}, ${from}::date, ${to}::date)
      `,
  )

// With the last day each row may be carried to.
const betweenThrough = (base: string, quote: string, from: string, to: string) =>
  withUserTransaction(
    env,
    null,
    (sql) =>
      sql<(Point & { valid_through: string | null })[]>`
        select rate_date::text, rate::text, source, valid_through::text
        from public.fx_rates_between(${base}, ${quote}, ${from}::date, ${to}::date)
      `,
  )

beforeAll(async () => {
  await withOwnerTransaction(
    env,
    (sql) => sql`
      insert into public.fx_rates (source, base, quote, rate_date, rate)
      select * from jsonb_to_recordset(${sql.json(ROWS.map(([source, base, quote, rate_date, rate]) => ({ source, base, quote, rate_date, rate })))})
        as r(source text, base text, quote text, rate_date date, rate numeric)
    `,
  )
})

afterAll(async () => {
  await withOwnerTransaction(
    env,
    (sql) => sql`delete from public.fx_rates where rate_date >= '2030-01-01'`,
  )
})

describe('fx_rate_on', () => {
  it('answers a published pair as stored, digits and all', async () => {
    expect(await rateOn('EUR', 'USD', '2030-01-03')).toEqual([
      { rate_date: '2030-01-03', rate: '1.0300', source: 'ECB' },
    ])
    expect(await rateOn('USD', 'TRY', '2030-01-04')).toEqual([
      { rate_date: '2030-01-04', rate: '35.3653', source: 'TCMB' },
    ])
  })

  it('carries Friday forward over the weekend', async () => {
    for (const day of ['2030-01-05', '2030-01-06']) {
      expect(await rateOn('EUR', 'USD', day)).toEqual([
        { rate_date: '2030-01-04', rate: '1.0299', source: 'ECB' },
      ])
    }
  })

  it('carries a rate 10 days at most, then has none', async () => {
    expect(await rateOn('EUR', 'USD', '2030-01-17')).toEqual([
      { rate_date: '2030-01-07', rate: '1.0426', source: 'ECB' },
    ])
    expect(await rateOn('EUR', 'USD', '2030-01-18')).toEqual([])
  })

  it('has nothing before the first published day, or for an unknown currency', async () => {
    expect(await rateOn('EUR', 'USD', '2030-01-02')).toEqual([])
    expect(await rateOn('EUR', 'XYZ', '2030-01-04')).toEqual([])
  })

  it('inverts a published pair, to 10 significant digits', async () => {
    // 1 / 1.0299 = 0.97096805515098553…
    expect(await rateOn('USD', 'EUR', '2030-01-04')).toEqual([
      { rate_date: '2030-01-04', rate: '0.9709680552', source: 'ECB inverse' },
    ])
    // 1 / 35.3653 = 0.02827630474228693…
    expect(await rateOn('TRY', 'USD', '2030-01-04')).toEqual([
      { rate_date: '2030-01-04', rate: '0.02827630474', source: 'TCMB inverse' },
    ])
  })

  it('crosses two ECB rates of the same day via EUR', async () => {
    // 162.88 / 1.0299 = 158.15127682299252…
    expect(await rateOn('USD', 'JPY', '2030-01-04')).toEqual([
      { rate_date: '2030-01-04', rate: '158.1512768', source: 'ECB via EUR' },
    ])
  })

  it('crosses two TCMB rates via TRY when the ECB lacks a currency', async () => {
    // SAR: 9.4109 TRY, USD: 35.3653 TRY → 9.4109 / 35.3653 = 0.26610547627…
    expect(await rateOn('SAR', 'USD', '2030-01-06')).toEqual([
      { rate_date: '2030-01-04', rate: '0.2661054763', source: 'TCMB via TRY' },
    ])
  })

  it('asks the TCMB first for TRY pairs, and the ECB when the TCMB has nothing', async () => {
    expect((await rateOn('EUR', 'TRY', '2030-01-04'))[0]?.source).toBe('ECB')
    expect(await rateOn('JPY', 'TRY', '2030-01-04')).toEqual([
      { rate_date: '2030-01-04', rate: '0.224136', source: 'TCMB' },
    ])
    // 36.5 / 1.03 = 35.436893203883…
    expect(await rateOn('USD', 'TRY', '2030-01-03')).toEqual([
      { rate_date: '2030-01-03', rate: '35.4368932', source: 'ECB via EUR' },
    ])
  })

  it('answers 1 for a currency against itself', async () => {
    expect(await rateOn('USD', 'USD', '2030-01-05')).toEqual([
      { rate_date: '2030-01-05', rate: '1', source: 'identity' },
    ])
  })
})

describe('fx_rates_between', () => {
  it('gives the points of the range and the one in force on its first day', async () => {
    expect(await between('EUR', 'USD', '2030-01-05', '2030-01-10')).toEqual([
      { rate_date: '2030-01-04', rate: '1.0299', source: 'ECB' },
      { rate_date: '2030-01-07', rate: '1.0426', source: 'ECB' },
    ])
  })

  it('derives the points as fx_rate_on does, switching source where it does', async () => {
    expect(await between('USD', 'TRY', '2030-01-01', '2030-01-08')).toEqual([
      { rate_date: '2030-01-03', rate: '35.4368932', source: 'ECB via EUR' },
      { rate_date: '2030-01-04', rate: '35.3653', source: 'TCMB' },
      { rate_date: '2030-01-07', rate: '35.4057', source: 'TCMB' },
    ])
  })

  it('dates a fallback by the day it takes over, when the preferred rates expired', async () => {
    // TCMB has JPY on 01-04 only; from 01-15 on it is too old and the ECB's of 01-07 answers,
    // until it is too old too: its last day is 10 days after its publication, not after 01-15.
    expect(await betweenThrough('TRY', 'JPY', '2030-01-01', '2030-01-20')).toEqual([
      {
        rate_date: '2030-01-03',
        rate: '4.465753425',
        source: 'ECB via EUR',
        valid_through: '2030-01-13',
      },
      {
        rate_date: '2030-01-04',
        rate: '4.4615769',
        source: 'TCMB inverse',
        valid_through: '2030-01-14',
      },
      {
        rate_date: '2030-01-15',
        rate: '4.456980134',
        source: 'ECB via EUR',
        valid_through: '2030-01-17',
      },
    ])
    expect(await rateOn('TRY', 'JPY', '2030-01-15')).toEqual([
      { rate_date: '2030-01-07', rate: '4.456980134', source: 'ECB via EUR' },
    ])
  })

  it('carried forward, no row past its last day, gives what fx_rate_on gives on every day', async () => {
    // With how many days of 2030-01-01..20 fx_rate_on answers: from the first rate on 01-03 until
    // the newest, of 01-07, is too old; SAR/EUR never (no source has both). On the other days,
    // the carried row has expired too.
    for (const [base, quote, days] of [
      ['USD', 'TRY', 15],
      ['TRY', 'JPY', 15],
      ['USD', 'JPY', 15],
      ['SAR', 'EUR', 0],
    ] as const) {
      const points = await betweenThrough(base, quote, '2030-01-01', '2030-01-20')
      let compared = 0
      for (let day = 1; day <= 20; day++) {
        const iso = `2030-01-${String(day).padStart(2, '0')}`
        const [expected] = await rateOn(base, quote, iso)
        if (expected) compared += 1
        const carried = points.filter((point) => point.rate_date <= iso).at(-1)
        const inForce = carried && (carried.valid_through ?? iso) >= iso ? carried : undefined
        expect(
          inForce && { rate: inForce.rate, source: inForce.source },
          `${base}/${quote} on ${iso}`,
        ).toEqual(expected && { rate: expected.rate, source: expected.source })
      }
      // Else the loop above may have compared nothing.
      expect(compared, `${base}/${quote}`).toBe(days)
      expect(points.length === 0, `${base}/${quote} has no points`).toBe(days === 0)
    }
  })

  it('keeps a rate through the 10th day after its publication, not the 11th, as fx_rate_on', async () => {
    // EUR/USD's newest rate is of 01-07 (a Monday).
    expect(await betweenThrough('EUR', 'USD', '2030-01-16', '2030-01-20')).toEqual([
      { rate_date: '2030-01-07', rate: '1.0426', source: 'ECB', valid_through: '2030-01-17' },
    ])
    expect(await between('EUR', 'USD', '2030-01-18', '2030-01-20')).toEqual([])
    expect(await rateOn('EUR', 'USD', '2030-01-17')).toHaveLength(1)
    expect(await rateOn('EUR', 'USD', '2030-01-18')).toEqual([])
    const [days] = await withUserTransaction(
      env,
      null,
      (sql) => sql<{ days: number }[]>`select public.fx_days_in_force() as days`,
    )
    expect(days).toEqual({ days: 10 })
  })

  it('gives fx_rate_on the last day in force too, and the identity none', async () => {
    const [on] = await withUserTransaction(
      env,
      null,
      (sql) => sql<{ valid_through: string | null }[]>`
        select valid_through::text from public.fx_rate_on('USD', 'TRY', '2030-01-09')
      `,
    )
    expect(on).toEqual({ valid_through: '2030-01-17' })
    expect(await betweenThrough('TRY', 'TRY', '2030-01-05', '2030-01-10')).toEqual([
      { rate_date: '2030-01-05', rate: '1', source: 'identity', valid_through: null },
    ])
  })

  it('is empty for an empty range and one point for a currency against itself', async () => {
    expect(await between('EUR', 'USD', '2030-01-10', '2030-01-05')).toEqual([])
    expect(await between('TRY', 'TRY', '2030-01-05', '2030-01-10')).toEqual([
      { rate_date: '2030-01-05', rate: '1', source: 'identity' },
    ])
  })
})

describe('who may write public.fx_rates', () => {
  const row = { source: 'ECB', base: 'EUR', quote: 'GBP', rate_date: '2030-02-01', rate: '1.1' }

  it('anon and authenticated read, but cannot insert, change or delete', async () => {
    const sql = postgres(backend.databaseUrl, { max: 1, onnotice: () => undefined })
    try {
      for (const role of ['anon', 'authenticated']) {
        const attempt = (statement: (tx: postgres.TransactionSql) => Promise<unknown>) =>
          sql.begin(async (tx) => {
            await tx`select set_config('role', ${role}, true)`
            return statement(tx)
          })
        const seen = await attempt(
          (tx) =>
            tx`select count(*)::int as n from public.fx_rates where rate_date >= '2030-01-01'`,
        )
        expect(seen).toEqual([{ n: ROWS.length }])
        await expect(
          attempt((tx) => tx`insert into public.fx_rates ${tx(row)}`),
        ).rejects.toMatchObject({ code: '42501' })
        await expect(
          attempt((tx) => tx`update public.fx_rates set rate = 2`),
        ).rejects.toMatchObject({ code: '42501' })
        await expect(attempt((tx) => tx`delete from public.fx_rates`)).rejects.toMatchObject({
          code: '42501',
        })
      }
    } finally {
      await sql.end()
    }
  })

  it('service_role writes', async () => {
    const sql = postgres(backend.databaseUrl, { max: 1, onnotice: () => undefined })
    try {
      const written = await sql.begin(async (tx) => {
        await tx`select set_config('role', 'service_role', true)`
        await tx`insert into public.fx_rates ${tx(row)}`
        await tx`update public.fx_rates set rate = 1.2 where rate_date = ${row.rate_date}`
        return tx`delete from public.fx_rates where rate_date = ${row.rate_date} returning rate::text`
      })
      expect(written).toEqual([{ rate: '1.2' }])
    } finally {
      await sql.end()
    }
  })

  it('refuses a rate that is not above zero, or a malformed currency', async () => {
    for (const bad of [
      { rate: '0' },
      { rate: '-1' },
      { base: 'usd' },
      { quote: 'EUR', base: 'EUR' },
    ]) {
      await expect(
        withOwnerTransaction(
          env,
          (sql) => sql`insert into public.fx_rates ${sql({ ...row, ...bad })}`,
        ),
      ).rejects.toMatchObject({ code: '23514' })
    }
  })
})
