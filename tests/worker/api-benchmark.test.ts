import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Benchmark, Instrument } from '../../shared/api/schemas'
import { API_RATE_BUDGETS } from '../../worker/api/api-rate-limit'
import {
  asBrowser,
  asBrowserWithEnv,
  backend,
  createUser,
  jsonOf,
  signIn,
  uniqueEmail,
} from './auth-backend'

// A portfolio beside a benchmark (docs/benchmark.md), against the stand-in Yahoo Finance of
// tests/quote-fixtures: BIST 100 (XU100.IS) closed at 9,850 on 30.12.2024 and 10,200 on
// 07.01.2025. The portfolio holds 10 units of its owner's instrument, priced by hand at 100 on
// 30.12.2024 and 110 on 07.01.2025. Over 31.12.2024 – 07.01.2025: the portfolio +10 %, BIST 100
// 10,200 ÷ 9,850 − 1 = +3.553 %.

const fixtures = `${inject('quoteFixturesUrl')}/~benchmark`
const market = { QUOTES_YAHOO_URL: `${fixtures}/yahoo` }
const admin = postgres(backend.databaseUrl, { max: 1, fetch_types: false, onnotice: () => {} })
const RANGE = 'from=2024-12-31&to=2025-01-07'

let cookie = ''
let owner = ''
let portfolio = ''
let own = ''
let bist100 = ''
const insertedMonths: string[] = []
const insertedRates: string[] = []

const call = (method: string, path: string, body?: unknown) =>
  asBrowserWithEnv(market, { cookie }, method, path, body)

const yahooRequests = async () =>
  ((await (await fetch(`${fixtures}/__requests`)).json()) as string[]).filter((path) =>
    path.startsWith('/yahoo/'),
  )

beforeAll(async () => {
  const email = uniqueEmail('benchmark')
  owner = await createUser(email)
  cookie = await signIn(email)
  portfolio = (
    await jsonOf<{ id: string }>(
      await call('POST', '/api/portfolios', {
        name: 'Benchmark',
        baseCurrency: 'TRY',
        costBasisMethod: 'AVERAGE',
        recordsCash: false,
      }),
      201,
    )
  ).id
  own = (
    await jsonOf<{ id: string }>(
      await call('POST', '/api/instruments', {
        code: 'MYFUND',
        name: 'My fund',
        type: 'OTHER',
        currency: 'TRY',
      }),
      201,
    )
  ).id
  await jsonOf(
    await call('PUT', `/api/instruments/${own}/prices`, {
      prices: [
        { date: '2024-12-30', close: '100' },
        { date: '2025-01-07', close: '110' },
      ],
    }),
    200,
  )
  await jsonOf(
    await call('POST', `/api/portfolios/${portfolio}/transactions`, {
      idempotencyKey: crypto.randomUUID(),
      transaction: {
        type: 'BUY',
        tradeDate: '2024-12-30',
        instrumentId: own,
        quantity: '10',
        unitPrice: '100',
      },
    }),
    201,
  )
  const found = await jsonOf<{ instruments: Instrument[] }>(
    await call('GET', '/api/instruments?q=XU100'),
    200,
  )
  bist100 = found.instruments.find((instrument) => instrument.code === 'XU100')?.id ?? ''
})

afterAll(async () => {
  await admin`delete from public.portfolios where user_id = ${owner}`
  await admin`delete from public.instruments where owner_id = ${owner}`
  await admin`delete from public.prices where instrument_id = ${bist100}`
  for (const day of insertedRates) {
    await admin`
      delete from public.fx_rates
      where source = 'TCMB' and base = 'EUR' and quote = 'TRY' and rate_date = ${day}
    `
  }
  for (const month of insertedMonths) {
    await admin`delete from public.price_indices where index_code = 'TR-TUFE-2003' and month = ${month}`
  }
  await admin.end()
})

