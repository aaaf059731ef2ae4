import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { withOwnerTransaction } from '../../worker/db/run-as-owner'
import type { QuoteStatus } from '../../shared/api/schemas'
import type { Env } from '../../worker/env'
import worker from '../../worker/index'
import { coinGeckoProvider } from '../../worker/quotes/coingecko-provider'
import {
  OWN_INSTRUMENTS_PER_USER,
  refreshQuotes,
  type QuotesRefreshOptions,
  type QuotesRefreshResult,
} from '../../worker/quotes/refresh-quotes'
import { FIXTURE_EODHD_KEY } from '../quote-fixtures/fixture-server'
import { backend, createUser, request, signIn, uniqueEmail } from './auth-backend'

// The scheduled quote refresh in workerd, against the stand-in Yahoo Finance, TEFAS, CoinGecko
// and EODHD (tests/quote-fixtures) and the local Postgres with the starter catalog, whose Xetra
// lines this installation has EODHD price. The fixtures end on Tuesday 2025-01-07; the job runs
// at 01:00 UTC the next day and fetches up to the day before.
const fixtures = inject('quoteFixturesUrl')
const database = { HYPERDRIVE: { connectionString: backend.databaseUrl } }
const jobEnv = {
  ...database,
  QUOTES_YAHOO_URL: `${fixtures}/yahoo`,
  QUOTES_TEFAS_URL: `${fixtures}/tefas`,
  QUOTES_COINGECKO_URL: `${fixtures}/coingecko`,
  QUOTES_EODHD_URL: `${fixtures}/eodhd`,
  EODHD_API_KEY: FIXTURE_EODHD_KEY,
  QUOTES_EODHD_MARKETS: 'xetra',
}
const WEDNESDAY_NIGHT = new Date('2025-01-08T01:00:00Z')

interface PriceRow {
  code: string
  owner: string | null
  date: string
  close: string
  source: string
}

let owner = ''
let cookie = ''
const own: Record<'fund' | 'pension' | 'coin', string> = { fund: '', pension: '', coin: '' }
let thyao = ''

/** Pacing and back-off on a clock that moves only by the waits, which are recorded. */
function instant(): { options: QuotesRefreshOptions; waits: number[] } {
  let clock = Date.UTC(2025, 0, 8, 1)
  const waits: number[] = []
  const sleep = async (ms: number) => {
    waits.push(ms)
    clock += ms
  }
  return { options: { http: { sleep, now: () => clock } }, waits }
}

const pricesOf = (code: string) =>
  withOwnerTransaction(
    database,
    (sql) => sql<PriceRow[]>`
      select i.code, p.owner_id as owner, p.price_date::text as date, p.close::text as close, p.source
      from public.prices p join public.instruments i on i.id = p.instrument_id
      where i.code = ${code} and (i.owner_id is null or i.owner_id = ${owner})
        -- Other suites' users keep manual prices on catalog instruments in the same database,
        -- and other suites store shared prices of their own sources there (source 'test').
        and (p.owner_id is null or p.owner_id = ${owner})
        and p.source in ('manual', 'yahoo', 'tefas', 'coingecko', 'eodhd')
      order by p.price_date, p.owner_id nulls first
    `,
  )

const statusOf = async (provider: string) => {
  const [row] = await withOwnerTransaction(
    database,
    (sql) => sql<
      {
        last_success_at: Date | null
        last_error_at: Date | null
        last_error_code: string | null
        last_error_message: string | null
      }[]
    >`select last_success_at, last_error_at, last_error_code, last_error_message
      from public.quote_provider_status where provider = ${provider}`,
  )
  return row ?? null
}

const coinGeckoOf = (results: QuotesRefreshResult[]) =>
  results.find((result) => result.provider === 'coingecko')

async function requested(): Promise<string[]> {
  return (await (await fetch(`${fixtures}/__requests`)).json()) as string[]
}

async function reset(): Promise<void> {
  await fetch(`${fixtures}/__reset`, { method: 'POST' })
}

