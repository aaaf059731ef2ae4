import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asBrowser, backend, createUser, jsonOf, signIn, uniqueEmail } from './auth-backend'

// Totals measured real and in another currency (docs/real-returns.md, rule 11) through the whole
// worker app, the real auth server and Postgres: the list's real return by the base currency's
// index, the gains route, its explanations and refusals, and that nobody reads another's.

interface Caller {
  cookie: string
}

interface Gains {
  measure: string
  currency: string
  value: string
  investedCapital: string
  peakInvestedCapital: string
  totalGain: string
  totalReturn: number | null
  index: { code: string; month: string } | null
  rate: { value: string; date: string } | null
  provisional: boolean
}

interface ListBody {
  portfolios: {
    id: string
    summary: { real: { index: string | null; gains: Gains | null; reason: string | null } }
  }[]
}

interface ApiErrorBody {
  error: { code: string; message: string; fields?: { path: string; code: string }[] }
}

const admin = postgres(backend.databaseUrl, { max: 1, fetch_types: false, onnotice: () => {} })

// Example 9's index, across TÜFE's rebasing: the old series × 0.5 at December 2025 gives 50, 75
// and 112.5 on the new base, the ratios 2.25 and 1.5 of 225 ÷ 100 and 225 ÷ 150.
const TUFE: readonly (readonly [string, string, string])[] = [
  ['TR-TUFE-2003', '2024-01-01', '100'],
  ['TR-TUFE-2003', '2025-01-01', '150'],
  ['TR-TUFE-2003', '2025-12-01', '200'],
  ['TR-TUFE-2025', '2025-12-01', '100'],
  ['TR-TUFE-2025', '2026-01-01', '112.5'],
]
// Dollars per euro, as the ECB publishes them: a euro portfolio measured in dollars.
const EUR_USD: readonly (readonly [string, string])[] = [
  ['2013-03-14', '1.25'],
  ['2014-03-14', '1.5'],
  ['2014-03-17', '1.6'],
]

async function newCaller(tag: string): Promise<Caller> {
  const email = uniqueEmail(tag)
  await createUser(email, 'secret-pass-1', {})
  return { cookie: await signIn(email) }
}

async function newPortfolio(caller: Caller, name: string, baseCurrency: string): Promise<string> {
  const body = { name, baseCurrency, costBasisMethod: 'FIFO', recordsCash: true }
  const created = await jsonOf<{ id: string }>(
    await asBrowser(caller, 'POST', '/api/portfolios', body),
    201,
  )
  return created.id
}

async function deposit(caller: Caller, portfolio: string, tradeDate: string, amount: string) {
  await jsonOf(
    await asBrowser(caller, 'POST', `/api/portfolios/${portfolio}/transactions`, {
      idempotencyKey: crypto.randomUUID(),
      transaction: { type: 'DEPOSIT', tradeDate, amount },
    }),
    201,
  )
}

const gains = (caller: Caller, portfolio: string, query: string, language = 'en') =>
  asBrowser(caller, 'GET', `/api/portfolios/${portfolio}/gains?${query}`, undefined, language)

const explain = (caller: Caller, portfolio: string, figure: string, asOf: string) =>
  asBrowser(caller, 'GET', `/api/portfolios/${portfolio}/explain?figure=${figure}&asOf=${asOf}`)

async function errorOf(response: Response, status: number) {
  return (await jsonOf<ApiErrorBody>(response, status)).error
}

beforeAll(async () => {
  // Only these months of TÜFE: another file's values would change the ratios.
  await admin`delete from public.price_indices where index_code like 'TR-TUFE-%'`
  for (const [code, month, value] of TUFE) {
    await admin`
      insert into public.price_indices (index_code, month, value)
      values (${code}, ${month}, ${value})
    `
  }
  for (const [day, rate] of EUR_USD) {
    await admin`
      insert into public.fx_rates (source, base, quote, rate_date, rate)
      values ('ECB', 'EUR', 'USD', ${day}, ${rate})
      on conflict (source, base, quote, rate_date) do update set rate = excluded.rate
    `
  }
})

afterAll(async () => {
  await admin`delete from public.price_indices where index_code like 'TR-TUFE-%'`
  await admin.end()
})

