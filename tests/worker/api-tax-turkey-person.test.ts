import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asBrowser, backend, jsonOf } from './auth-backend'
import {
  newCaller as callerOf,
  newInstrument,
  newPortfolio as portfolioIn,
  record,
  type Caller,
} from './api-callers'

// A person's Turkish tax year across their portfolios through the whole worker app, the real auth
// server and Postgres: docs/tax-turkey.md's Example 22, two lira portfolios each below the
// declaration amounts and together above them, assessed as one beyanname; only the caller's own
// portfolios; and the refusals.

interface Person {
  year: number
  asOf: string
  portfolios: { id: string; name: string; baseCurrency: string; [figure: string]: unknown }[]
  assessment: Record<string, unknown>
}

const admin = postgres(backend.databaseUrl, { max: 1, fetch_types: false, onnotice: () => {} })

/** The illustrative TCMB USD buying rates of docs/tax-turkey.md's examples. */
const TCMB_USD: readonly (readonly [string, string])[] = [
  ['2025-01-03', '35.4000'],
  ['2025-01-31', '36.0000'],
  ['2025-05-16', '38.5000'],
  ['2025-07-14', '40.1000'],
  ['2025-09-12', '41.4000'],
]

/** A Turkish resident, signed in. */
const newCaller = (tag: string) => callerOf(tag, { tax_residence: 'TR' })

const newPortfolio = (caller: Caller, name: string, baseCurrency = 'TRY') =>
  portfolioIn(caller, name, baseCurrency)

const personView = (caller: Caller, year: number | string, language = 'en') =>
  asBrowser(caller, 'GET', `/api/tax/turkey/${year}`, undefined, language)

/** A Borsa İstanbul share and a US share, and a lira portfolio paid a dividend of each. */
async function dividendPortfolio(
  caller: Caller,
  name: string,
  instruments: { bist: string; us: string },
  turkish: { day: string; gross: string },
  us: { day: string; amount: string; tax: string },
) {
  const id = await newPortfolio(caller, name)
  await record(caller, id, {
    type: 'BUY',
    instrumentId: instruments.bist,
    currency: 'TRY',
    tradeDate: '2025-02-12',
    quantity: '1000',
    unitPrice: '280',
  })
  await record(caller, id, {
    type: 'BUY',
    instrumentId: instruments.us,
    currency: 'USD',
    fxRate: '36.2',
    tradeDate: '2025-02-03',
    quantity: '10',
    unitPrice: '100',
  })
  await record(caller, id, {
    type: 'DIVIDEND',
    instrumentId: instruments.bist,
    currency: 'TRY',
    tradeDate: turkish.day,
    amount: turkish.gross,
  })
  await record(caller, id, {
    type: 'DIVIDEND',
    instrumentId: instruments.us,
    currency: 'USD',
    // The broker's rate; the tax reads the TCMB's.
    fxRate: '39',
    tradeDate: us.day,
    amount: us.amount,
    tax: us.tax,
  })
  return id
}

async function shares(caller: Caller) {
  const bist = await newInstrument(caller, {
    code: 'KYMBI',
    name: 'Kıymet Sanayi A.Ş.',
    type: 'STOCK',
    currency: 'TRY',
    exchange: 'BIST',
  })
  const us = await newInstrument(caller, {
    code: 'KYMUS',
    name: 'Kıymet Inc.',
    type: 'STOCK',
    currency: 'USD',
    exchange: 'NASDAQ',
  })
  return { bist, us }
}

beforeAll(async () => {
  // As the refresh job writes them; another file's invented values of these days give way.
  for (const [day, rate] of TCMB_USD) {
    await admin`
      insert into public.fx_rates (source, base, quote, rate_date, rate)
      values ('TCMB', 'USD', 'TRY', ${day}, ${rate})
      on conflict (source, base, quote, rate_date) do update set rate = excluded.rate
    `
  }
  // June 2025 not yet published: a sale in July needs it.
  await admin`delete from public.price_indices where index_code = 'TR-YIUFE-2003' and month = '2025-06-01'`
})

afterAll(async () => {
  await admin.end()
})