const deletePrices = (code: string, from: string) =>
  withOwnerTransaction(
    database,
    (sql) => sql`
      delete from public.prices p using public.instruments i
      where i.id = p.instrument_id and i.code = ${code} and p.price_date >= ${from}::date
        and p.source <> 'manual' and (i.owner_id is null or i.owner_id = ${owner})
    `,
  )

beforeAll(async () => {
  const email = uniqueEmail('quotes')
  owner = await createUser(email)
  cookie = await signIn(email)
  await withOwnerTransaction(database, async (sql) => {
    await sql`delete from public.prices where source in ('yahoo', 'tefas', 'coingecko', 'eodhd')`
    await sql`delete from public.quote_provider_status`
    await sql`delete from public.quote_attempts`
    const rows = await sql<{ id: string; code: string }[]>`
      insert into public.instruments
        (owner_id, code, name, type, currency, price_provider, price_symbol)
      values
        (${owner}, 'TTEFON', 'İş Portföy Teknoloji', 'FUND', 'TRY', 'tefas', 'TTE'),
        (${owner}, 'BESALTIN', 'Anadolu Hayat Altın', 'FUND', 'TRY', 'tefas', 'AEA'),
        (${owner}, 'MYBTC', 'My bitcoin', 'CRYPTO', 'USD', 'coingecko', 'bitcoin')
      returning id, code
    `
    const id = (code: string) => rows.find((row) => row.code === code)?.id ?? ''
    own.fund = id('TTEFON')
    own.pension = id('BESALTIN')
    own.coin = id('MYBTC')
    const [catalog] = await sql<{ id: string }[]>`
      select id from public.instruments where owner_id is null and code = 'THYAO'
    `
    thyao = catalog?.id ?? ''
    // The catalog's instruments the job prices are those someone holds.
    const [held] = await sql<{ id: string }[]>`
      insert into public.portfolios (user_id, name, base_currency, cost_basis_method, records_cash)
      values (${owner}, 'Held', 'USD', 'FIFO', false) returning id
    `
    await sql`
      insert into public.transactions
        (portfolio_id, user_id, type, trade_date, currency, fx_rate, quantity, unit_price, instrument_id)
      select ${held?.id ?? ''}::uuid, ${owner}::uuid, 'BUY', '2024-06-03', i.currency, 1, 1, 1, i.id
      from public.instruments i
      where i.owner_id is null and i.code in ('THYAO', 'AAPL', 'SAP', 'VWCE', 'BTC', 'ETH', 'SOL')
    `
    // The user's own prices by hand: on their fund, and on a catalog share.
    await sql`
      insert into public.prices (instrument_id, owner_id, price_date, close, source) values
        (${own.fund}, ${owner}, '2025-01-03', '0.9', 'manual'),
        (${thyao}, ${owner}, '2025-01-07', '300', 'manual')
    `
  })
  await reset()
})

afterAll(async () => {
  await withOwnerTransaction(database, async (sql) => {
    await sql`delete from public.portfolios where user_id = ${owner}`
    await sql`delete from public.prices where source in ('yahoo', 'tefas', 'coingecko', 'eodhd')`
    await sql`delete from public.prices where owner_id = ${owner}`
    await sql`delete from public.instruments where owner_id = ${owner}`
    await sql`delete from public.quote_provider_status`
    await sql`delete from public.quote_attempts`
  })
})

