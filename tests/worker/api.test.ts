import { Hono } from 'hono'
import { env } from 'cloudflare:test'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { readApiSnapshot } from '../../worker/api'
import { claimsOf, session } from '../../worker/auth/session'
import { withUserTransaction } from '../../worker/db/run-as-user'
import type { AppEnv } from '../../worker/env'
import { dayInZone } from '../../shared/time/day-in-zone'
import {
  asBrowser,
  backend,
  createUser,
  ORIGIN,
  request,
  requestWithEnv,
  signIn,
  uniqueEmail,
} from './auth-backend'

// The JSON API end to end in workerd: the whole worker app, the real auth server and Postgres
// with the project's migrations. Two users (and a third for the transaction limit) act through
// cookies and bearer tokens; what only the service role may write is seeded as the superuser.

interface ApiErrorBody {
  error: {
    code: string
    message: string
    fields?: { path: string; code: string; message: string }[]
  }
}

interface Caller {
  id: string
  cookie: string
  token: string
}

const admin = postgres(backend.databaseUrl, { max: 1, fetch_types: false, onnotice: () => {} })

async function accessToken(email: string): Promise<string> {
  const response = await fetch(`${backend.supabaseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret-pass-1' }),
  })
  if (!response.ok) throw new Error(`token: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { access_token: string }).access_token
}

async function newCaller(tag: string): Promise<Caller> {
  const email = uniqueEmail(tag)
  const id = await createUser(email)
  return { id, cookie: await signIn(email), token: await accessToken(email) }
}

