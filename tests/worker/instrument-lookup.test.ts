import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Instrument, LookupList } from '../../shared/api/schemas'
import { API_RATE_BUDGETS } from '../../worker/api/api-rate-limit'
import { asBrowserWithEnv, backend, createUser, jsonOf, signIn, uniqueEmail } from './auth-backend'

// Anything else by search at the source (issue #27, point 3): what the catalog lacks is looked up
// at Yahoo Finance and CoinGecko and added to the shared catalog from their answers. Against the
// recorded searches of tests/quote-fixtures (yahoo-search/, coingecko-search/).

// Its own request log at the stand-in: other test files reset theirs meanwhile.
const fixtures = `${inject('quoteFixturesUrl')}/~instrument-lookup`
const admin = postgres(backend.databaseUrl, { max: 1, fetch_types: false, onnotice: () => {} })

/** The services at the stand-in; `mode` (`down`) before them for services that fail. */
const services = (mode = '') => ({
  QUOTES_YAHOO_URL: `${fixtures}${mode}/yahoo`,
  QUOTES_YAHOO_SEARCH_URL: `${fixtures}${mode}/yahoo`,
  QUOTES_COINGECKO_URL: `${fixtures}${mode}/coingecko`,
})

let cookie = ''
const added: string[] = []

/** An API call as the browser makes it, the price services those of the stand-in. */
const call = (method: string, path: string, body?: unknown, env: object = services()) =>
  asBrowserWithEnv(env as Record<string, unknown>, { cookie }, method, path, body)

const errorOf = async (response: Response, status: number) =>
  (await jsonOf<{ error: { code: string; message: string } }>(response, status)).error

const catalogId = async (code: string, exchange: string | null) => {
  const [row] = await admin<{ id: string }[]>`
    select id from public.instruments
    where owner_id is null and code = ${code} and exchange is not distinct from ${exchange}
  `
  return row?.id
}

beforeAll(async () => {
  const email = uniqueEmail('lookup')
  await createUser(email)
  cookie = await signIn(email)
})

afterAll(async () => {
  // The lines this suite added to the shared catalog, and their prices.
  const ids = `{${added.join(',')}}`
  await admin`delete from public.prices where instrument_id = any(${ids}::uuid[])`
  await admin`delete from public.instruments where id = any(${ids}::uuid[])`
  await admin.end()
})

describe('looking an instrument up', () => {
  it('lists what the services know, a London line in the currency its chart gives', async () => {
    const list = await jsonOf<LookupList>(
      await call('GET', '/api/instruments/lookup?q=IE00BK5BQT80'),
      200,
    )
    expect(list).toEqual({
      candidates: [
        {
          provider: 'yahoo',
          symbol: 'VWCE.DE',
          code: 'VWCE',
          name: 'Vanguard FTSE All-World UCITS ETF USD Accumulation',
          type: 'ETF',
          currency: 'EUR',
          exchange: 'XETRA',
          isin: 'IE00BK5BQT80',
        },
        expect.objectContaining({ symbol: 'VWRA.L', currency: 'USD', exchange: 'LONDON' }),
      ],
      unavailable: [],
    })
  })

  it('finds an instrument the catalog holds instead of adding it again', async () => {
    const vwce = await jsonOf<Instrument>(
      await call('POST', '/api/instruments/lookup', { provider: 'yahoo', symbol: 'VWCE.DE' }),
      200,
    )
    expect(vwce.id).toBe(await catalogId('VWCE', 'XETRA'))
    const bitcoin = await jsonOf<Instrument>(
      await call('POST', '/api/instruments/lookup', { provider: 'coingecko', symbol: 'bitcoin' }),
      200,
    )
    expect(bitcoin.id).toBe(await catalogId('BTC', null))
  })

  it('adds a line once, from the service’s answer, and fetches its prices', async () => {
    await fetch(`${fixtures}/__reset`, { method: 'POST' })
    const wanted = { provider: 'yahoo', symbol: 'vwra.l', isin: 'IE00BK5BQT80' }
    const created = await jsonOf<Instrument>(
      await call('POST', '/api/instruments/lookup', wanted),
      201,
    )
    added.push(created.id)
    expect(created).toMatchObject({
      code: 'VWRA',
      name: 'Vanguard FTSE All-World UCITS ETF USD Accumulation',
      type: 'ETF',
      currency: 'USD',
      exchange: 'LONDON',
      isin: 'IE00BK5BQT80',
      own: false,
      priceProvider: 'yahoo',
      priceSymbol: 'VWRA.L',
    })
    const [row] = await admin<{ owner_id: string | null }[]>`
      select owner_id from public.instruments where id = ${created.id}
    `
    expect(row?.owner_id).toBeNull()
    const requests = (await (await fetch(`${fixtures}/__requests`)).json()) as string[]
    expect(requests).toContain('/yahoo/v1/finance/search?q=IE00BK5BQT80&quotesCount=10&newsCount=0')
    expect(
      requests.some((path) => /^\/yahoo\/v8\/finance\/chart\/VWRA\.L\?period1=/.test(path)),
    ).toBe(true)
    const again = await jsonOf<Instrument>(
      await call('POST', '/api/instruments/lookup', wanted),
      200,
    )
    expect(again.id).toBe(created.id)
  })

  it('refuses a symbol the service does not list, and input that is not one', async () => {
    const unknown = { provider: 'yahoo', symbol: 'NOPE.DE' }
    expect(await errorOf(await call('POST', '/api/instruments/lookup', unknown), 404)).toEqual({
      code: 'lookup_not_found',
      message: 'The price service does not list NOPE.DE.',
    })
    const malformed = { provider: 'yahoo', symbol: 'not a symbol' }
    expect(
      (await errorOf(await call('POST', '/api/instruments/lookup', malformed), 422)).code,
    ).toBe('validation_failed')
    expect((await errorOf(await call('GET', '/api/instruments/lookup'), 400)).code).toBe(
      'invalid_query',
    )
  })

  it('says plainly when the services cannot be asked', async () => {
    const down = services('/down')
    const listed = await errorOf(
      await call('GET', '/api/instruments/lookup?q=vwce', undefined, down),
      502,
    )
    expect(listed).toEqual({
      code: 'lookup_unavailable',
      message: 'The price services cannot be reached right now. Please try again in a few minutes.',
    })
    const wanted = { provider: 'yahoo', symbol: 'VWCE.MI' }
    expect(
      (await errorOf(await call('POST', '/api/instruments/lookup', wanted, down), 502)).code,
    ).toBe('lookup_unavailable')
    expect(await catalogId('VWCE', 'MILAN')).toBeUndefined()
  })

  it(`allows ${API_RATE_BUDGETS.lookup.limit} lookups a minute, then 429`, async () => {
    let last: Response | null = null
    for (let n = 0; n <= API_RATE_BUDGETS.lookup.limit; n++) {
      last = await call('GET', '/api/instruments/lookup?q=thyao')
      if (last.status === 429) break
    }
    expect(last?.status).toBe(429)
    expect(last?.headers.get('Retry-After')).toBe('60')
    expect(
      (await call('POST', '/api/instruments/lookup', { provider: 'yahoo', symbol: 'THYAO.IS' }))
        .status,
    ).toBe(429)
  })
})