describe('the scheduled quote refresh', () => {
  it('runs on its cron, goes on from the newest close, and leaves a manual price alone', async () => {
    // A run before this one stored closes up to these days.
    await withOwnerTransaction(
      database,
      (sql) => sql`
        insert into public.prices (instrument_id, owner_id, price_date, close, source)
        select own.id, ${owner}::uuid, own.day::date, own.close::numeric, own.source
        from (values (${own.fund}::uuid, '2025-01-02', '0.779012', 'tefas'),
          (${own.pension}::uuid, '2025-01-06', '0.053102', 'tefas'),
          (${own.coin}::uuid, '2025-01-07', '96922.7049301712', 'coingecko'))
          as own (id, day, close, source)
        union all
        select i.id, null, '2025-01-07', 1, i.price_provider
        from public.instruments i
        where i.owner_id is null and i.price_provider in ('coingecko', 'yahoo')
      `,
    )
    const ctx = createExecutionContext()
    const controller = createScheduledController({
      scheduledTime: WEDNESDAY_NIGHT,
      cron: '0 1 * * *',
    })
    // No EODHD key: that provider is off.
    const { EODHD_API_KEY: _, ...withoutKey } = jobEnv
    worker.scheduled(controller, { ...env, ...withoutKey } as Env, ctx)
    await waitOnExecutionContext(ctx)

    expect(await pricesOf('TTEFON')).toEqual([
      { code: 'TTEFON', owner, date: '2025-01-02', close: '0.779012', source: 'tefas' },
      { code: 'TTEFON', owner, date: '2025-01-03', close: '0.9', source: 'manual' },
      { code: 'TTEFON', owner, date: '2025-01-06', close: '0.801977', source: 'tefas' },
      { code: 'TTEFON', owner, date: '2025-01-07', close: '0.812882', source: 'tefas' },
    ])
    // A pension fund: not among the investment funds (an empty list), found as EMK.
    expect((await pricesOf('BESALTIN')).at(-1)).toEqual({
      code: 'BESALTIN',
      owner,
      date: '2025-01-07',
      close: '0.053254',
      source: 'tefas',
    })
    expect(await requested()).toEqual([
      // Both funds need a few days: every fund's list, investment funds, then pension funds.
      '/tefas/api/funds/fonGnlBlgSiraliGetir YAT * 20250103-20250107',
      '/tefas/api/funds/fonGnlBlgSiraliGetir EMK * 20250103-20250107',
    ])
    expect((await statusOf('tefas'))?.last_success_at).toBeInstanceOf(Date)
    // Nothing was missing for Yahoo Finance and CoinGecko, and EODHD is off: no run, no status.
    expect(await statusOf('yahoo')).toBeNull()
    expect(await statusOf('coingecko')).toBeNull()
    expect(await statusOf('eodhd')).toBeNull()
    // TEFAS is asked 11 s apart, in real time here.
  }, 40_000)

  it('fills a year back from each provider: catalog prices shared, own ones with their owner', async () => {
    await reset()
    // The user's fund lost its TEFAS prices: its whole year is asked, as its own history.
    await withOwnerTransaction(
      database,
      (sql) => sql`
        delete from public.prices where source in ('coingecko', 'yahoo')
          or (source = 'tefas' and instrument_id = ${own.fund})
      `,
    )
    const { options } = instant()
    const results = await refreshQuotes(jobEnv, WEDNESDAY_NIGHT, options)
    expect(results.map(({ provider, error }) => ({ provider, error }))).toEqual([
      { provider: 'yahoo', error: undefined },
      { provider: 'tefas', error: undefined },
      { provider: 'coingecko', error: undefined },
      { provider: 'eodhd', error: undefined },
    ])

    const bitcoin = await pricesOf('BTC')
    expect(bitcoin.map((row) => row.date)).toEqual([
      '2024-12-30',
      '2024-12-31',
      '2025-01-01',
      '2025-01-02',
      '2025-01-03',
      '2025-01-04',
      '2025-01-05',
      '2025-01-06',
      '2025-01-07',
    ])
    expect(bitcoin.at(-1)).toEqual({
      code: 'BTC',
      owner: null,
      date: '2025-01-07',
      close: '96922.7049301712',
      source: 'coingecko',
    })
    // The user's own coin of the same id was fed by the same request, under their id.
    const mine = await pricesOf('MYBTC')
    expect(mine).toHaveLength(9)
    expect(mine.every((row) => row.owner === owner && row.source === 'coingecko')).toBe(true)
    expect((await pricesOf('ETH')).at(-1)?.close).toBe('3382.0153870426')

    // Borsa Istanbul from Yahoo Finance, without a key; Xetra from EODHD, as this installation asks.
    expect(await pricesOf('THYAO')).toEqual([
      { code: 'THYAO', owner: null, date: '2024-12-27', close: '283.25', source: 'yahoo' },
      { code: 'THYAO', owner: null, date: '2024-12-30', close: '281', source: 'yahoo' },
      { code: 'THYAO', owner: null, date: '2024-12-31', close: '280.75', source: 'yahoo' },
      { code: 'THYAO', owner: null, date: '2025-01-02', close: '289.75', source: 'yahoo' },
      { code: 'THYAO', owner: null, date: '2025-01-03', close: '295.5', source: 'yahoo' },
      { code: 'THYAO', owner: null, date: '2025-01-06', close: '292.25', source: 'yahoo' },
      { code: 'THYAO', owner: null, date: '2025-01-07', close: '291.5', source: 'yahoo' },
      { code: 'THYAO', owner, date: '2025-01-07', close: '300', source: 'manual' },
    ])
    expect((await pricesOf('AAPL')).at(-1)).toMatchObject({ close: '242.21', source: 'yahoo' })
    expect((await pricesOf('SAP')).every((row) => row.source === 'eodhd')).toBe(true)
    expect((await pricesOf('SAP')).map((row) => row.close)).toEqual([
      '236.3',
      '239.35',
      '240.55',
      '245.9',
      '248.15',
    ])

    expect(await pricesOf('TTEFON')).toEqual([
      { code: 'TTEFON', owner, date: '2024-12-31', close: '0.781245', source: 'tefas' },
      { code: 'TTEFON', owner, date: '2025-01-02', close: '0.779012', source: 'tefas' },
      { code: 'TTEFON', owner, date: '2025-01-03', close: '0.9', source: 'manual' },
      { code: 'TTEFON', owner, date: '2025-01-06', close: '0.801977', source: 'tefas' },
      { code: 'TTEFON', owner, date: '2025-01-07', close: '0.812882', source: 'tefas' },
    ])

    const asked = await requested()
    expect(asked).toContain('/tefas/api/funds/fonFiyatBilgiGetir TTE periyod=12')
    expect(asked).toContain(
      '/coingecko/coins/bitcoin/market_chart?vs_currency=usd&days=365&interval=daily',
    )
    // Up to a day after the last (bars are stamped when their session opened). Where the range
    // starts depends on closes other suites store for THYAO in the same database meanwhile.
    expect(asked).toContainEqual(
      expect.stringMatching(
        /^\/yahoo\/v8\/finance\/chart\/THYAO\.IS\?period1=\d+&period2=1736294400&interval=1d$/,
      ),
    )
    expect(asked).toContain(
      '/eodhd/eod/SAP.XETRA?fmt=json&period=d&order=a&from=2024-01-09&to=2025-01-07',
    )
    expect(asked.some((path) => path.startsWith('/yahoo/v8/finance/chart/SAP'))).toBe(false)
    // The catalog's lines nobody holds are not asked for. No suite sharing this database holds
    // SASA (the import samples hold ASELS and others).
    expect(asked.some((path) => path.includes('/chart/SASA.IS'))).toBe(false)
    // One request for both instruments priced by bitcoin; a coin CoinGecko lacks answers 404.
    expect(asked.filter((path) => path.includes('/coins/bitcoin/'))).toHaveLength(1)
    expect(asked).toContain(
      '/coingecko/coins/solana/market_chart?vs_currency=usd&days=365&interval=daily',
    )
    for (const provider of ['yahoo', 'coingecko', 'eodhd']) {
      const status = await statusOf(provider)
      expect(status?.last_success_at).toBeInstanceOf(Date)
      expect(status?.last_error_at).toBeNull()
    }
  })

  it('is idempotent: a second run changes nothing', async () => {
    const { options } = instant()
    const results = await refreshQuotes(jobEnv, WEDNESDAY_NIGHT, options)
    expect(results.map(({ changed, error }) => ({ changed, error }))).toEqual([
      { changed: 0, error: undefined },
      { changed: 0, error: undefined },
      { changed: 0, error: undefined },
      { changed: 0, error: undefined },
    ])
  })

  it('keeps every good price when a provider is down, records its error, and runs the others', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await reset()
    const before = await statusOf('eodhd')
    const sapBefore = await pricesOf('SAP')
    await deletePrices('TTEFON', '2025-01-07')
    const { options, waits } = instant()
    const results = await refreshQuotes(
      { ...jobEnv, QUOTES_EODHD_URL: `${fixtures}/down/eodhd` },
      WEDNESDAY_NIGHT,
      options,
    )
    expect(results).toEqual([
      // Catalog symbols the stand-in does not know are asked again each run.
      { provider: 'yahoo', requested: expect.any(Number), changed: 0 },
      { provider: 'tefas', requested: 1, changed: 1 },
      // A coin CoinGecko does not know (solana, here) is asked again each run.
      { provider: 'coingecko', requested: 1, changed: 0 },
      {
        provider: 'eodhd',
        requested: 1,
        changed: 0,
        error: { code: 'server_error', message: expect.stringMatching(/answered 503$/) },
      },
    ])
    // Four attempts of the first symbol, backing off, then the provider's run stops.
    expect((await requested()).filter((path) => path.startsWith('/down/eodhd/'))).toHaveLength(4)
    expect(waits).toEqual(expect.arrayContaining([2_000, 4_000, 8_000]))
    expect(await pricesOf('SAP')).toEqual(sapBefore)
    expect((await pricesOf('TTEFON')).at(-1)).toMatchObject({ date: '2025-01-07', source: 'tefas' })

    const status = await statusOf('eodhd')
    expect(status).toMatchObject({ last_error_code: 'server_error' })
    expect(status?.last_error_message).not.toContain(FIXTURE_EODHD_KEY)
    expect(status?.last_error_at?.getTime()).toBeGreaterThan(
      before?.last_success_at?.getTime() ?? 0,
    )
    expect(status?.last_success_at).toEqual(before?.last_success_at)
    expect(logged).toHaveBeenCalled()
    const line = JSON.parse(String(logged.mock.calls[0]?.[0])) as Record<string, unknown>
    expect(line).toMatchObject({ level: 'error', where: 'quotes-refresh', provider: 'eodhd' })
    logged.mockRestore()
  })

  it('records a malformed answer as an error and writes nothing of it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await deletePrices('BTC', '2025-01-07')
    await deletePrices('TTEFON', '2025-01-07')
    await deletePrices('THYAO', '2025-01-07')
    const thyaoBefore = await pricesOf('THYAO')
    const bitcoinBefore = await pricesOf('BTC')
    const fundBefore = await pricesOf('TTEFON')
    const { options } = instant()
    const results = await refreshQuotes(
      {
        ...jobEnv,
        QUOTES_YAHOO_URL: `${fixtures}/malformed/yahoo`,
        QUOTES_TEFAS_URL: `${fixtures}/malformed/tefas`,
        QUOTES_COINGECKO_URL: `${fixtures}/malformed/coingecko`,
      },
      WEDNESDAY_NIGHT,
      options,
    )
    expect(results.map((result) => result.error?.code)).toEqual([
      'bad_response',
      'bad_response',
      'bad_response',
      undefined,
    ])
    expect(await pricesOf('BTC')).toEqual(bitcoinBefore)
    expect(await pricesOf('TTEFON')).toEqual(fundBefore)
    expect(await pricesOf('THYAO')).toEqual(thyaoBefore)
    expect(await statusOf('yahoo')).toMatchObject({ last_error_code: 'bad_response' })
    expect(await statusOf('tefas')).toMatchObject({ last_error_code: 'bad_response' })
    expect(await statusOf('coingecko')).toMatchObject({ last_error_code: 'bad_response' })
    vi.restoreAllMocks()
  })

  it('retries a 429 after its Retry-After; one that keeps limiting is recorded as such', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const coinGeckoOnly = (url: string) => ({
      ...jobEnv,
      QUOTES_COINGECKO_URL: url,
      EODHD_API_KEY: '',
    })

    const flaky = instant()
    const recovered = coinGeckoOf(
      await refreshQuotes(
        coinGeckoOnly(`${fixtures}/flaky/coingecko`),
        WEDNESDAY_NIGHT,
        flaky.options,
      ),
    )
    expect(recovered?.provider).toBe('coingecko')
    expect(recovered?.error).toBeUndefined()
    expect(flaky.waits).toContain(1_000)
    expect((await pricesOf('BTC')).at(-1)).toMatchObject({
      date: '2025-01-07',
      close: '96922.7049301712',
    })
    const afterFlaky = await statusOf('coingecko')
    expect(afterFlaky?.last_success_at?.getTime()).toBeGreaterThan(
      afterFlaky?.last_error_at?.getTime() ?? 0,
    )

    await deletePrices('BTC', '2025-01-07')
    const limited = instant()
    const refused = coinGeckoOf(
      await refreshQuotes(
        coinGeckoOnly(`${fixtures}/limited/coingecko`),
        WEDNESDAY_NIGHT,
        limited.options,
      ),
    )
    expect(refused).toMatchObject({
      provider: 'coingecko',
      requested: 1,
      error: { code: 'rate_limited' },
    })
    // Retry-After: 2 before each of the three retries.
    expect(limited.waits.filter((ms) => ms === 2_000)).toHaveLength(3)
    expect(await statusOf('coingecko')).toMatchObject({ last_error_code: 'rate_limited' })
    expect((await pricesOf('BTC')).at(-1)?.date).toBe('2025-01-06')
    vi.restoreAllMocks()
  })
})