/** A call as a script makes it: a bearer token, no cookies, no Origin. */
function asScript(caller: Caller, method: string, path: string, body?: unknown) {
  return request(path, {
    method,
    headers: {
      Authorization: `Bearer ${caller.token}`,
      'Accept-Language': 'en',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
}

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text()
  expect(response.status, text).toBe(status)
  return JSON.parse(text) as T
}

async function apiError(response: Response, status: number) {
  return (await json<ApiErrorBody>(response, status)).error
}

async function catalogId(code: string): Promise<string> {
  const [row] = await admin<{ id: string }[]>`
    select id from public.instruments where owner_id is null and code = ${code}
  `
  if (!row) throw new Error(`no catalog instrument ${code}`)
  return row.id
}

function buy(instrumentId: string, tradeDate: string, quantity: string, unitPrice: string) {
  return { type: 'BUY', tradeDate, instrumentId, quantity, unitPrice }
}

let alice: Caller
let bob: Caller
let thyao: string
let aapl: string

beforeAll(async () => {
  ;[alice, bob] = await Promise.all([newCaller('api-alice'), newCaller('api-bob')])
  ;[thyao, aapl] = await Promise.all([catalogId('THYAO'), catalogId('AAPL')])
  // Reference rates (TCMB: TRY per 1 USD) and a provider's closes, as the scheduled jobs write.
  await admin`
    insert into public.fx_rates (source, base, quote, rate_date, rate) values
      ('TCMB', 'USD', 'TRY', '2024-03-01', 30.5), ('TCMB', 'USD', 'TRY', '2024-06-03', 32.25)
    on conflict do nothing
  `
  await admin`
    insert into public.prices (instrument_id, owner_id, price_date, close, source) values
      (${thyao}, null, '2024-06-03', 290, 'test'), (${thyao}, null, '2024-06-04', 295, 'test'),
      (${aapl}, null, '2024-06-03', 190, 'test')
    on conflict do nothing
  `
}, 60_000)

afterAll(async () => {
  await admin.end()
})

describe('authentication', () => {
  it('answers 401 without a session or token, localized', async () => {
    const error = await apiError(
      await request('/api/portfolios', { headers: { 'Accept-Language': 'tr-TR,tr;q=0.9' } }),
      401,
    )
    expect(error).toEqual({
      code: 'not_authenticated',
      message: 'Oturum açmadınız. Lütfen oturum açın ya da geçerli bir erişim anahtarı gönderin.',
    })
  })

  it('answers 401 for a bearer token that does not verify', async () => {
    const response = await request('/api/portfolios', {
      headers: { Authorization: `Bearer ${alice.token.slice(0, -4)}AAAA` },
    })
    expect((await apiError(response, 401)).code).toBe('not_authenticated')
  })

  it('accepts a bearer token without cookies or Origin, for reads and writes', async () => {
    await json(await asScript(bob, 'GET', '/api/portfolios'), 200)
    const created = await json<{ name: string }>(
      await asScript(bob, 'POST', '/api/portfolios', {
        name: 'Script',
        baseCurrency: 'EUR',
        costBasisMethod: 'FIFO',
        recordsCash: true,
      }),
      201,
    )
    expect(created.name).toBe('Script')
  })

  it('refuses a cookie write from another site or without Origin (403)', async () => {
    const body = JSON.stringify({
      name: 'X',
      baseCurrency: 'TRY',
      costBasisMethod: 'AVERAGE',
      recordsCash: false,
    })
    for (const origin of ['https://evil.example', undefined]) {
      const response = await request('/api/portfolios', {
        method: 'POST',
        headers: {
          Cookie: alice.cookie,
          'Content-Type': 'application/json',
          ...(origin ? { Origin: origin } : {}),
        },
        body,
      })
      expect((await apiError(response, 403)).code).toBe('cross_origin_request')
    }
  })
})

describe('portfolios and transactions', () => {
  let portfolio: string
  let firstBuy: { id: string }

  it('creates, reads, lists and renames a portfolio', async () => {
    const created = await json<{ id: string; transactionCount: number }>(
      await asBrowser(alice, 'POST', '/api/portfolios', {
        name: '  Emeklilik ',
        baseCurrency: 'TRY',
        costBasisMethod: 'AVERAGE',
        recordsCash: false,
      }),
      201,
    )
    portfolio = created.id
    expect(created).toMatchObject({ name: 'Emeklilik', baseCurrency: 'TRY', transactionCount: 0 })
    expect(await json(await asBrowser(alice, 'GET', `/api/portfolios/${portfolio}`), 200)).toEqual(
      created,
    )
    const renamed = await json<{ name: string; costBasisMethod: string }>(
      await asBrowser(alice, 'PATCH', `/api/portfolios/${portfolio}`, {
        name: 'Birikim',
        costBasisMethod: 'FIFO',
      }),
      200,
    )
    expect(renamed).toMatchObject({ name: 'Birikim', costBasisMethod: 'FIFO' })
    const list = await json<{ portfolios: { id: string }[]; limits: unknown }>(
      await asBrowser(alice, 'GET', '/api/portfolios'),
      200,
    )
    expect(list.portfolios.map((entry) => entry.id)).toEqual([portfolio])
    expect(list.limits).toEqual({ plan: 'free', portfolios: 3, transactionsPerPortfolio: 2000 })
  })

  it('refuses a fourth portfolio on the free plan with 403 and the limit', async () => {
    const create = (name: string) =>
      asBrowser(
        alice,
        'POST',
        '/api/portfolios',
        { name, baseCurrency: 'TRY', costBasisMethod: 'AVERAGE', recordsCash: false },
        'de',
      )
    const more = [
      await json<{ id: string }>(await create('Second'), 201),
      await json<{ id: string }>(await create('Third'), 201),
    ]
    const error = await apiError(await create('Fourth'), 403)
    expect(error.code).toBe('plan_limit_portfolios')
    expect(error.message).toBe(
      'Ihr Tarif erlaubt höchstens 3 Portfolios, und diese Grenze ist erreicht. Alles Vorhandene bleibt lesbar und exportierbar.',
    )
    for (const { id } of more) {
      expect((await asBrowser(alice, 'DELETE', `/api/portfolios/${id}`)).status).toBe(204)
    }
  })

  it('adds a transaction once per idempotency key', async () => {
    const body = {
      idempotencyKey: crypto.randomUUID(),
      transaction: buy(thyao, '2024-06-03', '10', '280.5'),
    }
    const first = await asBrowser(alice, 'POST', `/api/portfolios/${portfolio}/transactions`, body)
    firstBuy = await json<{ id: string }>(first, 201)
    expect(firstBuy).toMatchObject({
      type: 'BUY',
      currency: 'TRY',
      quantity: '10',
      unitPrice: '280.5',
      fee: '0',
      instrument: { id: thyao, code: 'THYAO', slug: 'turk-hava-yollari', own: false },
    })
    const again = await asBrowser(alice, 'POST', `/api/portfolios/${portfolio}/transactions`, body)
    expect(await json(again, 201)).toEqual(firstBuy)
    const { transactionCount } = await json<{ transactionCount: number }>(
      await asBrowser(alice, 'GET', `/api/portfolios/${portfolio}`),
      200,
    )
    expect(transactionCount).toBe(1)
  })

  it('refuses the same idempotency key with another body (409) and writes nothing', async () => {
    const idempotencyKey = crypto.randomUUID()
    const path = `/api/portfolios/${portfolio}/transactions`
    const first = { idempotencyKey, transaction: buy(thyao, '2024-06-03', '1', '281') }
    const created = await json<{ id: string }>(await asBrowser(alice, 'POST', path, first), 201)
    const other = { idempotencyKey, transaction: buy(thyao, '2024-06-03', '2', '281') }
    const error = await apiError(await asBrowser(alice, 'POST', path, other, 'de'), 409)
    expect(error).toEqual({
      code: 'idempotency_key_reused',
      message:
        'Dieser Idempotenzschlüssel wurde bereits für eine andere Anfrage verwendet (eine andere Buchung oder ein anderes Portfolio). Senden Sie mit einer neuen Buchung einen neuen Schlüssel.',
    })
    // The first request again is still answered with what it created.
    expect(await json(await asBrowser(alice, 'POST', path, first), 201)).toMatchObject(created)
    expect((await asBrowser(alice, 'DELETE', `${path}/${created.id}`)).status).toBe(204)
    const { transactionCount } = await json<{ transactionCount: number }>(
      await asBrowser(alice, 'GET', `/api/portfolios/${portfolio}`),
      200,
    )
    expect(transactionCount).toBe(1)
  })

  it('refuses to sell more than held (422, engine code localized) and writes nothing', async () => {
    const error = await apiError(
      await asBrowser(
        alice,
        'POST',
        `/api/portfolios/${portfolio}/transactions`,
        {
          idempotencyKey: crypto.randomUUID(),
          transaction: { ...buy(thyao, '2024-06-04', '11', '300'), type: 'SELL' },
        },
        'tr',
      ),
      422,
    )
    expect(error.code).toBe('insufficient_quantity')
    expect(error.message).toBe(
      'O tarihte portföyde bulunandan fazla adet satamaz veya aktaramazsınız.',
    )
    const page = await json<{ transactions: unknown[] }>(
      await asBrowser(alice, 'GET', `/api/portfolios/${portfolio}/transactions`),
      200,
    )
    expect(page.transactions).toHaveLength(1)
  })

  it('names each invalid field of a transaction (422)', async () => {
    const error = await apiError(
      await asBrowser(alice, 'POST', `/api/portfolios/${portfolio}/transactions`, {
        idempotencyKey: crypto.randomUUID(),
        transaction: { type: 'BUY', tradeDate: '2024-06-04', instrumentId: thyao, quantity: '1,5' },
      }),
      422,
    )
    expect(error.code).toBe('validation_failed')
    expect(error.fields).toEqual([
      { path: 'transaction.quantity', code: 'decimal', message: 'Enter a number, like 1234.56.' },
      { path: 'transaction.unitPrice', code: 'required', message: 'Required.' },
    ])
  })

  it('looks up the rate of a foreign currency on the trade date, or asks for it', async () => {
    const bought = await json<{ currency: string; fxRate: string }>(
      await asBrowser(alice, 'POST', `/api/portfolios/${portfolio}/transactions`, {
        idempotencyKey: crypto.randomUUID(),
        transaction: buy(aapl, '2024-06-04', '2', '190'),
      }),
      201,
    )
    expect(bought).toMatchObject({ currency: 'USD', fxRate: '32.25' })
    const error = await apiError(
      await asBrowser(alice, 'POST', `/api/portfolios/${portfolio}/transactions`, {
        idempotencyKey: crypto.randomUUID(),
        transaction: buy(aapl, '2020-01-02', '1', '75'),
      }),
      422,
    )
    expect(error.code).toBe('fx_rate_needed')
    expect(error.message).toBe(
      'No USD/TRY exchange rate is known for 01/02/20. Please enter the rate yourself.',
    )
    expect(error.fields?.[0]?.path).toBe('transaction.fxRate')
  })

  it('pages transactions newest first and filters by instrument', async () => {
    await json(
      await asBrowser(alice, 'POST', `/api/portfolios/${portfolio}/transactions`, {
        idempotencyKey: crypto.randomUUID(),
        transaction: {
          type: 'DIVIDEND',
          tradeDate: '2024-06-05',
          instrumentId: thyao,
          amount: '50',
          tax: '5',
        },
      }),
      201,
    )
    const first = await json<{
      transactions: { type: string; tradeDate: string }[]
      nextCursor: string
    }>(await asBrowser(alice, 'GET', `/api/portfolios/${portfolio}/transactions?limit=2`), 200)
    expect(first.transactions.map((tx) => tx.tradeDate)).toEqual(['2024-06-05', '2024-06-04'])
    const second = await json<{ transactions: { tradeDate: string }[]; nextCursor: string | null }>(
      await asBrowser(
        alice,
        'GET',
        `/api/portfolios/${portfolio}/transactions?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`,
      ),
      200,
    )
    expect(second).toMatchObject({ transactions: [{ tradeDate: '2024-06-03' }], nextCursor: null })
    const filtered = await json<{ transactions: { instrument: { code: string } }[] }>(
      await asBrowser(
        alice,
        'GET',
        `/api/portfolios/${portfolio}/transactions?instrumentId=${aapl}`,
      ),
      200,
    )
    expect(filtered.transactions.map((tx) => tx.instrument.code)).toEqual(['AAPL'])
    const bad = await apiError(
      await asBrowser(alice, 'GET', `/api/portfolios/${portfolio}/transactions?cursor=nope`),
      400,
    )
    expect(bad.code).toBe('invalid_query')
  })

  it('reports holdings with their instruments, staleness, open lots and income', async () => {
    const report = await json<{
      holdings: {
        instrument: { id: string; code: string }
        quantity: string
        price: string
        stale: boolean
      }[]
      income: { type: string; gross: unknown; tax: unknown; net: unknown }[]
      totals: { dividends: string }
      dayChange: unknown
    }>(await asBrowser(alice, 'GET', `/api/portfolios/${portfolio}/report?asOf=2024-06-05`), 200)
    // On Wednesday before its close, THYAO's last move is Tuesday's: 10 × (295 − 290). AAPL has
    // one close, and it is stale.
    expect(report.dayChange).toEqual({
      change: '50',
      return: 50 / 2900,
      date: '2024-06-04',
      earliestDate: '2024-06-04',
    })
    expect(
      report.holdings.map((holding) => [
        holding.instrument.code,
        holding.quantity,
        holding.price,
        holding.stale,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['THYAO', '10', '295', false],
        // Priced by Yahoo Finance, which runs here without a key: the 4 June close is missing.
        ['AAPL', '2', '190', true],
      ]),
    )
    // FIFO: each holding is one purchase, held 2 days (THYAO) and 1 day (AAPL, bought at 32.25).
    const lotsOf = async (code: string) => {
      const instrumentId = report.holdings.find((holding) => holding.instrument.code === code)
        ?.instrument.id
      const path = `/api/portfolios/${portfolio}/lots?asOf=2024-06-05&instrumentId=${instrumentId}`
      return (await json<{ lots: unknown[] }>(await asBrowser(alice, 'GET', path), 200)).lots
    }
    expect(await lotsOf('THYAO')).toEqual([
      {
        acquiredBy: firstBuy.id,
        acquiredDate: '2024-06-03',
        quantity: '10',
        cost: { instrument: '2805', base: '2805' },
        holdingPeriodDays: 2,
      },
    ])
    expect(await lotsOf('AAPL')).toEqual([
      {
        acquiredBy: expect.any(String),
        acquiredDate: '2024-06-04',
        quantity: '2',
        cost: { instrument: '380', base: '12255' },
        holdingPeriodDays: 1,
      },
    ])
    expect(report.income).toMatchObject([
      {
        type: 'DIVIDEND',
        gross: { instrument: '50', base: '50' },
        tax: { instrument: '5', base: '5' },
        net: { instrument: '45', base: '45' },
      },
    ])
    expect(report.totals.dividends).toBe('45')
    const later = await json<{ holdings: { stale: boolean }[] }>(
      await asBrowser(alice, 'GET', `/api/portfolios/${portfolio}/report?asOf=2024-06-20`),
      200,
    )
    expect(later.holdings.every((holding) => holding.stale)).toBe(true)
  })

  it('reports cash below zero with the transaction that took it there and its instrument', async () => {
    const carol = await newCaller('api-carol')
    const { id } = await json<{ id: string }>(
      await asScript(carol, 'POST', '/api/portfolios', {
        name: 'Cash',
        baseCurrency: 'TRY',
        costBasisMethod: 'FIFO',
        recordsCash: true,
      }),
      201,
    )
    // 1,000 deposited, 10 × 280 bought: the day closes at −1,800.
    const write = async (transaction: object) =>
      json<{ id: string }>(
        await asScript(carol, 'POST', `/api/portfolios/${id}/transactions`, {
          idempotencyKey: crypto.randomUUID(),
          transaction,
        }),
        201,
      )
    await write({ type: 'DEPOSIT', tradeDate: '2024-06-03', amount: '1000' })
    const purchase = await write(buy(thyao, '2024-06-04', '10', '280'))
    const report = await json<{ negativeCash: unknown[] }>(
      await asScript(carol, 'GET', `/api/portfolios/${id}/report?asOf=2024-06-05`),
      200,
    )
    expect(report.negativeCash).toEqual([
      {
        currency: 'TRY',
        transactionId: purchase.id,
        type: 'BUY',
        instrument: expect.objectContaining({ id: thyao, code: 'THYAO' }),
        date: '2024-06-04',
        lowest: '-1800',
        lowestDate: '2024-06-04',
      },
    ])
  })

  it('answers the daily performance of a range', async () => {
    const performance = await json<{
      from: string
      to: string
      points: { date: string; value: number }[]
    }>(await asBrowser(alice, 'GET', `/api/portfolios/${portfolio}/performance?to=2024-06-05`), 200)
    expect(performance.from).toBe('2024-06-03')
    expect(performance.points.map((point) => point.date)).toEqual([
      '2024-06-03',
      '2024-06-04',
      '2024-06-05',
    ])
    expect(performance.points[2]?.value).toBeCloseTo(10 * 295 + 2 * 190 * 32.25, 6)
  })

  it('explains a figure with the steps the engine took and what each came from', async () => {
    type Explained = {
      value: string | number | null
      steps: {
        label: string
        op: string | null
        value: string | number
        figure: string | null
        source: { kind: string; instrumentId?: string; date?: string } | null
        parts: { steps: { label: string; value: string | number }[] } | null
      }[]
      instruments: Record<string, { code: string }>
    }
    const explain = (query: string) =>
      asBrowser(alice, 'GET', `/api/portfolios/${portfolio}/explain?${query}`)
    const report = await json<{
      totals: { value: string; dividends: string }
      holdings: { instrument: { id: string; code: string }; marketValue: { base: string } }[]
    }>(await asBrowser(alice, 'GET', `/api/portfolios/${portfolio}/report?asOf=2024-06-05`), 200)
    // The value: the sum of the holdings, each units × close × rate.
    const value = await json<Explained>(
      await explain('figure=totals.securitiesValue&asOf=2024-06-05'),
      200,
    )
    expect(value.value).toBe(report.totals.value)
    expect(value.steps.map((step) => step.value)).toEqual(
      expect.arrayContaining(report.holdings.map((holding) => holding.marketValue.base)),
    )
    const apple = report.holdings.find((holding) => holding.instrument.code === 'AAPL')
    const appleValue = await json<Explained>(
      await explain(`figure=holding.${apple?.instrument.id}.marketValue&asOf=2024-06-05`),
      200,
    )
    expect(appleValue.value).toBe(apple?.marketValue.base)
    expect(appleValue.steps.map((step) => [step.op, step.label, step.value])).toEqual([
      [null, 'quantity', '2'],
      ['times', 'closingPrice', '190'],
      ['times', 'fxRate', '32.25'],
    ])
    expect(appleValue.steps[1]?.source).toEqual({
      kind: 'price',
      instrumentId: apple?.instrument.id,
      date: '2024-06-03',
      origin: 'close',
    })
    // The rate in force on the report's date (published on 3 June).
    expect(appleValue.steps[2]?.source).toMatchObject({
      kind: 'fxRate',
      date: '2024-06-05',
      origin: 'reference',
    })
    expect(appleValue.instruments[apple?.instrument.id ?? '']?.code).toBe('AAPL')
    // Dividends: the one DIVIDEND, net, naming its transaction.
    const dividends = await json<Explained>(
      await explain('figure=totals.dividends&asOf=2024-06-05'),
      200,
    )
    expect(dividends.value).toBe(report.totals.dividends)
    expect(dividends.steps).toMatchObject([
      { label: 'transaction', value: '45', source: { kind: 'transaction' } },
    ])
    // A return over a range: the money-weighted one balances dated cash flows.
    const mwr = await json<Explained & { arithmetic: string }>(
      await explain('figure=performance.mwr&to=2024-06-05'),
      200,
    )
    expect(mwr.arithmetic).toBe('xirr')
    expect(mwr.steps.at(-1)?.label).toBe('endValueReceived')
    // A figure the report does not have, an id that names none, another user's portfolio.
    expect(
      (
        await apiError(
          await explain('figure=sale.' + apple?.instrument.id + '.gain&asOf=2024-06-05'),
          404,
        )
      ).code,
    ).toBe('figure_not_found')
    expect((await apiError(await explain('figure=totals.nonsense'), 400)).code).toBe(
      'invalid_query',
    )
    const theirs = await asBrowser(
      bob,
      'GET',
      `/api/portfolios/${portfolio}/explain?figure=totals.value`,
    )
    expect((await apiError(theirs, 404)).code).toBe('portfolio_not_found')
  })

  it('replaces a transaction and refuses a deletion that leaves a sale uncovered', async () => {
    const sell = await json<{ id: string }>(
      await asBrowser(alice, 'POST', `/api/portfolios/${portfolio}/transactions`, {
        idempotencyKey: crypto.randomUUID(),
        transaction: { ...buy(thyao, '2024-06-06', '4', '300'), type: 'SELL' },
      }),
      201,
    )
    const changed = await json<{ quantity: string; note: string }>(
      await asBrowser(alice, 'PATCH', `/api/portfolios/${portfolio}/transactions/${sell.id}`, {
        ...buy(thyao, '2024-06-06', '5', '300'),
        type: 'SELL',
        note: 'half',
      }),
      200,
    )
    expect(changed).toMatchObject({ quantity: '5', note: 'half' })
    const refused = await apiError(
      await asBrowser(alice, 'DELETE', `/api/portfolios/${portfolio}/transactions/${firstBuy.id}`),
      422,
    )
    expect(refused.code).toBe('insufficient_quantity')
    expect(
      (await asBrowser(alice, 'DELETE', `/api/portfolios/${portfolio}/transactions/${sell.id}`))
        .status,
    ).toBe(204)
  })

  it("hides one user's portfolio and transactions from another (404, never 403)", async () => {
    for (const [method, path, body] of [
      ['GET', `/api/portfolios/${portfolio}`, undefined],
      ['PATCH', `/api/portfolios/${portfolio}`, { name: 'Mine now' }],
      ['DELETE', `/api/portfolios/${portfolio}`, undefined],
      ['GET', `/api/portfolios/${portfolio}/transactions`, undefined],
      ['GET', `/api/portfolios/${portfolio}/report`, undefined],
      ['GET', `/api/portfolios/${portfolio}/performance`, undefined],
      [
        'PATCH',
        `/api/portfolios/${portfolio}/transactions/${firstBuy.id}`,
        buy(thyao, '2024-06-03', '1', '1'),
      ],
      ['DELETE', `/api/portfolios/${portfolio}/transactions/${firstBuy.id}`, undefined],
      [
        'POST',
        `/api/portfolios/${portfolio}/transactions`,
        { idempotencyKey: crypto.randomUUID(), transaction: buy(thyao, '2024-06-03', '1', '1') },
      ],
    ] as const) {
      const response = await asScript(bob, method, path, body)
      expect(response.status, `${method} ${path}`).toBe(404)
    }
    const still = await json<{ name: string }>(
      await asBrowser(alice, 'GET', `/api/portfolios/${portfolio}`),
      200,
    )
    expect(still.name).toBe('Birikim')
  })

  it('reads a screen’s API snapshot exactly as the API answers, status and body, per path', async () => {
    const page = new Hono<AppEnv>()
    page.use(session())
    const paths = [
      '/api/portfolios',
      `/api/portfolios/${portfolio}/report?asOf=2024-06-05`,
      `/api/portfolios/${portfolio}/transactions?limit=2`,
      '/api/portfolios/00000000-0000-4000-8000-000000000000',
      '/api/nowhere',
    ]
    page.get('/page', async (c) => {
      const claims = claimsOf(c)
      if (!claims) return c.body(null, 401)
      return c.json(
        await withUserTransaction(c.env, claims, (sql) => readApiSnapshot(c, sql, claims, paths)),
      )
    })
    const response = await page.request(
      `${ORIGIN}/page`,
      { headers: { Cookie: alice.cookie, 'Accept-Language': 'en' } },
      {
        ...env,
        SUPABASE_URL: backend.supabaseUrl,
        SUPABASE_ANON_KEY: backend.anonKey,
        HYPERDRIVE: { connectionString: backend.databaseUrl },
      },
    )
    const snapshot = await json<Record<string, { status: number; body: unknown }>>(response, 200)
    for (const path of paths) {
      const direct = await asBrowser(alice, 'GET', path)
      expect(snapshot[path], path).toEqual({ status: direct.status, body: await direct.json() })
    }
    expect(snapshot[paths[3] as string]).toMatchObject({
      status: 404,
      body: { error: { code: 'portfolio_not_found' } },
    })
    expect(snapshot[paths[4] as string]).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found' } },
    })
  })
})

