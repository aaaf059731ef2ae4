import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import type { PriceRefresh } from '../../shared/api/schemas'
import { API_RATE_BUDGETS } from '../../worker/api/api-rate-limit'
import { asBrowserWithEnv, backend, createUser, jsonOf, signIn, uniqueEmail } from './auth-backend'

// Prices at once (issue #27, point 4): adding an instrument or a transaction fetches the closes
// it is missing back to its day, and "refresh prices now" asks again, within a budget. Against
// the stand-in Yahoo Finance of tests/quote-fixtures (closes from 27.12.2024 to 07.01.2025), on
// the caller's own instrument, whose prices only they see.

// Its own request log at the stand-in: other test files reset theirs meanwhile.
const fixtures = `${inject('quoteFixturesUrl')}/~price-fill`
const market = { QUOTES_YAHOO_URL: `${fixtures}/yahoo` }
const admin = postgres(backend.databaseUrl, { max: 1, fetch_types: false, onnotice: () => {} })

let cookie = ''
let owner = ''
let portfolio = ''
let apple = ''

/** An API call as the browser makes it, the price services those of the stand-in. */
const call = (method: string, path: string, body?: unknown, env: object = market) =>
  asBrowserWithEnv(env as Record<string, unknown>, { cookie }, method, path, body)

const requested = async () =>
  ((await (await fetch(`${fixtures}/__requests`)).json()) as string[]).filter((path) =>
    path.startsWith('/yahoo/'),
  )

const pricesOf = (instrumentId: string) =>
  admin<{ date: string; close: string; source: string }[]>`
    select price_date::text as date, close::text as close, source from public.prices
    where instrument_id = ${instrumentId} order by price_date
  `

beforeAll(async () => {
  const email = uniqueEmail('price-fill')
  owner = await createUser(email)
  cookie = await signIn(email)
  const created = await jsonOf<{ id: string }>(
    await call('POST', '/api/portfolios', {
      name: 'Fill',
      baseCurrency: 'USD',
      costBasisMethod: 'FIFO',
      recordsCash: false,
    }),
    201,
  )
  portfolio = created.id
})

afterAll(async () => {
  await admin`delete from public.portfolios where user_id = ${owner}`
  await admin`delete from public.instruments where owner_id = ${owner}`
  await admin.end()
})

