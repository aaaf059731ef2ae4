import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asBrowser, backend, createUser, jsonOf, signIn, uniqueEmail } from './auth-backend'

// The performance route and its explanations in each measure (docs/real-returns.md), through
// the whole worker app, the real auth server and Postgres: docs/real-returns.md's Examples 1
// (−6.67 % real) and 2 (−2.00 % in US dollars) from the index months and TCMB rates the tables
// hold, computed by hand there; the refusals; and a stored answer that a new index value replaces.

interface Caller {
  cookie: string
}

interface Performance {
  baseCurrency: string
  from: string
  to: string
  points: { date: string; value: number; investedCapital: number }[]
  valueChange: number
  twr: { cumulative: number; annualized: number | null } | null
  mwr: { rate: number | null; reason: string | null } | null
  measure?: {
    kind: 'real' | 'currency'
    index?: string
    start: { value: string; month?: string; valueMonth?: string; date?: string }
    end: { value: string; month?: string; valueMonth?: string; date?: string }
    provisional?: boolean
    portfolioCurrency?: string
    nominal: { twr: { cumulative: number } | null; mwr: { rate: number | null } | null }
  }
}

interface Explanation {
  formula: string
  value: number | string | null
  currency: string | null
  steps: { label: string; value: number | string; params: Record<string, string | number> }[]
  notes: { label: string; params: Record<string, string | number> }[]
}

interface ApiErrorBody {
  error: { code: string; message: string; fields?: { path: string; code: string }[] }
}

const admin = postgres(backend.databaseUrl, { max: 1, fetch_types: false, onnotice: () => {} })

/** Examples 1 and 2: TÜFE (illustrative) and USD/TRY at the two ends of 2024. */
const TUFE = [
  ['2023-12-01', '100'],
  ['2024-12-01', '150'],
] as const
const USD_TRY = [
  ['2023-12-31', '28'],
  ['2024-12-31', '40'],
] as const
/** A rate every week between them (any values: without money moving, only the ends count). */
const WEEKS = Array.from({ length: 52 }, (_, week) =>
  new Date(Date.UTC(2024, 0, 3 + 7 * week)).toISOString().slice(0, 10),
)
/** Germany's VPI (illustrative) from its first month: a range before it lacks a month. */
const VPI_FIRST = ['1991-01-01', '60'] as const
const RANGE = 'from=2024-01-01&to=2024-12-31'

let caller: Caller
let lira: string
let vpiInserted = false

async function setIndex(code: string, month: string, value: string) {
  await admin`
    insert into public.price_indices (index_code, month, value)
    values (${code}, ${month}, ${value})
    on conflict (index_code, month) do update set value = excluded.value
  `
}

const performance = (portfolio: string, query: string, language = 'en') =>
  asBrowser(caller, 'GET', `/api/portfolios/${portfolio}/performance?${query}`, undefined, language)

const explain = (portfolio: string, query: string) =>
  asBrowser(caller, 'GET', `/api/portfolios/${portfolio}/explain?${query}`)

async function errorOf(response: Response, status: number) {
  return (await jsonOf<ApiErrorBody>(response, status)).error
}

/** A portfolio holding 1,000 units of an instrument bought at `buy` on `day`, priced `end` later. */
async function holding(
  code: string,
  baseCurrency: string,
  prices: { date: string; close: string }[],
): Promise<string> {
  const { id } = await jsonOf<{ id: string }>(
    await asBrowser(caller, 'POST', '/api/portfolios', {
      name: `Real ${code}`,
      baseCurrency,
      costBasisMethod: 'FIFO',
      recordsCash: false,
    }),
    201,
  )
  const { id: instrument } = await jsonOf<{ id: string }>(
    await asBrowser(caller, 'POST', '/api/instruments', {
      code,
      name: `${code} test`,
      type: 'STOCK',
      currency: baseCurrency,
    }),
    201,
  )
  await jsonOf(
    await asBrowser(caller, 'PUT', `/api/instruments/${instrument}/prices`, { prices }),
    200,
  )
  const first = prices[0] as { date: string; close: string }
  await jsonOf(
    await asBrowser(caller, 'POST', `/api/portfolios/${id}/transactions`, {
      idempotencyKey: crypto.randomUUID(),
      transaction: {
        type: 'BUY',
        tradeDate: first.date,
        instrumentId: instrument,
        quantity: '1000',
        unitPrice: first.close,
      },
    }),
    201,
  )
  return id
}