describe('bonus and rights issues', () => {
  it('records and reports both with their cost rules; refuses bad ones, localized, writing nothing', async () => {
    const portfolio = (
      await json<{ id: string }>(
        await asBrowser(alice, 'POST', '/api/portfolios', {
          name: 'Sermaye artırımları',
          baseCurrency: 'TRY',
          costBasisMethod: 'FIFO',
          recordsCash: false,
        }),
        201,
      )
    ).id
    const path = `/api/portfolios/${portfolio}/transactions`
    const post = (transaction: Record<string, string>, language = 'en') =>
      asBrowser(alice, 'POST', path, { idempotencyKey: crypto.randomUUID(), transaction }, language)
    const bought = await json<{ id: string }>(
      await post(buy(thyao, '2024-01-10', '100', '50')),
      201,
    )
    // 100 % bedelsiz: 100 more units at no cost; then 100 subscribed at 1 with a 0.5 fee.
    const bonus = { type: 'BONUS_ISSUE', tradeDate: '2024-06-03', instrumentId: thyao }
    expect(await json(await post({ ...bonus, quantity: '100' }), 201)).toMatchObject({
      type: 'BONUS_ISSUE',
      quantity: '100',
      unitPrice: null,
      currency: 'TRY',
    })
    const rights = { type: 'RIGHTS_ISSUE', tradeDate: '2024-09-02', instrumentId: thyao }
    const subscribed = await json<{ id: string }>(
      await post({ ...rights, quantity: '100', unitPrice: '1', fee: '0.5' }),
      201,
    )
    expect(subscribed).toMatchObject({ type: 'RIGHTS_ISSUE', quantity: '100', unitPrice: '1' })

    const report = await json<{
      holdings: { instrument: { code: string }; quantity: string }[]
      totals: { investedCapital: string; costBasis: string }
    }>(await asBrowser(alice, 'GET', `/api/portfolios/${portfolio}/report?asOf=2024-09-30`), 200)
    expect(report.holdings[0]?.quantity).toBe('300')
    const { lots } = await json<{ lots: unknown[] }>(
      await asBrowser(
        alice,
        'GET',
        `/api/portfolios/${portfolio}/lots?asOf=2024-09-30&instrumentId=${thyao}`,
      ),
      200,
    )
    expect(lots).toEqual([
      expect.objectContaining({
        acquiredBy: bought.id,
        acquiredDate: '2024-01-10',
        quantity: '200',
        cost: { instrument: '5000', base: '5000' },
      }),
      expect.objectContaining({
        acquiredBy: subscribed.id,
        acquiredDate: '2024-09-02',
        quantity: '100',
        cost: { instrument: '100.5', base: '100.5' },
      }),
    ])
    expect(report.totals).toMatchObject({ investedCapital: '5100.5', costBasis: '5100.5' })

    const fieldError = async (
      transaction: Record<string, string>,
      language: string,
      field: { path: string; code: string; message: string },
    ) => {
      const error = await apiError(await post(transaction, language), 422)
      expect(error.code).toBe('validation_failed')
      expect(error.fields).toEqual([field])
    }
    for (const quantity of ['0', '-5']) {
      await fieldError({ ...bonus, quantity }, 'tr', {
        path: 'transaction.quantity',
        code: 'positive',
        message: 'Sıfırdan büyük olmalı.',
      })
    }
    await fieldError({ ...bonus, quantity: '10', unitPrice: '2' }, 'de', {
      path: 'transaction.unitPrice',
      code: 'not_for_type',
      message: 'Wird bei dieser Buchungsart nicht verwendet.',
    })
    await fieldError({ ...rights, quantity: '10' }, 'tr', {
      path: 'transaction.unitPrice',
      code: 'required',
      message: 'Zorunlu alan.',
    })
    const notHeld = await apiError(
      await post({ ...bonus, instrumentId: aapl, currency: 'USD', quantity: '1' }, 'tr'),
      422,
    )
    expect(notHeld).toMatchObject({
      code: 'bonus_issue_not_held',
      message:
        'Bedelsiz sermaye artırımı için o tarihte portföyde bu menkul kıymetten pay bulunmalıdır.',
    })

    const page = await json<{ transactions: { type: string }[] }>(
      await asBrowser(alice, 'GET', path),
      200,
    )
    expect(page.transactions.map((transaction) => transaction.type)).toEqual([
      'RIGHTS_ISSUE',
      'BONUS_ISSUE',
      'BUY',
    ])
    expect((await asBrowser(alice, 'DELETE', `/api/portfolios/${portfolio}`)).status).toBe(204)
  })
})