describe('totals measured real and in another currency', () => {
  let ayse: Caller
  // A free plan holds three portfolios: Bora has the ones without a real return.
  let bora: Caller
  let mallory: Caller
  let lira: string
  let euro: string
  let franc: string
  let early: string

  beforeAll(async () => {
    ayse = await newCaller('real-gains-ayse')
    bora = await newCaller('real-gains-bora')
    mallory = await newCaller('real-gains-mallory')
    lira = await newPortfolio(ayse, 'Lira', 'TRY')
    await deposit(ayse, lira, '2024-01-15', '100000')
    await deposit(ayse, lira, '2025-01-15', '100000')
    euro = await newPortfolio(ayse, 'Euro', 'EUR')
    await deposit(ayse, euro, '2013-03-14', '1000')
    await deposit(ayse, euro, '2014-03-14', '1000')
    franc = await newPortfolio(bora, 'Franken', 'CHF')
    early = await newPortfolio(bora, 'Early', 'TRY')
    await deposit(bora, early, '2023-06-15', '1000')
  })

  it('measures the lira portfolio in the money of 15 January 2026 (example 9’s index)', async () => {
    const body = await jsonOf<Gains>(await gains(ayse, lira, 'measure=real&asOf=2026-01-15'), 200)
    expect(body).toEqual({
      measure: 'real',
      asOf: '2026-01-15',
      currency: 'TRY',
      value: '200000',
      investedCapital: '375000',
      peakInvestedCapital: '375000',
      totalGain: '-175000',
      totalReturn: -175_000 / 375_000,
      index: { code: 'TR-TUFE', month: '2026-01' },
      rate: null,
      provisional: false,
    })
  })

  it('lists each portfolio’s real return by its currency’s index, or why there is none', async () => {
    const list = await jsonOf<ListBody>(await asBrowser(ayse, 'GET', '/api/portfolios'), 200)
    const others = await jsonOf<ListBody>(await asBrowser(bora, 'GET', '/api/portfolios'), 200)
    const real = (id: string) =>
      [...list.portfolios, ...others.portfolios].find((entry) => entry.id === id)?.summary.real
    // Today is past January 2026, TÜFE's newest month here: carried forward, provisional.
    expect(real(lira)).toMatchObject({
      index: 'TR-TUFE',
      reason: null,
      gains: {
        investedCapital: '375000',
        totalGain: '-175000',
        index: { code: 'TR-TUFE', month: '2026-01' },
        provisional: true,
      },
    })
    expect(real(franc)).toEqual({ index: null, gains: null, reason: 'no_index' })
    // A deposit before TÜFE's first month here: nothing is guessed.
    expect(real(early)).toEqual({ index: 'TR-TUFE', gains: null, reason: 'missing_price_index' })
  })

  it('a new index month changes the stored card', async () => {
    await admin`insert into public.price_indices (index_code, month, value) values ('TR-TUFE-2025', '2026-02-01', '225')`
    try {
      const list = await jsonOf<ListBody>(await asBrowser(ayse, 'GET', '/api/portfolios'), 200)
      const card = list.portfolios.find((entry) => entry.id === lira)?.summary.real
      // 100,000 × 225 ÷ 50 + 100,000 × 225 ÷ 75 = 750,000
      expect(card?.gains).toMatchObject({
        investedCapital: '750000',
        index: { month: '2026-02' },
      })
    } finally {
      await admin`delete from public.price_indices where index_code = 'TR-TUFE-2025' and month = '2026-02-01'`
    }
  })

  it('measures the euro portfolio in dollars at each deposit’s rate', async () => {
    const body = await jsonOf<Gains>(await gains(ayse, euro, 'measure=USD&asOf=2014-03-17'), 200)
    // 1,000 × 1.25 + 1,000 × 1.5 invested; 2,000 × 1.6 worth.
    expect(body).toMatchObject({
      currency: 'USD',
      value: '3200',
      investedCapital: '2750',
      totalGain: '450',
      index: null,
      rate: { value: '1.6', date: '2014-03-17' },
    })
  })

  it('explains the real total gain with each deposit’s index values, recomputing to it', async () => {
    const body = await jsonOf<{
      value: string
      steps: { figure: string | null; value: string }[]
    }>(await explain(ayse, lira, 'measured.real.investedCapital', '2026-01-15'), 200)
    expect(body.value).toBe('375000')
    const steps = body.steps as unknown as {
      value: string
      parts: { steps: { value: string; source: unknown }[] }
    }[]
    expect(steps.map((item) => item.value)).toEqual(['225000', '150000'])
    expect(steps[0]?.parts.steps.map((item) => item.value)).toEqual(['100000', '112.5', '50'])
    expect(steps[0]?.parts.steps[1]?.source).toEqual({
      kind: 'priceIndex',
      index: 'TR-TUFE',
      month: '2026-01',
      provisional: false,
    })
    const total = await jsonOf<{ value: number }>(
      await explain(ayse, lira, 'measured.real.totalReturn', '2026-01-15'),
      200,
    )
    expect(total.value).toBe(-175_000 / 375_000)
  })

  it('refuses a month the index lacks, naming the index and the month', async () => {
    const error = await errorOf(await gains(ayse, lira, 'measure=real&asOf=2023-06-30'), 422)
    expect(error.code).toBe('real_index_missing')
    expect(error.message).toContain('TÜFE')
    expect(error.message).toContain('June 2023')
    const german = await errorOf(await gains(ayse, lira, 'measure=real&asOf=2023-06-30', 'de'), 422)
    expect(german.message).toContain('Juni 2023')
  })

  it('refuses a day without a rate, and a measure the currency does not offer', async () => {
    expect((await errorOf(await gains(ayse, euro, 'measure=USD&asOf=2013-06-30'), 422)).code).toBe(
      'missing_fx_rate',
    )
    expect((await errorOf(await gains(bora, franc, 'measure=real'), 400)).fields).toMatchObject([
      { path: 'measure', code: 'invalid' },
    ])
    expect((await errorOf(await gains(ayse, lira, 'measure=TRY'), 400)).code).toBe('invalid_query')
    expect((await errorOf(await gains(ayse, lira, 'measure=nominal'), 400)).code).toBe(
      'invalid_query',
    )
  })

  it('shows nobody another’s portfolio', async () => {
    expect((await errorOf(await gains(mallory, lira, 'measure=real'), 404)).code).toBe(
      'portfolio_not_found',
    )
    expect(
      (await errorOf(await explain(mallory, lira, 'measured.real.totalGain', '2026-01-15'), 404))
        .code,
    ).toBe('portfolio_not_found')
  })
})