describe('a person’s Turkish tax year across their portfolios', () => {
  let ayse: Caller
  let first: string
  let second: string

  beforeAll(async () => {
    ayse = await newCaller('tr-person-ayse')
    const instruments = await shares(ayse)
    first = await dividendPortfolio(
      ayse,
      'Aracı kurum A',
      instruments,
      { day: '2025-05-20', gross: '360000' },
      { day: '2025-05-20', amount: '250', tax: '50' },
    )
    second = await dividendPortfolio(
      ayse,
      'Aracı kurum B',
      instruments,
      { day: '2025-09-15', gross: '320000' },
      { day: '2025-09-15', amount: '300', tax: '60' },
    )
  })

  it('Example 22: each portfolio declares nothing alone; together both amounts are passed', async () => {
    for (const [portfolio, notCredited] of [
      [first, '1925'],
      [second, '2484'],
    ] as const) {
      const alone = await jsonOf<{ assessment: { declaration: unknown } }>(
        await asBrowser(ayse, 'GET', `/api/portfolios/${portfolio}/tax/turkey/2025`),
        200,
      )
      expect(alone.assessment.declaration).toMatchObject({
        income: '0',
        estimate: { tax: '0', foreignTaxNotCredited: notCredited, balance: '0' },
      })
    }
    const person = await jsonOf<Person>(await personView(ayse, 2025), 200)
    expect(person).toMatchObject({ year: 2025, asOf: '2025-12-31' })
    const row = {
      baseCurrency: 'TRY',
      fundStopaj: '0',
      foreignGains: '0',
      foreignGainsWithoutIndexation: '0',
      notCovered: 0,
    }
    expect(person.portfolios).toEqual([
      {
        ...row,
        id: first,
        name: 'Aracı kurum A',
        turkishDividends: '360000',
        turkishDividendStopaj: '54000',
        foreignDividends: '9625',
        foreignTax: '1925',
      },
      {
        ...row,
        id: second,
        name: 'Aracı kurum B',
        turkishDividends: '320000',
        turkishDividendStopaj: '48000',
        foreignDividends: '12420',
        foreignTax: '2484',
      },
    ])
    expect(person.assessment).toEqual({
      year: 2025,
      bistShares: { gain: '0' },
      funds: { gain: '0', stopaj: '0' },
      turkishDividends: {
        gross: '680000',
        stopaj: '102000',
        test: { amount: '340000', threshold: '330000', declared: true },
      },
      foreignSales: { gains: '0', losses: '0', net: '0', netWithoutIndexation: '0' },
      foreignDividends: {
        gross: '22045',
        foreignTax: '4409',
        test: { amount: '22045', threshold: '18000', declared: true },
      },
      declaration: {
        foreignGains: '0',
        foreignDividends: '22045',
        turkishDividends: '340000',
        income: '362045',
        // 58,100 + 32,045 × 27 %; the stopaj and GVK 123's share of each US dividend credited.
        estimate: {
          tax: '66752.15',
          turkishStopajCredited: '102000',
          foreignTaxCredited: '4064.55',
          foreignTaxNotCredited: '344.45',
          balance: '-39312.4',
        },
      },
    })
  })

  it('shows nobody else’s portfolios, and nothing to someone without any', async () => {
    const mehmet = await newCaller('tr-person-mehmet')
    const his = await dividendPortfolio(
      mehmet,
      'Mehmet',
      await shares(mehmet),
      { day: '2025-05-20', gross: '1000' },
      { day: '2025-05-20', amount: '10', tax: '2' },
    )
    const theirs = await jsonOf<Person>(await personView(mehmet, 2025), 200)
    expect(theirs.portfolios.map((each) => each.id)).toEqual([his])
    expect(theirs.assessment).toMatchObject({ turkishDividends: { gross: '1000' } })
    const mine = await jsonOf<Person>(await personView(ayse, 2025), 200)
    expect(mine.portfolios.map((each) => each.id)).toEqual([first, second])
    const nobody = await newCaller('tr-person-nobody')
    const empty = await jsonOf<Person>(await personView(nobody, 2025), 200)
    expect(empty.portfolios).toEqual([])
    expect(empty.assessment).toMatchObject({ declaration: { income: '0' } })
  })

  it('names the Yİ-ÜFE month a sale in any portfolio waits for, in the caller’s language', async () => {
    const can = await newCaller('tr-person-can')
    await dividendPortfolio(
      can,
      'Lira',
      await shares(can),
      { day: '2025-05-20', gross: '1000' },
      { day: '2025-05-20', amount: '10', tax: '2' },
    )
    // A dollar portfolio at a foreign broker: a sale in July needs June's index.
    const dollars = await newPortfolio(can, 'Dolar', 'USD')
    const us = await newInstrument(can, {
      code: 'KYMWT',
      name: 'Kıymet Waiting Inc.',
      type: 'STOCK',
      currency: 'USD',
      exchange: 'NYSE',
    })
    const trade = { instrumentId: us, currency: 'USD', quantity: '5' }
    await record(can, dollars, { ...trade, type: 'BUY', tradeDate: '2025-01-06', unitPrice: '100' })
    await record(can, dollars, {
      ...trade,
      type: 'SELL',
      tradeDate: '2025-07-15',
      unitPrice: '120',
    })
    const refused = await jsonOf<{ error: { code: string; message: string } }>(
      await personView(can, 2025, 'tr'),
      422,
    )
    expect(refused.error.code).toBe('missing_price_index')
    expect(refused.error.message).toMatch(/^Haziran 2025 için Yİ-ÜFE değeri henüz yayımlanmadı/)
    // The year before the sale needs no index.
    expect((await personView(can, 2024)).status).toBe(200)
  })

  it('refuses a year that is not one', async () => {
    for (const year of ['2008', '2101', '25', 'x']) {
      const refused = await jsonOf<{ error: { code: string; fields?: { path: string }[] } }>(
        await personView(ayse, year),
        400,
      )
      expect(refused.error).toMatchObject({ code: 'invalid_query', fields: [{ path: 'year' }] })
    }
  })
})