describe('prices at once', () => {
  it('fetches a new instrument’s last year when it names a price source', async () => {
    await fetch(`${fixtures}/__reset`, { method: 'POST' })
    const instrument = await jsonOf<{ id: string }>(
      await call('POST', '/api/instruments', {
        code: 'MYAPPLE',
        name: 'My Apple',
        type: 'STOCK',
        currency: 'USD',
        priceProvider: 'yahoo',
        priceSymbol: 'AAPL',
      }),
      201,
    )
    apple = instrument.id
    const [asked] = await requested()
    const period1 = Number(/period1=(\d+)/.exec(asked ?? '')?.[1])
    const aYearAgo = Date.now() / 1000 - 366 * 86_400
    expect(asked).toMatch(/^\/yahoo\/v8\/finance\/chart\/AAPL\?/)
    expect(Math.abs(period1 - aYearAgo)).toBeLessThan(2 * 86_400)
  })

  it('fetches the closes back to a transaction’s day before answering', async () => {
    await jsonOf(
      await call('POST', `/api/portfolios/${portfolio}/transactions`, {
        idempotencyKey: crypto.randomUUID(),
        transaction: {
          type: 'BUY',
          tradeDate: '2024-12-30',
          instrumentId: apple,
          quantity: '2',
          unitPrice: '252',
        },
      }),
      201,
    )
    expect(await pricesOf(apple)).toEqual([
      { date: '2024-12-30', close: '252.2', source: 'yahoo' },
      { date: '2024-12-31', close: '250.42', source: 'yahoo' },
      { date: '2025-01-02', close: '243.85', source: 'yahoo' },
      { date: '2025-01-03', close: '243.36', source: 'yahoo' },
      { date: '2025-01-06', close: '245', source: 'yahoo' },
      { date: '2025-01-07', close: '242.21', source: 'yahoo' },
    ])
    // A later transaction asks from its own day (the stand-in's closes end long before today).
    await fetch(`${fixtures}/__reset`, { method: 'POST' })
    await jsonOf(
      await call('POST', `/api/portfolios/${portfolio}/transactions`, {
        idempotencyKey: crypto.randomUUID(),
        transaction: {
          type: 'BUY',
          tradeDate: '2025-01-03',
          instrumentId: apple,
          quantity: '1',
          unitPrice: '243',
        },
      }),
      201,
    )
    // A day before 03.01.2025: 02.01.2025 00:00 UTC.
    expect(await requested()).toEqual([
      expect.stringMatching(/^\/yahoo\/v8\/finance\/chart\/AAPL\?period1=1735776000&period2=\d+/),
    ])
  })

  it('answers the write even when the price service is down, and stores nothing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const down = { QUOTES_YAHOO_URL: `${fixtures}/down/yahoo` }
    const response = await call(
      'POST',
      `/api/portfolios/${portfolio}/transactions`,
      {
        idempotencyKey: crypto.randomUUID(),
        transaction: {
          type: 'BUY',
          tradeDate: '2024-12-27',
          instrumentId: apple,
          quantity: '1',
          unitPrice: '255',
        },
      },
      down,
    )
    expect(response.status).toBe(201)
    expect((await pricesOf(apple))[0]?.date).toBe('2024-12-30')
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('"where":"quotes-fill"'))
    logged.mockRestore()
  })

  it('refreshes now on request: back to the first transaction, with what came of it', async () => {
    await admin`delete from public.prices where instrument_id = ${apple} and price_date >= '2025-01-06'`
    const refreshed = await jsonOf<PriceRefresh>(
      await call('POST', `/api/instruments/${apple}/prices/refresh`),
      200,
    )
    // From 27.12.2024, the day of the first transaction.
    expect(refreshed).toMatchObject({
      changed: 3,
      error: null,
      status: { provider: 'yahoo', symbol: 'AAPL', latestClose: { date: '2025-01-07' } },
    })
    expect((await pricesOf(apple))[0]).toEqual({
      date: '2024-12-27',
      close: '255.59',
      source: 'yahoo',
    })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const down = await jsonOf<PriceRefresh>(
      await call('POST', `/api/instruments/${apple}/prices/refresh`, undefined, {
        QUOTES_YAHOO_URL: `${fixtures}/down/yahoo`,
      }),
      200,
    )
    expect(down).toMatchObject({ changed: 0, error: 'server_error' })
    logged.mockRestore()
  })

  it('refuses an instrument without a price source, and one the caller cannot see', async () => {
    const own = await jsonOf<{ id: string }>(
      await call('POST', '/api/instruments', {
        code: 'BYHAND',
        name: 'By hand',
        type: 'OTHER',
        currency: 'USD',
      }),
      201,
    )
    const refused = await jsonOf<{ error: { code: string; message: string } }>(
      await call('POST', `/api/instruments/${own.id}/prices/refresh`),
      409,
    )
    expect(refused.error).toEqual({
      code: 'price_source_missing',
      message: 'This instrument has no price source: its prices are entered by hand.',
    })
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect((await call('POST', `/api/instruments/${unknown}/prices/refresh`)).status).toBe(404)
  })

  it(`allows ${API_RATE_BUDGETS.priceRefresh.limit} refreshes a minute, then 429`, async () => {
    const statuses: number[] = []
    // Twice the budget and one: should the minute turn over on the way, the next one fills too.
    for (let n = 0; n <= 2 * API_RATE_BUDGETS.priceRefresh.limit; n++) {
      statuses.push((await call('POST', `/api/instruments/${apple}/prices/refresh`)).status)
    }
    // Three went into the tests above.
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0)
    const last = await call('POST', `/api/instruments/${apple}/prices/refresh`)
    expect(last.status).toBe(429)
    expect(last.headers.get('Retry-After')).toBe('60')
  })
})