describe("one user's many symbols that yield nothing", () => {
  let other = ''
  const bogus = (path: string) => /\/coins\/no-such-coin-\d+\//.exec(path)?.[0]

  beforeAll(async () => {
    other = await createUser(uniqueEmail('quotes-bogus'))
    await withOwnerTransaction(
      database,
      (sql) => sql`
        insert into public.instruments
          (owner_id, code, name, type, currency, price_provider, price_symbol)
        select ${other}, 'NOCOIN' || n, 'No coin ' || n, 'CRYPTO', 'USD', 'coingecko',
          'no-such-coin-' || n
        from generate_series(1, 30) n
      `,
    )
  })

  afterAll(async () => {
    await withOwnerTransaction(
      database,
      (sql) => sql`delete from public.instruments where owner_id = ${other}`,
    )
  })

  const coinGeckoRun = async (budgetMs?: number) => {
    await reset()
    const { options } = instant()
    const [result] = await refreshQuotes(jobEnv, WEDNESDAY_NIGHT, {
      ...options,
      providers: [coinGeckoProvider],
      budgetMs,
    })
    expect(result?.error).toBeUndefined()
    return (await requested()).flatMap((path) => bogus(path) ?? [])
  }

  it("do not keep the catalog's prices from being fetched when the budget is small", async () => {
    await deletePrices('BTC', '2025-01-07')
    // Room for two requests 6 s apart: the catalog's solana (unknown to the stand-in) and bitcoin.
    expect(await coinGeckoRun(1)).toEqual([])
    expect((await pricesOf('BTC')).at(-1)).toMatchObject({ date: '2025-01-07', owner: null })
  })

  it('are asked for at most the cap a run, the ones asked for longest ago first', async () => {
    const first = await coinGeckoRun()
    expect(first).toHaveLength(OWN_INSTRUMENTS_PER_USER)
    // The next run asks the ones left out first, then the others again, up to the cap.
    const second = await coinGeckoRun()
    expect(second).toHaveLength(OWN_INSTRUMENTS_PER_USER)
    const leftOut = 30 - OWN_INSTRUMENTS_PER_USER
    expect(new Set(second.slice(0, leftOut)).size).toBe(leftOut)
    expect(second.slice(0, leftOut).some((path) => first.includes(path))).toBe(false)
    expect(second.slice(leftOut)).toEqual(first.slice(0, OWN_INSTRUMENTS_PER_USER - leftOut))
  })
})