describe('GET /api/portfolios/{id}/benchmark', () => {
  it('fetches BIST 100 when first picked and sets its return beside the portfolio’s', async () => {
    expect(bist100).not.toBe('')
    await fetch(`${fixtures}/__reset`, { method: 'POST' })
    const path = `/api/portfolios/${portfolio}/benchmark?instrument=${bist100}&${RANGE}`
    const body = await jsonOf<Benchmark>(await call('GET', path), 200)
    expect(await yahooRequests()).toEqual([
      expect.stringMatching(/^\/yahoo\/v8\/finance\/chart\/XU100\.IS\?/),
    ])
    expect(body).toMatchObject({ baseCurrency: 'TRY', measure: 'nominal', from: '2024-12-31' })
    expect(body.instrument.name).toBe('BIST 100')
    expect(body.portfolio.cumulative).toBeCloseTo(0.1, 12)
    expect(body.benchmark).toMatchObject({
      currency: 'TRY',
      start: { date: '2024-12-30', price: '9850' },
      end: { date: '2025-01-07', price: '10200' },
      rates: null,
      index: null,
    })
    expect(body.benchmark.cumulative).toBeCloseTo(10200 / 9850 - 1, 12)
    expect(body.difference).toBeCloseTo(0.1 - (10200 / 9850 - 1), 12)
    expect(body.benchmark.points[0]).toEqual({ date: '2024-12-31', cumulative: 9830 / 9850 - 1 })
    expect(body.benchmark.points.at(-1)?.date).toBe('2025-01-07')
    expect(body.portfolio.points.at(-1)?.cumulative).toBeCloseTo(0.1, 12)
    // It explains itself: its two closes with their days, recomputing the figure.
    const { explanation } = body.benchmark
    expect(explanation).toMatchObject({
      formula: 'benchmark.price',
      value: body.benchmark.cumulative,
      baseCurrency: 'TRY',
    })
    expect(explanation.steps.map((step) => [step.op, step.value, step.source])).toEqual([
      [
        null,
        '10200',
        { kind: 'price', instrumentId: bist100, date: '2025-01-07', origin: 'close' },
      ],
      [
        'divide',
        '9850',
        { kind: 'price', instrumentId: bist100, date: '2024-12-30', origin: 'close' },
      ],
      ['minus', 1, null],
    ])
    expect(explanation.instruments[bist100]?.code).toBe('XU100')

    // Its closes now reach the range: the next comparison asks nothing.
    await fetch(`${fixtures}/__reset`, { method: 'POST' })
    await jsonOf<Benchmark>(await call('GET', path), 200)
    expect(await yahooRequests()).toEqual([])
  })

  it('starts both on the first transaction when the range starts before it', async () => {
    const path = `/api/portfolios/${portfolio}/benchmark?instrument=${bist100}&from=2024-12-01&to=2025-01-07`
    const body = await jsonOf<Benchmark>(await call('GET', path), 200)
    expect(body.from).toBe('2024-12-30')
    expect(body.benchmark.start).toEqual({ date: '2024-12-27', price: '9800' })
    expect(body.benchmark.cumulative).toBeCloseTo(10200 / 9800 - 1, 12)
    expect(body.portfolio.cumulative).toBeCloseTo(0.1, 12)
  })

  it('converts a benchmark in euros into lira at each day’s rate', async () => {
    // The owner's own ETF in euros, priced by hand; EUR/TRY as the TCMB publishes it.
    const etf = await jsonOf<{ id: string }>(
      await call('POST', '/api/instruments', {
        code: 'MYETF',
        name: 'My euro ETF',
        type: 'ETF',
        currency: 'EUR',
      }),
      201,
    )
    await jsonOf(
      await call('PUT', `/api/instruments/${etf.id}/prices`, {
        prices: [
          { date: '2024-12-30', close: '100' },
          { date: '2025-01-07', close: '110' },
        ],
      }),
      200,
    )
    for (const [day, rate] of [
      ['2024-12-30', '36.50'],
      ['2025-01-07', '36.80'],
    ] as const) {
      const added = await admin`
        insert into public.fx_rates (source, base, quote, rate_date, rate)
        values ('TCMB', 'EUR', 'TRY', ${day}, ${rate}) on conflict do nothing returning rate_date
      `
      if (added.length > 0) insertedRates.push(day)
    }
    const path = `/api/portfolios/${portfolio}/benchmark?instrument=${etf.id}&${RANGE}`
    const body = await jsonOf<Benchmark>(await call('GET', path), 200)
    const { rates } = body.benchmark
    if (rates === null) throw new Error('No rates for a benchmark in euros')
    expect(rates.start.date <= '2024-12-30' && rates.end.date <= '2025-01-07').toBe(true)
    expect(body.benchmark.priceReturn).toBeCloseTo(0.1, 12)
    expect(body.benchmark.cumulative).toBeCloseTo(
      1.1 * (Number(rates.end.rate) / Number(rates.start.rate)) - 1,
      12,
    )
    expect(body.benchmark.explanation.formula).toBe('benchmark.converted')
    expect(body.benchmark.explanation.steps.map((step) => step.label)).toEqual([
      'benchmarkClose',
      'benchmarkClose',
      'benchmarkRate',
      'benchmarkRate',
      'start',
    ])
  })

  it('deflates both by the same TÜFE when real', async () => {
    for (const [month, value] of [
      ['2024-12-01', '2684.55'],
      ['2025-01-01', '2819.65'],
    ] as const) {
      const added = await admin`
        insert into public.price_indices (index_code, month, value)
        values ('TR-TUFE-2003', ${month}, ${value}) on conflict do nothing returning month
      `
      if (added.length > 0) insertedMonths.push(month)
    }
    const [december, january] = await admin<{ value: string }[]>`
      select value::text from public.price_indices
      where index_code = 'TR-TUFE-2003' and month in ('2024-12-01', '2025-01-01') order by month
    `
    const ratio = Number(december?.value) / Number(january?.value)
    const path = `/api/portfolios/${portfolio}/benchmark?instrument=${bist100}&${RANGE}&measure=real`
    const body = await jsonOf<Benchmark>(await call('GET', path), 200)
    expect(body.benchmark.index).toMatchObject({
      start: { month: '2024-12', value: december?.value },
      end: { month: '2025-01', value: january?.value },
    })
    expect(body.portfolio.cumulative).toBeCloseTo(1.1 * ratio - 1, 10)
    expect(body.benchmark.cumulative).toBeCloseTo((10200 / 9850) * ratio - 1, 10)
    expect(body.benchmark.explanation.formula).toBe('benchmark.real')
    expect(body.benchmark.explanation.steps.map((step) => step.label)).toEqual([
      'benchmarkClose',
      'benchmarkClose',
      'indexOf',
      'indexOf',
      'start',
    ])
  })

  it('refuses a range before the benchmark’s first close, in the caller’s language', async () => {
    // A fund of the owner's own, priced from 02.01.2025 only.
    const late = await jsonOf<{ id: string }>(
      await call('POST', '/api/instruments', {
        code: 'LATE',
        name: 'Late fund',
        type: 'FUND',
        currency: 'TRY',
      }),
      201,
    )
    await jsonOf(
      await call('PUT', `/api/instruments/${late.id}/prices`, {
        prices: [{ date: '2025-01-02', close: '1.5' }],
      }),
      200,
    )
    const path = `/api/portfolios/${portfolio}/benchmark?instrument=${late.id}&${RANGE}`
    const answer = await asBrowser({ cookie }, 'GET', path, undefined, 'de')
    const { error } = await jsonOf<{ error: { code: string; message: string } }>(answer, 422)
    expect(error.code).toBe('benchmark_no_start_price')
    expect(error.message).toContain('Late fund')
    expect(error.message).toContain('30.12.2024')
    expect(error.message).toContain('02.01.2025')
  })

  it('refuses a benchmark without prices, and bad input', async () => {
    const other = await jsonOf<{ id: string }>(
      await call('POST', '/api/instruments', {
        code: 'NOPRICE',
        name: 'No price',
        type: 'OTHER',
        currency: 'TRY',
      }),
      201,
    )
    const base = `/api/portfolios/${portfolio}/benchmark`
    const noPrices = await jsonOf<{ error: { code: string } }>(
      await call('GET', `${base}?instrument=${other.id}&${RANGE}`),
      422,
    )
    expect(noPrices.error.code).toBe('benchmark_no_prices')
    for (const query of [
      `instrument=${bist100}&from=2025-01-08&to=2025-01-07`,
      `instrument=nope&${RANGE}`,
      `instrument=${bist100}&${RANGE}&measure=USD`,
      RANGE,
    ]) {
      const answer = await jsonOf<{ error: { code: string } }>(
        await call('GET', `${base}?${query}`),
        400,
      )
      expect(answer.error.code).toBe('invalid_query')
    }
    const unknown = await jsonOf<{ error: { code: string } }>(
      await call('GET', `${base}?instrument=${crypto.randomUUID()}&${RANGE}`),
      404,
    )
    expect(unknown.error.code).toBe('instrument_not_found')
  })

  it('asks the price service within the price-refresh budget, then answers from the store', async () => {
    // The stand-in's closes end on 07.01.2025: a range to the end of February is never covered.
    const path = `/api/portfolios/${portfolio}/benchmark?instrument=${bist100}&from=2024-12-31&to=2025-02-28`
    await fetch(`${fixtures}/__reset`, { method: 'POST' })
    const calls = 2 * API_RATE_BUDGETS.priceRefresh.limit + 1
    for (let n = 0; n < calls; n++) {
      const body = await jsonOf<Benchmark>(await call('GET', path), 200)
      expect(body.benchmark.end).toEqual({ date: '2025-01-07', price: '10200' })
    }
    // Should the minute turn over on the way, the next one's budget is spent too, and no more.
    const asked = (await yahooRequests()).length
    expect(asked).toBeGreaterThan(0)
    expect(asked).toBeLessThanOrEqual(2 * API_RATE_BUDGETS.priceRefresh.limit)
  })

  it('answers another user’s portfolio and instrument as not found', async () => {
    const email = uniqueEmail('benchmark-other')
    const stranger = await createUser(email)
    const strangerCookie = await signIn(email)
    const path = `/api/portfolios/${portfolio}/benchmark?instrument=${bist100}&${RANGE}`
    const theirs = await asBrowser({ cookie: strangerCookie }, 'GET', path)
    expect((await jsonOf<{ error: { code: string } }>(theirs, 404)).error.code).toBe(
      'portfolio_not_found',
    )
    const mine = await jsonOf<{ id: string }>(
      await asBrowser({ cookie: strangerCookie }, 'POST', '/api/portfolios', {
        name: 'Mine',
        baseCurrency: 'TRY',
        costBasisMethod: 'AVERAGE',
        recordsCash: false,
      }),
      201,
    )
    const ownInstrument = `/api/portfolios/${mine.id}/benchmark?instrument=${own}&${RANGE}`
    const hidden = await asBrowser({ cookie: strangerCookie }, 'GET', ownInstrument)
    expect((await jsonOf<{ error: { code: string } }>(hidden, 404)).error.code).toBe(
      'instrument_not_found',
    )
    await admin`delete from public.portfolios where user_id = ${stranger}`
  })
})
