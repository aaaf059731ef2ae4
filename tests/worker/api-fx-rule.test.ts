import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asBrowser, backend, createUser, jsonOf, signIn, uniqueEmail } from './auth-backend'

// One rule for the reference rates, whichever way the API reads them: a report (the rates in
// force on its dates) and the value series (the series of a range) convert a holding on the same
// day at the same rate, and after the last rate's 10 days both fall back to the rate recorded
// on the transaction (docs/fx-rates.md, docs/portfolio-math.md).

const admin = postgres(backend.databaseUrl, { max: 1, fetch_types: false, onnotice: () => {} })

// 2017-03-01 is a Wednesday: the TCMB's only USD/TRY rate here, in force through 03-11.
const PUBLISHED = '2017-03-01'

let cookie: string
let portfolio: string

beforeAll(async () => {
  const email = uniqueEmail('fx-rule')
  await createUser(email)
  cookie = await signIn(email)
  const caller = { cookie }
  await admin`
    insert into public.fx_rates (source, base, quote, rate_date, rate)
    values ('TCMB', 'USD', 'TRY', ${PUBLISHED}, 3.7)
    on conflict do nothing
  `
  portfolio = (
    await jsonOf<{ id: string }>(
      await asBrowser(caller, 'POST', '/api/portfolios', {
        name: 'FX rule',
        baseCurrency: 'TRY',
        costBasisMethod: 'AVERAGE',
        recordsCash: false,
      }),
      201,
    )
  ).id
  const { id: instrument } = await jsonOf<{ id: string }>(
    await asBrowser(caller, 'POST', '/api/instruments', {
      code: 'FXRULE',
      name: 'FX rule test',
      type: 'STOCK',
      currency: 'USD',
    }),
    201,
  )
  // Its one close, the day before the rate: no reference rate is in force on it.
  await jsonOf(
    await asBrowser(caller, 'PUT', `/api/instruments/${instrument}/prices`, {
      prices: [{ date: '2017-02-28', close: '10' }],
    }),
    200,
  )
  await jsonOf(
    await asBrowser(caller, 'POST', `/api/portfolios/${portfolio}/transactions`, {
      idempotencyKey: crypto.randomUUID(),
      transaction: {
        type: 'BUY',
        tradeDate: '2017-02-28',
        instrumentId: instrument,
        quantity: '1',
        unitPrice: '10',
        fxRate: '3.5',
      },
    }),
    201,
  )
}, 60_000)

afterAll(async () => {
  await admin`delete from public.fx_rates where rate_date = ${PUBLISHED} and base = 'USD'`
  await admin.end()
})

describe('a holding in another currency, its reference rate growing old', () => {
  it('is valued at the same rate by the report and the value series, day 10 and day 11', async () => {
    const caller = { cookie }
    const performance = await jsonOf<{ points: { date: string; value: number }[] }>(
      await asBrowser(
        caller,
        'GET',
        `/api/portfolios/${portfolio}/performance?from=2017-02-28&to=2017-03-13`,
      ),
      200,
    )
    const seriesOn = (date: string) => performance.points.find((point) => point.date === date)
    const reportOn = async (asOf: string) =>
      (
        await jsonOf<{ totals: { value: string } }>(
          await asBrowser(caller, 'GET', `/api/portfolios/${portfolio}/report?asOf=${asOf}`),
          200,
        )
      ).totals.value
    // 1 × 10 USD: at the recorded 3.5 before the rate, at the reference 3.7 from its day through
    // 03-11 (10 days after it), at the recorded 3.5 again from 03-12.
    for (const [date, value] of [
      ['2017-02-28', '35'],
      ['2017-03-01', '37'],
      ['2017-03-11', '37'],
      ['2017-03-12', '35'],
      ['2017-03-13', '35'],
    ] as const) {
      expect({ date, report: await reportOn(date), series: seriesOn(date)?.value }).toEqual({
        date,
        report: value,
        series: Number(value),
      })
    }
  })
})