beforeAll(async () => {
  const email = uniqueEmail('real-returns')
  await createUser(email)
  caller = { cookie: await signIn(email) }
  for (const [month, value] of TUFE) await setIndex('TR-TUFE-2003', month, value)
  // The price index job of the suite may have stored the invented VPI already: kept if so.
  const [vpi] = await admin`
    insert into public.price_indices (index_code, month, value)
    values ('DE-VPI-2020', ${VPI_FIRST[0]}, ${VPI_FIRST[1]})
    on conflict (index_code, month) do nothing
    returning month
  `
  vpiInserted = vpi !== undefined
  for (const [day, rate] of USD_TRY) {
    await admin`
      insert into public.fx_rates (source, base, quote, rate_date, rate)
      values ('TCMB', 'USD', 'TRY', ${day}, ${rate})
      on conflict (source, base, quote, rate_date) do update set rate = excluded.rate
    `
  }
  for (const day of WEEKS) {
    await admin`
      insert into public.fx_rates (source, base, quote, rate_date, rate)
      values ('TCMB', 'USD', 'TRY', ${day}, 30)
      on conflict (source, base, quote, rate_date) do nothing
    `
  }
  // Worth 100,000 at the end of 31 December 2023 and 140,000 at the end of 2024: +40 %.
  lira = await holding('REALTRY', 'TRY', [
    { date: '2023-12-31', close: '100' },
    { date: '2024-12-31', close: '140' },
  ])
}, 60_000)

afterAll(async () => {
  await admin`
    delete from public.fx_rates
    where source = 'TCMB' and base = 'USD' and quote = 'TRY' and rate = 30
      and rate_date = any(${`{${WEEKS.join(',')}}`}::date[])
  `
  await admin`
    delete from public.fx_rates
    where source = 'TCMB' and base = 'USD' and quote = 'TRY'
      and rate_date in ('2023-12-31', '2024-12-31')
  `
  if (vpiInserted) {
    await admin`delete from public.price_indices where index_code = 'DE-VPI-2020' and month = ${VPI_FIRST[0]}`
  }
  await admin.end()
})

describe('the performance route in each measure', () => {
  it('answers nominally as before, without a measure', async () => {
    const nominal = await jsonOf<Performance>(await performance(lira, RANGE), 200)
    expect(nominal.measure).toBeUndefined()
    expect(nominal.baseCurrency).toBe('TRY')
    expect(nominal.twr?.cumulative).toBeCloseTo(0.4, 12)
    const same = await jsonOf<Performance>(await performance(lira, `${RANGE}&measure=nominal`), 200)
    expect(same).toEqual(nominal)
  })

  it('deflates by TÜFE: Example 1, +40 % nominal and +50 % inflation is −6.67 % real', async () => {
    const real = await jsonOf<Performance>(await performance(lira, `${RANGE}&measure=real`), 200)
    expect(real.twr?.cumulative).toBeCloseTo(1.4 / 1.5 - 1, 12)
    expect(real.twr?.cumulative.toFixed(4)).toBe('-0.0667')
    expect(real.measure?.kind).toBe('real')
    expect(real.measure?.index).toBe('TR-TUFE')
    expect(real.measure?.start).toMatchObject({ month: '2023-12', valueMonth: '2023-12' })
    expect(real.measure?.end).toMatchObject({ month: '2024-12', valueMonth: '2024-12' })
    // TÜFE may be chained to its 2025 base (rule 10): the ratio is what counts.
    const ratio = Number(real.measure?.end.value) / Number(real.measure?.start.value)
    expect(ratio).toBeCloseTo(1.5, 12)
    expect(real.measure?.provisional).toBe(false)
    expect(real.measure?.nominal.twr?.cumulative).toBeCloseTo(0.4, 12)
    // In the money of 31 December 2024: the start 150,000, the end 140,000.
    expect(real.points.at(-1)?.value).toBeCloseTo(140_000, 6)
    expect(real.valueChange).toBeCloseTo(-10_000, 6)
  })

  it('converts into US dollars: Example 2, the lira falling 30 % is −2.00 % in USD', async () => {
    const dollars = await jsonOf<Performance>(await performance(lira, `${RANGE}&measure=USD`), 200)
    expect(dollars.baseCurrency).toBe('USD')
    // The store's lira-to-dollar rate is TCMB's inverted, to 10 significant digits (fx-rates.md).
    expect(dollars.twr?.cumulative).toBeCloseTo(-0.02, 9)
    expect(dollars.mwr?.rate?.toFixed(7)).toBe('-0.0199459')
    expect(dollars.measure).toMatchObject({
      kind: 'currency',
      measure: 'USD',
      portfolioCurrency: 'TRY',
      start: { date: '2023-12-31', value: '0.03571428571' },
      end: { date: '2024-12-31', value: '0.025' },
    })
    expect(dollars.points.at(-1)?.value).toBeCloseTo(3_500, 9)
    expect(dollars.valueChange).toBeCloseTo(3_500 - 100_000 / 28, 5)
  })

  it('refuses a measure the portfolio’s currency does not offer, naming the field', async () => {
    for (const measure of ['real-vpi', 'TRY', 'gold']) {
      const error = await errorOf(await performance(lira, `${RANGE}&measure=${measure}`), 400)
      expect(error.code, measure).toBe('invalid_query')
      expect(error.fields?.[0]?.path).toBe('measure')
    }
  })

  it('names the index and the month it lacks, in the caller’s language', async () => {
    const early = await holding('REALVPI', 'EUR', [
      { date: '1985-06-03', close: '10' },
      { date: '1985-12-31', close: '11' },
    ])
    const query = 'from=1985-06-04&to=1985-12-31&measure=real-vpi'
    const english = await errorOf(await performance(early, query), 422)
    expect(english.code).toBe('real_index_missing')
    expect(english.message).toContain('Germany VPI')
    expect(english.message).toContain('June 1985')
    const german = await errorOf(await performance(early, query, 'de'), 422)
    expect(german.message).toContain('VPI Deutschland')
    expect(german.message).toContain('Juni 1985')
    const turkish = await errorOf(await performance(early, query, 'tr'), 422)
    expect(turkish.message).toContain('Haziran 1985')
  })

  it('refuses a day without a rate as missing_fx_rate', async () => {
    const old = await holding('REALOLD', 'TRY', [
      { date: '1990-01-02', close: '10' },
      { date: '1990-06-29', close: '11' },
    ])
    const error = await errorOf(
      await performance(old, 'from=1990-01-03&to=1990-06-29&measure=EUR'),
      422,
    )
    expect(error.code).toBe('missing_fx_rate')
  })

  it('computes again when an index month it read changes: a stored real return is never stale', async () => {
    const before = await jsonOf<Performance>(await performance(lira, `${RANGE}&measure=real`), 200)
    try {
      await setIndex('TR-TUFE-2003', '2024-12-01', '140')
      const after = await jsonOf<Performance>(await performance(lira, `${RANGE}&measure=real`), 200)
      expect(after.twr?.cumulative).toBeCloseTo(0, 12)
      expect(after.twr?.cumulative).not.toBe(before.twr?.cumulative)
    } finally {
      await setIndex('TR-TUFE-2003', '2024-12-01', '150')
    }
  })
})

