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
let euros: string

/** A lira portfolio holding 1 unit, priced 10 in `currency`, bought at the recorded `fxRate`. */
async function portfolioHolding(
  code: string,
  currency: string,
  tradeDate: string,
  fxRate: string,
): Promise<string> {
  const caller = { cookie }
  const { id } = await jsonOf<{ id: string }>(
    await asBrowser(caller, 'POST', '/api/portfolios', {
      name: `FX rule ${code}`,
      baseCurrency: 'TRY',
      costBasisMethod: 'AVERAGE',
      recordsCash: false,
    }),
    201,
  )
  const { id: instrument } = await jsonOf<{ id: string }>(
    await asBrowser(caller, 'POST', '/api/instruments', {
      code,
      name: `${code} test`,
      type: 'STOCK',
      currency,
    }),
    201,
  )
  // Its one close, the trade day.
  await jsonOf(
    await asBrowser(caller, 'PUT', `/api/instruments/${instrument}/prices`, {
      prices: [{ date: tradeDate, close: '10' }],
    }),
    200,
  )
  await jsonOf(
    await asBrowser(caller, 'POST', `/api/portfolios/${id}/transactions`, {
      idempotencyKey: crypto.randomUUID(),
      transaction: {
        type: 'BUY',
        tradeDate,
        instrumentId: instrument,
        quantity: '1',
        unitPrice: '10',
        fxRate,
      },
    }),
    201,
  )
  return id
}

async function performance(id: string, from: string, to: string) {
  const { points } = await jsonOf<{ points: { date: string; value: number }[] }>(
    await asBrowser({ cookie }, 'GET', `/api/portfolios/${id}/performance?from=${from}&to=${to}`),
    200,
  )
  // A day without a point of its own (nothing could change) has the figures of the point before.
  return (date: string) => points.findLast((point) => point.date <= date)?.value
}

async function report(id: string, asOf: string) {
  return jsonOf<{ totals: { value: string }; years: { endDate: string; value: string }[] }>(
    await asBrowser({ cookie }, 'GET', `/api/portfolios/${id}/report?asOf=${asOf}`),
    200,
  )
}

beforeAll(async () => {
  const email = uniqueEmail('fx-rule')
  await createUser(email)
  cookie = await signIn(email)
  await admin`
    insert into public.fx_rates (source, base, quote, rate_date, rate)
    values ('TCMB', 'USD', 'TRY', ${PUBLISHED}, 3.7),
      ('TCMB', 'EUR', 'TRY', '2017-12-22', 4.5), ('ECB', 'EUR', 'TRY', '2017-12-29', 4.6)
    on conflict do nothing
  `
  // No reference rate is in force on the trade day, the day before the USD rate.
  portfolio = await portfolioHolding('FXRULEU', 'USD', '2017-02-28', '3.5')
  euros = await portfolioHolding('FXRULEE', 'EUR', '2017-12-20', '4.4')
}, 60_000)

afterAll(async () => {
  await admin`
    delete from public.fx_rates
    where (base, rate_date) in (('USD', ${PUBLISHED}::date), ('EUR', '2017-12-22'), ('EUR', '2017-12-29'))
  `
  await admin.end()
})

describe('a holding in another currency, its reference rate growing old', () => {
  it('is valued at the same rate by the report and the value series, day 10 and day 11', async () => {
    const seriesOn = await performance(portfolio, '2017-02-28', '2017-03-13')
    const reportOn = async (asOf: string) => (await report(portfolio, asOf)).totals.value
    // 1 × 10 USD: at the recorded 3.5 before the rate, at the reference 3.7 from its day through
    // 03-11 (10 days after it), at the recorded 3.5 again from 03-12.
    for (const [date, value] of [
      ['2017-02-28', '35'],
      ['2017-03-01', '37'],
      ['2017-03-11', '37'],
      ['2017-03-12', '35'],
      ['2017-03-13', '35'],
    ] as const) {
      expect({ date, report: await reportOn(date), series: seriesOn(date) }).toEqual({
        date,
        report: value,
        series: Number(value),
      })
    }
  })

  it('is valued at the preferred bank’s rate on a day it is in force, though the other’s is newer', async () => {
    // EUR/TRY: the TCMB's of 22 December is in force through 1 January; the ECB's of 29 December
    // answers from 2 January. The report of 3 January values the year's end at the TCMB's.
    const seriesOn = await performance(euros, '2017-12-20', '2018-01-03')
    const { totals, years } = await report(euros, '2018-01-03')
    expect({
      yearEnd: years.find((year) => year.endDate === '2017-12-31')?.value,
      seriesYearEnd: seriesOn('2017-12-31'),
      asOf: totals.value,
      seriesAsOf: seriesOn('2018-01-03'),
    }).toEqual({ yearEnd: '45', seriesYearEnd: 45, asOf: '46', seriesAsOf: 46 })
  })
})