describe('instruments and prices', () => {
  let own: { id: string; slug: string }
  let dana: Caller

  it('finds catalog instruments by code prefix, name and ISIN', async () => {
    const byCode = await json<{ instruments: { code: string }[] }>(
      await asBrowser(alice, 'GET', '/api/instruments?q=thy'),
      200,
    )
    expect(byCode.instruments[0]?.code).toBe('THYAO')
    const byName = await json<{ instruments: { code: string }[] }>(
      await asBrowser(alice, 'GET', `/api/instruments?q=${encodeURIComponent('hava yolları')}`),
      200,
    )
    expect(byName.instruments.map((instrument) => instrument.code)).toContain('THYAO')
    const byIsin = await json<{ instruments: { code: string }[] }>(
      await asBrowser(alice, 'GET', '/api/instruments?q=TRATHYAO91M5'),
      200,
    )
    expect(byIsin.instruments.map((instrument) => instrument.code)).toEqual(['THYAO'])
  })

  it('defines an instrument of the user with a transliterated slug; a second is a conflict', async () => {
    const body = { code: 'ogr1', name: 'Öğrenci Şirketi Straße', type: 'FUND', currency: 'TRY' }
    own = await json<{ id: string; slug: string }>(
      await asBrowser(alice, 'POST', '/api/instruments', body),
      201,
    )
    expect(own).toMatchObject({ code: 'OGR1', slug: 'ogrenci-sirketi-strasse', own: true })
    expect(
      (await apiError(await asBrowser(alice, 'POST', '/api/instruments', body), 409)).code,
    ).toBe('instrument_exists')
    const found = await json<{ instruments: { id: string }[] }>(
      await asBrowser(alice, 'GET', '/api/instruments?q=OGR'),
      200,
    )
    expect(found.instruments.map((instrument) => instrument.id)).toEqual([own.id])
    const hidden = await json<{ instruments: unknown[] }>(
      await asScript(bob, 'GET', '/api/instruments?q=OGR'),
      200,
    )
    expect(hidden.instruments).toEqual([])
  })

  it("answers an instrument's fund type and country, the catalog's from its ISIN", async () => {
    const found = await json<{ instruments: Record<string, unknown>[] }>(
      await asBrowser(alice, 'GET', '/api/instruments?q=VWCE'),
      200,
    )
    expect(found.instruments[0]).toMatchObject({
      code: 'VWCE',
      fundType: 'equity',
      country: 'IE',
      fundCategory: null,
    })
    expect(own).toMatchObject({ fundType: null, country: null })
  })

  it("takes a fund type and country of one's own, the ISIN's country when none is given", async () => {
    // A user of their own: the export below lists alice's instruments.
    dana = await newCaller('api-dana')
    const fund = await json<{ id: string }>(
      await asBrowser(dana, 'POST', '/api/instruments', {
        code: 'OGRFON',
        name: 'Öğrenci Fonu',
        type: 'ETF',
        currency: 'EUR',
        isin: 'lu0274208692',
        fundType: 'equity',
      }),
      201,
    )
    expect(fund).toMatchObject({ fundType: 'equity', country: 'LU', isin: 'LU0274208692' })
    const unknown = await json(
      await asBrowser(dana, 'POST', '/api/instruments', {
        code: 'OGRFON2',
        name: 'Öğrenci Fonu 2',
        type: 'FUND',
        currency: 'EUR',
        isin: 'LU0274208692',
        country: null,
      }),
      201,
    )
    expect(unknown).toMatchObject({ fundType: null, country: null })
    const changed = await json(
      await asBrowser(dana, 'PATCH', `/api/instruments/${fund.id}`, {
        fundType: 'mixed',
        country: 'ie',
      }),
      200,
    )
    expect(changed).toMatchObject({ id: fund.id, fundType: 'mixed', country: 'IE' })
    const cleared = await json(
      await asBrowser(dana, 'PATCH', `/api/instruments/${fund.id}`, { fundType: null }),
      200,
    )
    expect(cleared).toMatchObject({ fundType: null, country: 'IE' })
  })

  it('refuses a fund type on a share and a country that is none, in the caller’s language (422)', async () => {
    const share = { code: 'OGRPAY', name: 'Öğrenci Payı', type: 'STOCK', currency: 'TRY' }
    expect(
      await apiError(
        await asBrowser(dana, 'POST', '/api/instruments', { ...share, fundType: 'equity' }, 'de'),
        422,
      ),
    ).toEqual({
      code: 'validation_failed',
      message: 'Einige Felder sind ungültig. Bitte prüfen Sie sie und versuchen Sie es erneut.',
      fields: [
        {
          path: 'fundType',
          code: 'fund_type_not_fund',
          message: 'Nur Fonds und ETFs haben eine Fondsart.',
        },
      ],
    })
    expect(
      (
        await apiError(
          await asBrowser(dana, 'POST', '/api/instruments', { ...share, country: 'XX' }, 'de'),
          422,
        )
      ).fields,
    ).toEqual([
      {
        path: 'country',
        code: 'country',
        message: 'Geben Sie einen Ländercode nach ISO 3166-1 an, etwa DE.',
      },
    ])
    // Its own share, changed later: refused as well, in Turkish.
    const created = await json<{ id: string }>(
      await asBrowser(dana, 'POST', '/api/instruments', { ...share, country: 'TR' }),
      201,
    )
    const patch = (body: unknown) =>
      asBrowser(dana, 'PATCH', `/api/instruments/${created.id}`, body, 'tr')
    expect((await apiError(await patch({ fundType: 'equity' }), 422)).fields).toEqual([
      {
        path: 'fundType',
        code: 'fund_type_not_fund',
        message: 'Fon türü yalnızca fonlarda ve BYF’lerde olur.',
      },
    ])
    expect((await apiError(await patch({ country: 'EU' }), 422)).fields).toEqual([
      { path: 'country', code: 'country', message: 'ISO 3166-1 ülke kodu girin, örneğin TR.' },
    ])
    expect((await apiError(await patch({}), 422)).fields?.[0]).toMatchObject({ code: 'empty' })
    expect((await apiError(await patch({ name: 'Yeni ad' }), 422)).fields?.[0]).toMatchObject({
      code: 'unknown_field',
    })
    const [row] = await admin<{ fund_type: string | null; country: string | null }[]>`
      select fund_type, country from public.instruments where id = ${created.id}
    `
    expect(row).toEqual({ fund_type: null, country: 'TR' })
  })

  it("changes no catalog line's and no one else's tax attributes (404)", async () => {
    const vwce = await catalogId('VWCE')
    const catalog = await apiError(
      await asBrowser(alice, 'PATCH', `/api/instruments/${vwce}`, { fundType: 'other' }),
      404,
    )
    expect(catalog.code).toBe('instrument_not_found')
    expect(
      (await asScript(bob, 'PATCH', `/api/instruments/${own.id}`, { country: 'DE' })).status,
    ).toBe(404)
    const [rows] = await admin<{ fund_type: string | null; country: string | null }[]>`
      select fund_type, country from public.instruments where id = ${vwce}
    `
    expect(rows).toEqual({ fund_type: 'equity', country: 'IE' })
  })

  it("takes a Turkish fund's class of one's own, and clears it", async () => {
    const fund = await json<{ id: string }>(
      await asBrowser(dana, 'POST', '/api/instruments', {
        code: 'OGRDEG',
        name: 'Öğrenci Değişken Fon',
        type: 'FUND',
        currency: 'TRY',
        tefasFundClass: 'variable',
      }),
      201,
    )
    expect(fund).toMatchObject({ tefasFundClass: 'variable', shareMarket: null, fundType: null })
    const changed = await json(
      await asBrowser(dana, 'PATCH', `/api/instruments/${fund.id}`, {
        tefasFundClass: 'equityIntensive',
      }),
      200,
    )
    expect(changed).toMatchObject({ id: fund.id, tefasFundClass: 'equityIntensive' })
    const cleared = await json(
      await asBrowser(dana, 'PATCH', `/api/instruments/${fund.id}`, { tefasFundClass: null }),
      200,
    )
    expect(cleared).toMatchObject({ tefasFundClass: null })
    expect(
      (
        await apiError(
          await asBrowser(dana, 'PATCH', `/api/instruments/${fund.id}`, {
            tefasFundClass: 'hisseSenediYogun',
          }),
          422,
        )
      ).fields,
    ).toEqual([{ path: 'tefasFundClass', code: 'invalid_choice', message: expect.any(String) }])
  })

  it('refuses a TEFAS fund class on a share, in the caller’s language (422)', async () => {
    const share = { code: 'OGRHIS', name: 'Öğrenci Hissesi', type: 'STOCK', currency: 'TRY' }
    expect(
      (
        await apiError(
          await asBrowser(dana, 'POST', '/api/instruments', { ...share, tefasFundClass: 'gold' }),
          422,
        )
      ).fields,
    ).toEqual([
      {
        path: 'tefasFundClass',
        code: 'tefas_fund_class_not_fund',
        message: 'Only funds and ETFs have a fund class for Turkish withholding tax.',
      },
    ])
    const created = await json<{ id: string }>(
      await asBrowser(dana, 'POST', '/api/instruments', share),
      201,
    )
    const patched = await asBrowser(
      dana,
      'PATCH',
      `/api/instruments/${created.id}`,
      { tefasFundClass: 'other', country: 'TR' },
      'tr',
    )
    expect((await apiError(patched, 422)).fields).toEqual([
      {
        path: 'tefasFundClass',
        code: 'tefas_fund_class_not_fund',
        message: 'Stopaj için fon türü yalnızca fonlarda ve BYF’lerde olur.',
      },
    ])
    const [row] = await admin<{ tefas_fund_class: string | null; country: string | null }[]>`
      select tefas_fund_class, country from public.instruments where id = ${created.id}
    `
    expect(row).toEqual({ tefas_fund_class: null, country: null })
  })

  it("answers a share's market from its exchange, which one's own takes and changes", async () => {
    const found = await json<{ instruments: Record<string, unknown>[] }>(
      await asBrowser(dana, 'GET', '/api/instruments?q=THYAO'),
      200,
    )
    expect(found.instruments[0]).toMatchObject({ code: 'THYAO', shareMarket: 'BIST' })
    const apple = await json<{ instruments: Record<string, unknown>[] }>(
      await asBrowser(dana, 'GET', '/api/instruments?q=AAPL'),
      200,
    )
    expect(apple.instruments[0]).toMatchObject({ code: 'AAPL', shareMarket: 'foreign' })

    const share = await json<{ id: string }>(
      await asBrowser(dana, 'POST', '/api/instruments', {
        code: 'OGRPAZ',
        name: 'Öğrenci Pazarlama',
        type: 'STOCK',
        currency: 'TRY',
      }),
      201,
    )
    expect(share).toMatchObject({ exchange: null, shareMarket: null })
    const patch = (body: unknown) => asBrowser(dana, 'PATCH', `/api/instruments/${share.id}`, body)
    expect(await json(await patch({ exchange: 'bist' }), 200)).toMatchObject({
      exchange: 'BIST',
      shareMarket: 'BIST',
    })
    expect(await json(await patch({ exchange: 'NASDAQ' }), 200)).toMatchObject({
      exchange: 'NASDAQ',
      shareMarket: 'foreign',
    })
    expect(await json(await patch({ exchange: null }), 200)).toMatchObject({
      exchange: null,
      shareMarket: null,
    })
    expect((await apiError(await patch({ exchange: 'B-IST' }), 422)).fields).toEqual([
      { path: 'exchange', code: 'exchange', message: expect.any(String) },
    ])
    // Another of dana's instruments of that code already trades there.
    await json(
      await asBrowser(dana, 'POST', '/api/instruments', {
        code: 'OGRPAZ',
        name: 'Öğrenci Pazarlama',
        type: 'STOCK',
        currency: 'TRY',
        exchange: 'BIST',
      }),
      201,
    )
    expect((await apiError(await patch({ exchange: 'BIST' }), 409)).code).toBe('instrument_exists')
    const [row] = await admin<{ exchange: string | null }[]>`
      select exchange from public.instruments where id = ${share.id}
    `
    expect(row).toEqual({ exchange: null })
  })

  it("answers a catalog TEFAS fund's class, which no user changes (404)", async () => {
    const [fund] = await admin<{ id: string }[]>`
      insert into public.instruments (owner_id, code, name, type, currency, exchange,
        price_provider, price_symbol, tefas_fund_class, country)
      values (null, 'KZ9', 'KIYMET PORTFÖY KZ9 KARMA FON', 'FUND', 'TRY', 'TEFAS', 'tefas', 'KZ9',
        'mixed', 'TR')
      returning id
    `
    try {
      const found = await json<{ instruments: Record<string, unknown>[] }>(
        await asBrowser(dana, 'GET', '/api/instruments?q=KZ9'),
        200,
      )
      expect(found.instruments).toMatchObject([
        { code: 'KZ9', own: false, tefasFundClass: 'mixed', shareMarket: null },
      ])
      const refused = await asBrowser(dana, 'PATCH', `/api/instruments/${fund!.id}`, {
        tefasFundClass: 'equityIntensive',
      })
      expect((await apiError(refused, 404)).code).toBe('instrument_not_found')
      const [row] = await admin<{ tefas_fund_class: string }[]>`
        select tefas_fund_class from public.instruments where id = ${fund!.id}
      `
      expect(row).toEqual({ tefas_fund_class: 'mixed' })
    } finally {
      await admin`delete from public.instruments where id = ${fund!.id}`
    }
  })

  it('writes manual prices per day, a manual price winning over a shared one', async () => {
    const written = await json<{ prices: { date: string; close: string; source: string }[] }>(
      await asBrowser(alice, 'PUT', `/api/instruments/${thyao}/prices`, {
        prices: [
          { date: '2024-06-04', close: '299' },
          { date: '2024-06-07', close: '301.5' },
          { date: '2024-06-07', close: '302' },
        ],
      }),
      200,
    )
    expect(written.prices).toEqual([
      { date: '2024-06-04', close: '299', source: 'manual' },
      { date: '2024-06-07', close: '302', source: 'manual' },
    ])
    const mine = await json<{ prices: { date: string; close: string; source: string }[] }>(
      await asBrowser(alice, 'GET', `/api/instruments/${thyao}/prices?from=2024-06-03`),
      200,
    )
    expect(mine.prices).toEqual([
      { date: '2024-06-03', close: '290', source: 'test' },
      { date: '2024-06-04', close: '299', source: 'manual' },
      { date: '2024-06-07', close: '302', source: 'manual' },
    ])
    const bobs = await json<{ prices: { close: string }[] }>(
      await asScript(bob, 'GET', `/api/instruments/${thyao}/prices?from=2024-06-03`),
      200,
    )
    expect(bobs.prices.map((price) => price.close)).toEqual(['290', '295'])
    await json(
      await asBrowser(alice, 'PUT', `/api/instruments/${own.id}/prices`, {
        prices: [{ date: '2024-06-07', close: '10' }],
      }),
      200,
    )
    expect(
      (
        await asScript(bob, 'PUT', `/api/instruments/${own.id}/prices`, {
          prices: [{ date: '2024-06-07', close: '1' }],
        })
      ).status,
    ).toBe(404)
    expect((await asScript(bob, 'GET', `/api/instruments/${own.id}/prices`)).status).toBe(404)
  })

  it('refuses to delete an instrument still used (409), and deletes it when free', async () => {
    const [target] = await json<{ portfolios: { id: string }[] }>(
      await asBrowser(alice, 'GET', '/api/portfolios'),
      200,
    ).then((list) => list.portfolios)
    const tx = await json<{ id: string }>(
      await asBrowser(alice, 'POST', `/api/portfolios/${target?.id}/transactions`, {
        idempotencyKey: crypto.randomUUID(),
        transaction: buy(own.id, '2024-06-07', '3', '10'),
      }),
      201,
    )
    expect(
      (await apiError(await asBrowser(alice, 'DELETE', `/api/instruments/${own.id}`), 409)).code,
    ).toBe('instrument_in_use')
    expect((await asScript(bob, 'DELETE', `/api/instruments/${own.id}`)).status).toBe(404)
    expect((await asBrowser(alice, 'DELETE', `/api/instruments/${thyao}`)).status).toBe(404)
    const exported = await json<{
      portfolios: { id: string; transactions?: unknown }[]
      instruments: { id: string }[]
      manualPrices: { instrumentId: string; close: string }[]
    }>(await asBrowser(alice, 'GET', '/api/export'), 200)
    // Transactions are exported page by page through their own route, never all at once.
    expect(exported.portfolios.map((row) => row.id)).toEqual([target?.id])
    expect(exported.portfolios[0]).not.toHaveProperty('transactions')
    expect(exported.instruments.map((row) => row.id)).toEqual([own.id])
    expect(exported.manualPrices).toHaveLength(3)
    expect(
      (await asBrowser(alice, 'DELETE', `/api/portfolios/${target?.id}/transactions/${tx.id}`))
        .status,
    ).toBe(204)
    expect((await asBrowser(alice, 'DELETE', `/api/instruments/${own.id}`)).status).toBe(204)
  })
})