describe('GET /api/instruments/{id}/quote-status', () => {
  const statusAs = async (id: string) => {
    const response = await request(`/api/instruments/${id}/quote-status`, {
      headers: { Cookie: cookie, 'Accept-Language': 'en' },
    })
    expect(response.status).toBe(200)
    return (await response.json()) as QuoteStatus
  }

  it("answers the instrument's provider with that provider's last success and error", async () => {
    expect(await statusAs(own.fund)).toEqual({
      provider: 'tefas',
      symbol: 'TTE',
      enabled: true,
      lastSuccessAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastError: { at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), code: 'bad_response' },
      latestClose: { date: expect.stringMatching(/^2025-01-0\d$/) },
    })
  })

  it('answers the day of the newest close a provider wrote, a manual price not counted', async () => {
    const [coin] = await withOwnerTransaction(
      database,
      (sql) => sql<{ id: string }[]>`
        insert into public.instruments
          (owner_id, code, name, type, currency, price_provider, price_symbol)
        values (${owner}, 'MYETH', 'My ether', 'CRYPTO', 'USD', 'coingecko', 'ethereum')
        returning id
      `,
    )
    const id = coin?.id ?? ''
    // Before the first close: the screen says prices will arrive.
    expect(await statusAs(id)).toMatchObject({ provider: 'coingecko', latestClose: null })
    await withOwnerTransaction(
      database,
      (sql) => sql`
        insert into public.prices (instrument_id, owner_id, price_date, close, source) values
          (${id}, ${owner}, '2025-01-04', '3200', 'coingecko'),
          (${id}, ${owner}, '2025-01-05', '3300', 'coingecko'),
          (${id}, ${owner}, '2025-01-06', '3400', 'manual')
      `,
    )
    expect((await statusAs(id)).latestClose).toEqual({ date: '2025-01-05' })
  })

  it("keeps the error's message, which names other users' symbols, to operators", async () => {
    // The status is shared: its message may name any user's own instrument's symbol.
    await withOwnerTransaction(
      database,
      (sql) => sql`
        update public.quote_provider_status
        set last_error_message = 'TEFAS answer: SECRETFUND: FIYAT x is not a price'
        where provider = 'tefas'
      `,
    )
    const response = await request(`/api/instruments/${own.fund}/quote-status`, {
      headers: { Cookie: cookie, 'Accept-Language': 'en' },
    })
    const text = await response.text()
    expect(text).not.toContain('SECRETFUND')
    expect(text).not.toContain('TEFAS answer')
    expect(Object.keys((JSON.parse(text) as { lastError: object }).lastError)).toEqual([
      'at',
      'code',
    ])
  })

  it('names the source this installation fetches from: Yahoo Finance, or EODHD where chosen', async () => {
    expect(await statusAs(thyao)).toMatchObject({
      provider: 'yahoo',
      symbol: 'THYAO.IS',
      enabled: true,
    })
    // The worker under test has no EODHD key: Xetra stays with Yahoo Finance.
    const [sap] = await withOwnerTransaction(
      database,
      (sql) => sql<{ id: string }[]>`
        select id from public.instruments where owner_id is null and code = 'SAP'
      `,
    )
    expect(await statusAs(sap?.id ?? '')).toMatchObject({
      provider: 'yahoo',
      symbol: 'SAP.DE',
      enabled: true,
    })
  })

  it('says EODHD does not run here without its key (prices entered by hand)', async () => {
    const [own] = await withOwnerTransaction(
      database,
      (sql) => sql<{ id: string }[]>`
        insert into public.instruments
          (owner_id, code, name, type, currency, price_provider, price_symbol)
        values (${owner}, 'MYSAP', 'My SAP', 'STOCK', 'EUR', 'eodhd', 'SAP.XETRA')
        returning id
      `,
    )
    expect(await statusAs(own?.id ?? '')).toMatchObject({
      provider: 'eodhd',
      symbol: 'SAP.XETRA',
      enabled: false,
    })
  })

  it('answers 404 for an instrument the caller cannot see', async () => {
    const response = await request(
      `/api/instruments/00000000-0000-4000-8000-000000000000/quote-status`,
      {
        headers: { Cookie: cookie, 'Accept-Language': 'en' },
      },
    )
    expect(response.status).toBe(404)
  })
})