describe('explanations in a measure', () => {
  it('explains the real TWR as the nominal one times I(start) ÷ I(end), less 1', async () => {
    const explained = await jsonOf<Explanation>(
      await explain(lira, `figure=performance.twr&${RANGE}&measure=real`),
      200,
    )
    expect(explained.formula).toBe('performanceReal.twr')
    expect(Number(explained.value)).toBeCloseTo(1.4 / 1.5 - 1, 12)
    expect(explained.steps.map((step) => step.label)).toEqual([
      'nominalGrowth',
      'priceIndex',
      'priceIndex',
      'start',
    ])
    expect(explained.steps[0]?.value).toBeCloseTo(1.4, 12)
    expect(explained.steps[1]?.params).toMatchObject({ index: 'TR-TUFE', month: '2023-12' })
    expect(explained.steps[2]?.params).toMatchObject({ index: 'TR-TUFE', month: '2024-12' })
    expect(explained.notes.map((note) => note.label)).toContain('measureReal')
  })

  it('explains the TWR in dollars by the rates at the two ends', async () => {
    const explained = await jsonOf<Explanation>(
      await explain(lira, `figure=performance.twr&${RANGE}&measure=USD`),
      200,
    )
    expect(explained.formula).toBe('performanceCurrency.twr')
    expect(Number(explained.value)).toBeCloseTo(-0.02, 9)
    expect(explained.steps.map((step) => [step.label, step.params.date])).toEqual([
      ['nominalGrowth', undefined],
      ['measureRate', '2024-12-31'],
      ['measureRate', '2023-12-31'],
      ['start', undefined],
    ])
  })

  it('explains the money-weighted return and the value change in the measure', async () => {
    const mwr = await jsonOf<Explanation>(
      await explain(lira, `figure=performance.mwr&${RANGE}&measure=USD`),
      200,
    )
    expect(Number(mwr.value).toFixed(7)).toBe('-0.0199459')
    expect(mwr.currency).toBe('USD')
    const change = await jsonOf<Explanation>(
      await explain(lira, `figure=performance.valueChange&${RANGE}&measure=real`),
      200,
    )
    expect(Number(change.value)).toBeCloseTo(-10_000, 6)
  })
})