describe('exchange rates, limits and outages', () => {
  it('answers the rate in force on a date, or 404', async () => {
    const rate = await json(
      await asBrowser(alice, 'GET', '/api/fx?base=USD&quote=TRY&date=2024-06-05'),
      200,
    )
    expect(rate).toEqual({
      base: 'USD',
      quote: 'TRY',
      date: '2024-06-05',
      rateDate: '2024-06-03',
      rate: '32.25',
      source: 'TCMB',
    })
    const error = await apiError(
      await asBrowser(alice, 'GET', '/api/fx?base=USD&quote=TRY&date=2019-01-01'),
      404,
    )
    expect(error.code).toBe('fx_rate_not_found')
    expect((await apiError(await asBrowser(alice, 'GET', '/api/fx?base=usd'), 400)).code).toBe(
      'invalid_query',
    )
  })

  it('refuses a transaction past the plan limit with 403 and the limit', async () => {
    const carol = await newCaller('api-carol')
    const { id } = await json<{ id: string }>(
      await asScript(carol, 'POST', '/api/portfolios', {
        name: 'Full',
        baseCurrency: 'TRY',
        costBasisMethod: 'AVERAGE',
        recordsCash: false,
      }),
      201,
    )
    await admin`
      insert into public.transactions (user_id, portfolio_id, instrument_id, type, trade_date,
        currency, quantity, unit_price)
      select ${carol.id}, ${id}, ${thyao}, 'BUY', date '2024-01-01' + n, 'TRY', 1, 100
      from generate_series(1, 2000) as n
    `
    const error = await apiError(
      await asScript(carol, 'POST', `/api/portfolios/${id}/transactions`, {
        idempotencyKey: crypto.randomUUID(),
        transaction: buy(thyao, '2024-12-31', '1', '100'),
      }),
      403,
    )
    expect(error).toEqual({
      code: 'plan_limit_transactions',
      message:
        'Your plan allows up to 2,000 transactions per portfolio, and this portfolio has reached that limit. Everything you have stays readable and exportable.',
    })
  })

  it("lists every portfolio's figures of today, its last trading day's change and its stale holdings, or its problem", async () => {
    const dora = await newCaller('api-dora')
    await admin`insert into public.user_plans (user_id, plan) values (${dora.id}, 'pro')`
    const today = new Date().toISOString().slice(0, 10)
    const daysAgo = (days: number) =>
      new Date(Date.parse(today) - days * 86_400_000).toISOString().slice(0, 10)
    // USD/TRY 39 three days ago, 40 two days ago; nothing since, so 40 stays in force.
    await admin`
      insert into public.fx_rates (source, base, quote, rate_date, rate) values
        ('TCMB', 'USD', 'TRY', ${daysAgo(3)}, 39), ('TCMB', 'USD', 'TRY', ${daysAgo(2)}, 40)
      on conflict do nothing
    `
    try {
      const create = async (name: string, baseCurrency: string) =>
        (
          await json<{ id: string }>(
            await asScript(dora, 'POST', '/api/portfolios', {
              name,
              baseCurrency,
              costBasisMethod: 'AVERAGE',
              recordsCash: false,
            }),
            201,
          )
        ).id
      // Own instruments, priced by hand: a share in lira, one in dollars and a fund whose
      // price is six weeks old.
      const own = async (code: string, currency: string, prices: [number, string][]) => {
        const { id } = await json<{ id: string }>(
          await asScript(dora, 'POST', '/api/instruments', {
            code,
            name: `${code} test`,
            type: 'STOCK',
            currency,
          }),
          201,
        )
        await json(
          await asScript(dora, 'PUT', `/api/instruments/${id}/prices`, {
            prices: prices.map(([days, close]) => ({ date: daysAgo(days), close })),
          }),
          200,
        )
        return id
      }
      const lira = await create('Lira', 'TRY')
      const broken = await create('Broken', 'TRY')
      const empty = await create('Empty', 'EUR')
      const share = await own('DORAA', 'TRY', [
        [3, '100'],
        [2, '104'],
      ])
      const dollars = await own('DORAU', 'USD', [
        [3, '10'],
        [2, '11'],
      ])
      const fund = await own('DORAF', 'TRY', [
        [41, '4.9'],
        [40, '5'],
      ])
      for (const transaction of [
        buy(share, daysAgo(10), '10', '90'),
        { ...buy(dollars, daysAgo(10), '2', '9'), fxRate: '38' },
        buy(fund, daysAgo(50), '100', '4.5'),
        // Bought after the last close: part of the value, not of the change.
        buy(share, daysAgo(1), '5', '105'),
      ]) {
        await json(
          await asScript(dora, 'POST', `/api/portfolios/${lira}/transactions`, {
            idempotencyKey: crypto.randomUUID(),
            transaction,
          }),
          201,
        )
      }
      // Written around the API, as an owner may: a sale of units never bought.
      await admin`
        insert into public.transactions
          (user_id, portfolio_id, instrument_id, type, trade_date, currency, quantity, unit_price)
        values (${dora.id}, ${broken}, ${thyao}, 'SELL', '2024-06-03', 'TRY', 1, 300)
      `
      const list = await json<{
        portfolios: { id: string; summary: Record<string, unknown> | null; problem: unknown }[]
      }>(await asScript(dora, 'GET', '/api/portfolios'), 200)
      expect(list.portfolios.map(({ id }) => id)).toEqual([lira, broken, empty])
      const [liraCard, brokenCard, emptyCard] = list.portfolios
      // Value 15 × 104 + 2 × 11 × 40 + 100 × 5 = 2,940 TRY; invested 900 + 2 × 9 × 38 + 450 + 525
      // = 2,559. The change counts the 10 DORAA held at the earlier close, 10 × (104 − 100) = 40,
      // and DORAU, 2 × (11 × 40 − 10 × 39) = 100: 140 on 1,000 + 780. The fund's is too old.
      expect(liraCard?.summary).toEqual({
        asOf: today,
        value: '2940',
        investedCapital: '2559',
        // Only purchases: the peak is today's invested capital.
        peakInvestedCapital: '2559',
        totalGain: '381',
        totalReturn: 381 / 2559,
        dayChange: {
          change: '140',
          return: 140 / 1780,
          date: daysAgo(2),
          earliestDate: daysAgo(2),
        },
        staleHoldings: [
          {
            instrument: expect.objectContaining({ id: fund, code: 'DORAF', slug: 'doraf-test' }),
            priceDate: daysAgo(40),
          },
        ],
        // Real by TÜFE, or why not: tests/worker/api-real-gains.test.ts has the figures.
        real: expect.objectContaining({ index: 'TR-TUFE' }),
      })
      // The report of the same day says the same.
      const report = await json<{ totals: { totalReturn: number }; dayChange: unknown }>(
        await asScript(dora, 'GET', `/api/portfolios/${lira}/report`),
        200,
      )
      expect(report.totals.totalReturn).toBe(381 / 2559)
      expect(report.dayChange).toEqual(liraCard?.summary?.dayChange)
      expect(liraCard?.problem).toBeNull()
      expect(brokenCard?.summary).toBeNull()
      expect(brokenCard?.problem).toMatchObject({ code: 'insufficient_quantity' })
      expect(emptyCard?.summary).toMatchObject({
        value: '0',
        investedCapital: '0',
        totalReturn: null,
        dayChange: { change: '0', return: null, date: null, earliestDate: null },
        staleHoldings: [],
      })
    } finally {
      await admin`
        delete from public.fx_rates
        where source = 'TCMB' and rate_date in (${daysAgo(3)}, ${daysAgo(2)})
      `
    }
  })

  it('answers an unknown API path with a JSON 404', async () => {
    expect((await apiError(await asBrowser(alice, 'GET', '/api/nothing-here'), 404)).code).toBe(
      'not_found',
    )
  })

  it('answers 503 with Retry-After within 3 s when Postgres is down', async () => {
    const started = Date.now()
    const response = await requestWithEnv(
      { HYPERDRIVE: { connectionString: 'postgres://postgres:postgres@127.0.0.1:9/postgres' } },
      '/api/portfolios',
      { headers: { Cookie: alice.cookie, 'Accept-Language': 'en' } },
    )
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(response.headers.get('Retry-After')).toBe('2')
    expect((await apiError(response, 503)).code).toBe('database_unavailable')
  })
})

describe('currencies and text the API refuses before writing', () => {
  let erin: Caller
  let portfolio: string

  /** Rows the caller owns, by table: a refused request must leave every count as it was. */
  async function ownedRows(caller: Caller) {
    const [row] = await admin<
      { portfolios: number; instruments: number; transactions: number; mappings: number }[]
    >`
      select
        (select count(*)::int from public.portfolios where user_id = ${caller.id}) as portfolios,
        (select count(*)::int from public.instruments where owner_id = ${caller.id}) as instruments,
        (select count(*)::int from public.transactions where user_id = ${caller.id}) as transactions,
        (select count(*)::int from public.import_mappings where user_id = ${caller.id}) as mappings
    `
    return row
  }

  /**
   * A JSON body written by hand, so a lone surrogate travels as its six-character escape
   * `\uD800`: the body is plain ASCII on the wire, and only JSON.parse makes the half character.
   */
  function rawBody(text: string): string {
    expect(text).toMatch(/^[\x20-\x7e]*$/)
    expect(text).toContain('\\uD800')
    expect(JSON.stringify(JSON.parse(text))).toContain('\\ud800')
    return text
  }

  function postRaw(path: string, body: string) {
    return request(path, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${erin.token}`,
        'Accept-Language': 'en',
        'Content-Type': 'application/json',
      },
      body,
    })
  }

  const BROKEN_TEXT = {
    code: 'invalid_text',
    message:
      'Some text in the request is not valid Unicode: it holds half of a character (a lone surrogate).',
  }

  const brokenField = (path: string) => ({
    path,
    code: 'unpaired_surrogate',
    message: 'Remove the broken character from this text.',
  })

  beforeAll(async () => {
    erin = await newCaller('api-erin')
    // Room for more portfolios: a refusal must come from the checks, not the plan's limit.
    await admin`insert into public.user_plans (user_id, plan) values (${erin.id}, 'pro')`
    portfolio = (
      await json<{ id: string }>(
        await asScript(erin, 'POST', '/api/portfolios', {
          name: 'Main',
          baseCurrency: 'TRY',
          costBasisMethod: 'FIFO',
          recordsCash: true,
        }),
        201,
      )
    ).id
  })

  it('refuses a made-up base currency or instrument currency (422) and writes nothing', async () => {
    const before = await ownedRows(erin)
    const portfolioError = await apiError(
      await asScript(erin, 'POST', '/api/portfolios', {
        name: 'Made up',
        baseCurrency: 'ABC',
        costBasisMethod: 'FIFO',
        recordsCash: false,
      }),
      422,
    )
    const instrumentError = await apiError(
      await asScript(erin, 'POST', '/api/instruments', {
        code: 'MADEUP',
        name: 'Made-up fund',
        type: 'FUND',
        currency: 'ZZZ',
      }),
      422,
    )
    const message = 'Use a currency code the app has exchange rates for, like USD.'
    expect(portfolioError).toEqual({
      code: 'validation_failed',
      message: 'Some fields are not valid. Please check them and try again.',
      fields: [{ path: 'baseCurrency', code: 'currency', message }],
    })
    expect(instrumentError.fields).toEqual([{ path: 'currency', code: 'currency', message }])
    expect(await ownedRows(erin)).toEqual(before)
  })

  it('refuses a lone surrogate in a name, a note or a column header (400), logging nothing', async () => {
    const logged = vi.spyOn(console, 'error')
    try {
      const before = await ownedRows(erin)
      const name = await apiError(
        await postRaw(
          '/api/portfolios',
          rawBody(
            '{"name":"a\\uD800b","baseCurrency":"TRY","costBasisMethod":"FIFO","recordsCash":false}',
          ),
        ),
        400,
      )
      expect(name).toEqual({ ...BROKEN_TEXT, fields: [brokenField('name')] })

      const note = await apiError(
        await postRaw(
          `/api/portfolios/${portfolio}/transactions`,
          rawBody(
            `{"idempotencyKey":"${crypto.randomUUID()}","transaction":{"type":"DEPOSIT",` +
              '"tradeDate":"2024-06-03","amount":"100","note":"Maa\\uD800s"}}',
          ),
        ),
        400,
      )
      expect(note).toEqual({ ...BROKEN_TEXT, fields: [brokenField('transaction.note')] })

      const header = await apiError(
        await postRaw(
          '/api/import-mappings',
          rawBody('{"name":"Bank","mapping":{"date":"Datum\\uD800"},"options":{}}'),
        ),
        400,
      )
      expect(header).toEqual({ ...BROKEN_TEXT, fields: [brokenField('mapping.date')] })

      // The import form's mapping is JSON text too.
      const form = new FormData()
      form.set('file', new File(['Date,Type,Code\n2024-06-03,BUY,THYAO\n'], 'trades.csv'))
      form.set('mapping', rawBody('{"date":"Date\\uD800","type":"Type","code":"Code"}'))
      const upload = await apiError(
        await request(`/api/portfolios/${portfolio}/imports`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${erin.token}`, 'Accept-Language': 'en' },
          body: form,
        }),
        400,
      )
      expect(upload).toEqual({ ...BROKEN_TEXT, fields: [brokenField('mapping')] })

      expect(await ownedRows(erin)).toEqual(before)
      expect(logged).not.toHaveBeenCalled()
    } finally {
      logged.mockRestore()
    }
  })

  it('answers 400 for a lone surrogate whatever else is wrong, 422 for the other problems alone', async () => {
    const both = await apiError(
      await postRaw(
        '/api/portfolios',
        rawBody('{"name":"\\uD800","baseCurrency":"ABC","costBasisMethod":"FIFO"}'),
      ),
      400,
    )
    expect(both).toEqual({ ...BROKEN_TEXT, fields: [brokenField('name')] })
    const other = await apiError(
      await postRaw('/api/portfolios', '{"name":"Fine","baseCurrency":"ABC"}'),
      422,
    )
    expect(other.code).toBe('validation_failed')
    expect(other.fields?.map((field) => field.path)).toEqual([
      'baseCurrency',
      'costBasisMethod',
      'recordsCash',
    ])
  })
})

describe('stored analyses', () => {
  // Each answer below is computed once, stored, and then read back while nothing it depends on
  // changes. To tell a stored answer from a computed one, the test edits the stored copy (as the
  // superuser): a request that shows the edit was answered from the store without the engine.
  let erin: Caller
  let portfolio: string
  let sold: string
  const asOf = '2024-06-05'
  const reportPath = () => `/api/portfolios/${portfolio}/report?asOf=${asOf}`

  async function mark(kind: string, path: string[], value: string) {
    await admin`
      update public.stored_analyses
      set body = jsonb_set(body, ${`{${path.join(',')}}`}::text[], to_jsonb(${value}::text))
      where portfolio_id = ${portfolio} and kind = ${kind}
    `
  }

  async function reportValue(): Promise<string> {
    const report = await json<{ totals: { value: string } }>(
      await asBrowser(erin, 'GET', reportPath()),
      200,
    )
    return report.totals.value
  }

  beforeAll(async () => {
    erin = await newCaller('api-erin')
    const created = await json<{ id: string }>(
      await asBrowser(erin, 'POST', '/api/portfolios', {
        name: 'Stored',
        baseCurrency: 'TRY',
        costBasisMethod: 'FIFO',
        recordsCash: false,
      }),
      201,
    )
    portfolio = created.id
    for (const transaction of [
      buy(thyao, '2024-06-03', '10', '280'),
      buy(thyao, '2024-06-03', '5', '285'),
      {
        type: 'SELL',
        tradeDate: '2024-06-04',
        instrumentId: thyao,
        quantity: '2',
        unitPrice: '295',
      },
      {
        type: 'SELL',
        tradeDate: '2024-06-04',
        instrumentId: thyao,
        quantity: '3',
        unitPrice: '296',
      },
      buy(aapl, '2024-06-04', '2', '190'),
      {
        type: 'SELL',
        tradeDate: '2024-06-05',
        instrumentId: aapl,
        quantity: '1',
        unitPrice: '191',
      },
    ]) {
      const written = await json<{ id: string }>(
        await asBrowser(erin, 'POST', `/api/portfolios/${portfolio}/transactions`, {
          idempotencyKey: crypto.randomUUID(),
          transaction,
        }),
        201,
      )
      sold = written.id
    }
  }, 60_000)

  it('answers an unchanged portfolio from what it stored, to its owner only', async () => {
    const computed = await reportValue()
    await mark('report', ['totals', 'value'], '12345')
    expect(await reportValue()).toBe('12345')
    expect(computed).not.toBe('12345')
    expect((await apiError(await asBrowser(bob, 'GET', reportPath()), 404)).code).toBe(
      'portfolio_not_found',
    )
  })

  it('computes again after a transaction is written, edited or deleted', async () => {
    await mark('report', ['totals', 'value'], '12345')
    const written = await json<{ id: string }>(
      await asBrowser(erin, 'POST', `/api/portfolios/${portfolio}/transactions`, {
        idempotencyKey: crypto.randomUUID(),
        transaction: buy(thyao, '2024-06-05', '1', '296'),
      }),
      201,
    )
    expect(await reportValue()).not.toBe('12345')
    await mark('report', ['totals', 'value'], '12345')
    await json(
      await asBrowser(erin, 'PATCH', `/api/portfolios/${portfolio}/transactions/${written.id}`, {
        ...buy(thyao, '2024-06-05', '2', '296'),
      }),
      200,
    )
    expect(await reportValue()).not.toBe('12345')
    await mark('report', ['totals', 'value'], '12345')
    const deleted = await asBrowser(
      erin,
      'DELETE',
      `/api/portfolios/${portfolio}/transactions/${written.id}`,
    )
    expect(deleted.status).toBe(204)
    expect(await reportValue()).not.toBe('12345')
  })

  it('computes again after a new close, a manual price, a new FX rate or an instrument change', async () => {
    const changes = [
      // A provider's close, however old (market data).
      () => admin`
        insert into public.prices (instrument_id, owner_id, price_date, close, source)
        values (${aapl}, null, '1990-01-02', 1, 'test')
      `,
      // The owner's manual price.
      () =>
        asBrowser(erin, 'PUT', `/api/instruments/${aapl}/prices`, {
          prices: [{ date: '2024-06-05', close: '192' }],
        }),
      // A reference rate of a pair nobody here uses (market data).
      () => admin`
        insert into public.fx_rates (source, base, quote, rate_date, rate)
        values ('ECB', 'EUR', 'ISK', '1999-01-04', 1)
      `,
      // The catalog renames an instrument the portfolio holds.
      () => admin`update public.instruments set name = name where id = ${thyao}`,
    ]
    for (const change of changes) {
      await mark('report', ['totals', 'value'], '12345')
      await change()
      expect(await reportValue()).not.toBe('12345')
    }
    await mark('report', ['totals', 'value'], '12345')
    // A portfolio's name is not something its figures read.
    await json(await asBrowser(erin, 'PATCH', `/api/portfolios/${portfolio}`, { name: 'S' }), 200)
    expect(await reportValue()).toBe('12345')
    await json(
      await asBrowser(erin, 'PATCH', `/api/portfolios/${portfolio}`, {
        costBasisMethod: 'AVERAGE',
      }),
      200,
    )
    expect(await reportValue()).not.toBe('12345')
    await json(
      await asBrowser(erin, 'PATCH', `/api/portfolios/${portfolio}`, { costBasisMethod: 'FIFO' }),
      200,
    )
  })

  it('pages the sales, newest first, the same computed or stored, one instrument’s or all', async () => {
    type Page = { sales: { transactionId: string; date: string }[]; nextCursor: string | null }
    const salesPath = (query: string) =>
      `/api/portfolios/${portfolio}/sales?asOf=${asOf}&limit=2${query}`
    const pages = async () => {
      const first = await json<Page>(await asBrowser(erin, 'GET', salesPath('')), 200)
      const second = await json<Page>(
        await asBrowser(erin, 'GET', salesPath(`&cursor=${first.nextCursor}`)),
        200,
      )
      const only = await json<Page>(
        await asBrowser(erin, 'GET', salesPath(`&instrumentId=${thyao}`)),
        200,
      )
      return { first, second, only }
    }
    // A write: the first request computes.
    await json(await asBrowser(erin, 'PATCH', `/api/portfolios/${portfolio}`, { name: 'T' }), 200)
    await admin`delete from public.stored_analyses where portfolio_id = ${portfolio}`
    const computed = await pages()
    const stored = await pages()
    expect(stored).toEqual(computed)
    expect(computed.first.sales.map((sale) => sale.date)).toEqual(['2024-06-05', '2024-06-04'])
    expect(computed.first.sales[0]?.transactionId).toBe(sold)
    expect(computed.first.nextCursor).toBe('2')
    expect(computed.second.sales.map((sale) => sale.date)).toEqual(['2024-06-04'])
    expect(computed.second.nextCursor).toBeNull()
    expect(computed.only.sales).toHaveLength(2)
    expect(computed.only.nextCursor).toBeNull()
    // The open lots: the same computed or stored; none for an instrument not held.
    const lotsPath = (id: string) =>
      `/api/portfolios/${portfolio}/lots?asOf=${asOf}&instrumentId=${id}`
    await admin`delete from public.stored_analyses where portfolio_id = ${portfolio}`
    const lots = await json<{ lots: { quantity: string }[] }>(
      await asBrowser(erin, 'GET', lotsPath(thyao)),
      200,
    )
    expect(lots.lots.map((lot) => lot.quantity)).toEqual(['5', '5'])
    expect(await json(await asBrowser(erin, 'GET', lotsPath(thyao)), 200)).toEqual(lots)
    expect(await json(await asBrowser(erin, 'GET', lotsPath(crypto.randomUUID())), 200)).toEqual({
      lots: [],
    })
    const bad = await apiError(await asBrowser(erin, 'GET', salesPath('&cursor=x')), 400)
    expect(bad.code).toBe('invalid_query')
  })

  it('stores the value series and the portfolio list’s figures the same way', async () => {
    const performancePath = `/api/portfolios/${portfolio}/performance?from=2024-06-03&to=${asOf}`
    const first = await json<{ points: unknown[] }>(
      await asBrowser(erin, 'GET', performancePath),
      200,
    )
    await mark('performance', ['twr', 'cumulative'], '7')
    const again = await json<{ twr: { cumulative: unknown } }>(
      await asBrowser(erin, 'GET', performancePath),
      200,
    )
    expect(again.twr.cumulative).toBe('7')
    expect(first.points.length).toBeGreaterThan(0)

    type List = { portfolios: { id: string; summary: { value: string } | null }[] }
    const card = async () =>
      (await json<List>(await asBrowser(erin, 'GET', '/api/portfolios'), 200)).portfolios.find(
        (each) => each.id === portfolio,
      )?.summary?.value
    const today = await card()
    await mark('summary', ['value'], '12345')
    expect(await card()).toBe('12345')
    expect(today).not.toBe('12345')
    await asBrowser(erin, 'PUT', `/api/instruments/${aapl}/prices`, {
      prices: [{ date: '2024-06-06', close: '193' }],
    })
    expect(await card()).not.toBe('12345')
  })
})

describe("today in the caller's time zone", () => {
  // UTC+14 and UTC−11: at any moment, one of them is on another day than UTC's.
  const zones = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'] as const
  const callers = new Map<string, Caller>()
  const portfolios = new Map<string, string>()
  const dayAfter = (day: string) =>
    new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10)

  beforeAll(async () => {
    for (const zone of zones) {
      const email = uniqueEmail('api-zone')
      const id = await createUser(email, 'secret-pass-1', { locale: 'en', time_zone: zone })
      const caller = { id, cookie: await signIn(email), token: await accessToken(email) }
      callers.set(zone, caller)
      const { id: portfolio } = await json<{ id: string }>(
        await asScript(caller, 'POST', '/api/portfolios', {
          name: zone,
          baseCurrency: 'TRY',
          costBasisMethod: 'AVERAGE',
          recordsCash: false,
        }),
        201,
      )
      portfolios.set(zone, portfolio)
    }
  }, 60_000)

  const callerIn = (zone: string) => callers.get(zone) as Caller
  const portfolioOf = (zone: string) => portfolios.get(zone) as string

  it('accepts a trade of their day and refuses one of the day after, as the form does', async () => {
    for (const zone of zones) {
      const today = dayInZone(new Date(), zone)
      const post = (tradeDate: string) =>
        asScript(callerIn(zone), 'POST', `/api/portfolios/${portfolioOf(zone)}/transactions`, {
          idempotencyKey: crypto.randomUUID(),
          transaction: buy(thyao, tradeDate, '1', '300'),
        })
      const created = await json<{ id: string; tradeDate: string }>(await post(today), 201)
      expect(created.tradeDate).toBe(today)
      expect(await apiError(await post(dayAfter(today)), 422)).toEqual({
        code: 'validation_failed',
        message: 'Some fields are not valid. Please check them and try again.',
        fields: [
          { path: 'transaction.tradeDate', code: 'future', message: 'Must not be after today.' },
        ],
      })
      const moved = await apiError(
        await asScript(
          callerIn(zone),
          'PATCH',
          `/api/portfolios/${portfolioOf(zone)}/transactions/${created.id}`,
          buy(thyao, dayAfter(today), '1', '300'),
        ),
        422,
      )
      expect(moved.fields).toEqual([
        { path: 'tradeDate', code: 'future', message: 'Must not be after today.' },
      ])
    }
    // Kiritimati's day is always after Pago Pago's: there, it is still to come.
    const ahead = dayInZone(new Date(), 'Pacific/Kiritimati')
    const refused = await apiError(
      await asScript(
        callerIn('Pacific/Pago_Pago'),
        'POST',
        `/api/portfolios/${portfolioOf('Pacific/Pago_Pago')}/transactions`,
        { idempotencyKey: crypto.randomUUID(), transaction: buy(thyao, ahead, '1', '300') },
      ),
      422,
    )
    expect(refused.fields?.[0]?.code).toBe('future')
  })

  it('dates the report, the cards and the value series by their day', async () => {
    for (const zone of zones) {
      const caller = callerIn(zone)
      const portfolio = portfolioOf(zone)
      const today = dayInZone(new Date(), zone)
      const report = await json<{ asOf: string }>(
        await asBrowser(caller, 'GET', `/api/portfolios/${portfolio}/report`),
        200,
      )
      expect(report.asOf).toBe(today)
      const list = await json<{ portfolios: { summary: { asOf: string } | null }[] }>(
        await asScript(caller, 'GET', '/api/portfolios'),
        200,
      )
      expect(list.portfolios.map((card) => card.summary?.asOf)).toEqual([today])
      const series = await json<{ to: string }>(
        await asScript(caller, 'GET', `/api/portfolios/${portfolio}/performance`),
        200,
      )
      expect(series.to).toBe(today)
    }
  })

  it('renders a screen with the same day the API answers', async () => {
    for (const zone of zones) {
      const caller = callerIn(zone)
      const path = `/api/portfolios/${portfolioOf(zone)}/report`
      const app = new Hono<AppEnv>().use(session()).get('/snapshot', async (c) => {
        const claims = claimsOf(c)
        if (!claims) return c.text('signed out', 401)
        return c.json(
          await withUserTransaction(c.env, claims, (sql) =>
            readApiSnapshot(c, sql, claims, [path]),
          ),
        )
      })
      const response = await app.request(
        `${ORIGIN}/snapshot`,
        { headers: { Cookie: caller.cookie } },
        {
          ...env,
          SUPABASE_URL: backend.supabaseUrl,
          SUPABASE_ANON_KEY: backend.anonKey,
          HYPERDRIVE: { connectionString: backend.databaseUrl },
        },
      )
      const answers = await json<Record<string, { body: { asOf: string } }>>(response, 200)
      expect(answers[path]?.body.asOf).toBe(dayInZone(new Date(), zone))
    }
  })
})
