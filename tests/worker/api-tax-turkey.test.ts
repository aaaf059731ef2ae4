import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asBrowser, backend, jsonOf } from './auth-backend'
import {
  newCaller,
  newInstrument,
  newPortfolio as portfolioIn,
  record,
  type Caller,
} from './api-callers'

// A lira portfolio's year as the Turkish tax sees it, through the whole worker app, the real auth
// server and Postgres: the figures of docs/tax-turkey.md's worked examples (1, 11, 12 and 15),
// of a dollar portfolio (23) and of the sale previews (24–26) from the TCMB rates and Yİ-ÜFE
// months the tables hold, and the refusals.

interface ApiErrorBody {
  error: { code: string; message: string; fields?: { path: string; code: string }[] }
}

interface Item {
  kind: string
  transactionId: string
  instrument: { code: string } | null
  [figure: string]: unknown
}

interface View {
  year: number
  asOf: string
  items: Item[]
  assessment: Record<string, unknown>
}

const admin = postgres(backend.databaseUrl, { max: 1, fetch_types: false, onnotice: () => {} })

/** The illustrative Yİ-ÜFE and TCMB USD buying rates of docs/tax-turkey.md's examples. */
const YI_UFE: readonly (readonly [string, string])[] = [
  ['2024-02-01', '3000.00'],
  ['2024-12-01', '3750.00'],
  ['2025-01-01', '3850.00'],
  ['2025-03-01', '4000.00'],
  ['2025-04-01', '4100.00'],
  ['2025-05-01', '4125.00'],
]
const TCMB_USD: readonly (readonly [string, string])[] = [
  ['2024-03-14', '32.0000'],
  ['2025-01-03', '35.4000'],
  ['2025-01-31', '36.0000'],
  ['2025-04-14', '38.0000'],
  ['2025-05-16', '38.5000'],
  ['2025-05-30', '39.1000'],
  ['2025-06-05', '39.2000'],
  ['2025-07-14', '40.1000'],
]

const view = (caller: Caller, portfolio: string, year: number | string, language = 'en') =>
  asBrowser(caller, 'GET', `/api/portfolios/${portfolio}/tax/turkey/${year}`, undefined, language)

const newPortfolio = (caller: Caller, name: string, baseCurrency = 'TRY') =>
  portfolioIn(caller, name, baseCurrency)

async function errorOf(response: Response, status: number) {
  return (await jsonOf<ApiErrorBody>(response, status)).error
}

beforeAll(async () => {
  // As the refresh jobs write them; another file's invented values of these days give way.
  for (const [month, value] of YI_UFE) {
    await admin`
      insert into public.price_indices (index_code, month, value)
      values ('TR-YIUFE-2003', ${month}, ${value})
      on conflict (index_code, month) do update set value = excluded.value
    `
  }
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

describe('a lira portfolio’s year as the Turkish tax sees it', () => {
  let ayse: Caller
  let portfolio: string
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    ayse = await newCaller('tr-tax-ayse')
    portfolio = await newPortfolio(ayse, 'Portföy')
    const bist = await newInstrument(ayse, {
      code: 'KYMBI',
      name: 'Kıymet Sanayi A.Ş.',
      type: 'STOCK',
      currency: 'TRY',
      exchange: 'BIST',
    })
    // Own funds with their class and no price source: the quote job another file runs at the
    // same time prices only what has one.
    const fund = await newInstrument(ayse, {
      code: 'KYMFN',
      name: 'Kıymet Borçlanma Araçları Fonu',
      type: 'FUND',
      currency: 'TRY',
      tefasFundClass: 'debt',
    })
    const us = await newInstrument(ayse, {
      code: 'KYMUS',
      name: 'Kıymet Inc.',
      type: 'STOCK',
      currency: 'USD',
      exchange: 'NASDAQ',
    })
    const lira = { currency: 'TRY' }
    // Example 1: a Borsa İstanbul share; Example 12: its dividend.
    ids.bistBuy = await record(ayse, portfolio, {
      ...lira,
      type: 'BUY',
      instrumentId: bist,
      tradeDate: '2025-02-12',
      quantity: '200',
      unitPrice: '280',
      fee: '22.40',
    })
    ids.dividend = await record(ayse, portfolio, {
      ...lira,
      type: 'DIVIDEND',
      instrumentId: bist,
      tradeDate: '2025-05-20',
      amount: '40000',
    })
    ids.bistSale = await record(ayse, portfolio, {
      ...lira,
      type: 'SELL',
      instrumentId: bist,
      tradeDate: '2025-06-04',
      quantity: '200',
      unitPrice: '315.50',
      fee: '25.24',
    })
    // Example 11: a debt fund bought in the 10 % and the 15 % band, 4,000 of 5,000 sold.
    ids.fundFirst = await record(ayse, portfolio, {
      ...lira,
      type: 'BUY',
      instrumentId: fund,
      tradeDate: '2025-01-20',
      quantity: '3000',
      unitPrice: '4.1',
    })
    ids.fundSecond = await record(ayse, portfolio, {
      ...lira,
      type: 'BUY',
      instrumentId: fund,
      tradeDate: '2025-03-10',
      quantity: '2000',
      unitPrice: '4.25',
    })
    ids.fundSale = await record(ayse, portfolio, {
      ...lira,
      type: 'SELL',
      instrumentId: fund,
      tradeDate: '2025-09-15',
      quantity: '4000',
      unitPrice: '4.8',
    })
    // Example 15: a US share, Yİ-ÜFE up 37.5 %; recorded at the broker's rates, taxed at the TCMB's.
    ids.usBuy = await record(ayse, portfolio, {
      type: 'BUY',
      instrumentId: us,
      currency: 'USD',
      fxRate: '32.2',
      tradeDate: '2024-03-15',
      quantity: '10',
      unitPrice: '150',
      fee: '1',
    })
    ids.usSale = await record(ayse, portfolio, {
      type: 'SELL',
      instrumentId: us,
      currency: 'USD',
      fxRate: '39.4',
      tradeDate: '2025-06-10',
      quantity: '10',
      unitPrice: '210',
      fee: '1',
    })
  })

  it('lists the year’s sales and dividend with the figures of the worked examples', async () => {
    const year = await jsonOf<View>(await view(ayse, portfolio, 2025), 200)
    expect(year).toMatchObject({ year: 2025, asOf: '2025-12-31' })
    expect(
      year.items.map((item) => [item.kind, item.transactionId, item.instrument?.code]),
    ).toEqual([
      ['turkishDividend', ids.dividend, 'KYMBI'],
      ['bistSale', ids.bistSale, 'KYMBI'],
      ['foreignSale', ids.usSale, 'KYMUS'],
      ['fundSale', ids.fundSale, 'KYMFN'],
    ])
    const [dividend, bistSale, foreignSale, fundSale] = year.items
    expect(dividend).toMatchObject({
      date: '2025-05-20',
      gross: '40000',
      rate: '0.15',
      decision: 'CK 9286 (RG 22.12.2024, no. 32760)',
      stopaj: '6000',
    })
    // Not taxed: 0 % stopaj, nothing declared.
    expect(bistSale).toMatchObject({
      quantity: '200',
      proceeds: '63074.76',
      cost: '56022.4',
      gain: '7052.36',
      stopaj: '0',
      lots: [{ acquiredBy: ids.bistBuy, boughtOn: '2025-02-12', units: '200' }],
    })
    // 48,032.00 at 32.0000 indexed by 4,125 / 3,000 = 66,044.00; 82,280.80 at 39.2000.
    expect(foreignSale).toMatchObject({
      currency: 'USD',
      proceedsInCurrency: '2099',
      saleRate: { date: '2025-06-05', value: '39.2' },
      proceeds: '82280.8',
      cost: '48032',
      gain: '34248.8',
      indexedGain: '16236.8',
      lots: [
        {
          acquiredBy: ids.usBuy,
          costInCurrency: '1501',
          costRate: { date: '2024-03-14', value: '32' },
          indexation: {
            purchaseMonth: '2024-02',
            purchaseIndex: '3000',
            saleMonth: '2025-05',
            saleIndex: '4125',
            applies: true,
            cost: '66044',
          },
          indexedGain: '16236.8',
        },
      ],
    })
    // Two lots, two bands: 2,100.00 × 10 % + 550.00 × 15 %.
    expect(fundSale).toMatchObject({
      fundClass: 'debt',
      gain: '2650',
      stopaj: '292.5',
      lots: [
        {
          acquiredBy: ids.fundFirst,
          units: '3000',
          gain: '2100',
          rate: '0.1',
          reason: 'otherFunds',
          band: { from: '2024-11-01', through: '2025-01-31', decision: 'CK 9075' },
          stopaj: '210',
        },
        {
          acquiredBy: ids.fundSecond,
          units: '1000',
          gain: '550',
          rate: '0.15',
          reason: 'otherFunds',
          stopaj: '82.5',
        },
      ],
    })
    // The foreign gain alone is declared: 16,236.80 × 15 % by the 2025 tariff.
    expect(year.assessment).toEqual({
      year: 2025,
      bistShares: { gain: '7052.36' },
      funds: { gain: '2650', stopaj: '292.5' },
      turkishDividends: {
        gross: '40000',
        stopaj: '6000',
        test: { amount: '20000', threshold: '330000', declared: false },
      },
      foreignSales: {
        gains: '16236.8',
        losses: '0',
        net: '16236.8',
        netWithoutIndexation: '34248.8',
      },
      foreignDividends: {
        gross: '0',
        foreignTax: '0',
        test: { amount: '0', threshold: '18000', declared: false },
      },
      declaration: {
        foreignGains: '16236.8',
        foreignDividends: '0',
        turkishDividends: '0',
        income: '16236.8',
        estimate: {
          tax: '2435.52',
          turkishStopajCredited: '0',
          foreignTaxCredited: '0',
          foreignTaxNotCredited: '0',
          balance: '2435.52',
        },
      },
    })
  })

  it('explains a figure with the portfolio’s own lots, TCMB rates and Yİ-ÜFE months', async () => {
    const explain = (caller: Caller, figure: string, asOf = '2025-12-31') =>
      asBrowser(caller, 'GET', `/api/portfolios/${portfolio}/explain?figure=${figure}&asOf=${asOf}`)
    interface Step {
      op: string | null
      label: string
      value: string
      params: Record<string, string | number>
      figure: string | null
      source: Record<string, unknown> | null
      parts: { steps: Step[] } | null
    }
    interface Explained {
      value: string
      formula: string
      currency: string
      steps: Step[]
      instruments: Record<string, { code: string }>
    }
    // The fund sale (the 4th item): each lot × its purchase band's rate, rounded once.
    const stopaj = await jsonOf<Explained>(await explain(ayse, 'turkishTaxItem.3.stopaj'), 200)
    expect(stopaj).toMatchObject({
      value: '292.5',
      formula: 'turkishTaxItem.stopaj',
      currency: 'TRY',
    })
    expect(stopaj.steps.map((step) => [step.op, step.label, step.value])).toEqual([
      [null, 'lot', '210'],
      ['plus', 'lot', '82.5'],
      ['roundHalfUp', 'turkishTax.roundedToKurus', '0.01'],
    ])
    expect(stopaj.steps.map((step) => step.source?.transactionId).slice(0, 2)).toEqual([
      ids.fundFirst,
      ids.fundSecond,
    ])
    expect(stopaj.steps[0]?.parts?.steps.at(-1)).toMatchObject({
      label: 'turkishTax.fundRate.otherFunds',
      value: '0.1',
      params: { from: '2024-11-01', to: '2025-01-31', decision: 'CK 9075' },
    })
    // The US sale: proceeds at the bulletin before the sale day, cost indexed by 4,125 / 3,000.
    const proceeds = await jsonOf<Explained>(await explain(ayse, 'turkishTaxItem.2.proceeds'), 200)
    expect(proceeds.value).toBe('82280.8')
    expect(proceeds.steps.at(-1)?.source).toEqual({
      kind: 'fxRate',
      currency: 'USD',
      date: '2025-06-05',
      origin: 'tcmb',
    })
    expect(Object.values(proceeds.instruments).map((each) => each.code)).toEqual(['KYMUS'])
    const indexed = await jsonOf<Explained>(
      await explain(ayse, 'turkishTaxItem.2.indexedGain'),
      200,
    )
    expect(indexed.value).toBe('16236.8')
    const cost = indexed.steps[0]?.parts?.steps[1]
    expect(cost).toMatchObject({ label: 'turkishTax.indexedCost', value: '66044' })
    expect(cost?.parts?.steps.map((step) => step.source)).toEqual([
      expect.objectContaining({ kind: 'transaction', transactionId: ids.usBuy }),
      { kind: 'priceIndex', index: 'TR-YIUFE-2003', month: '2025-05', provisional: false },
      { kind: 'priceIndex', index: 'TR-YIUFE-2003', month: '2024-02', provisional: false },
    ])
    // The beyanname's tax: 16,236.80 × 15 % by the 2025 tariff.
    const tax = await jsonOf<Explained>(await explain(ayse, 'turkishTax.tax'), 200)
    expect(tax.value).toBe('2435.52')
    // What the view does not have; another user's portfolio; a portfolio in euros is read in lira.
    for (const figure of [
      'turkishTaxItem.4.gain',
      'turkishTaxItem.3.indexedGain',
      'turkishTaxItem.0.proceeds',
    ]) {
      expect((await errorOf(await explain(ayse, figure), 404)).code, figure).toBe(
        'figure_not_found',
      )
    }
    // A year without its tariff has no estimate.
    expect((await errorOf(await explain(ayse, 'turkishTax.tax', '2026-01-15'), 404)).code).toBe(
      'figure_not_found',
    )
    const zeynep = await newCaller('tr-tax-zeynep')
    expect((await errorOf(await explain(zeynep, 'turkishTax.income'), 404)).code).toBe(
      'portfolio_not_found',
    )
    const euros = await newPortfolio(zeynep, 'Euro', 'EUR')
    const inEuros = await asBrowser(
      zeynep,
      'GET',
      `/api/portfolios/${euros}/explain?figure=turkishTax.income&asOf=2025-12-31`,
    )
    expect(inEuros.status).toBe(200)
  })

  it('has nothing in a year of purchases only, or before the first transaction', async () => {
    for (const each of [2024, 2020]) {
      const year = await jsonOf<View>(await view(ayse, portfolio, each), 200)
      expect(year.items).toEqual([])
      expect(year.assessment).toMatchObject({
        funds: { gain: '0', stopaj: '0' },
        declaration: { income: '0' },
      })
    }
  })

  it('names the Yİ-ÜFE month not yet published, in the caller’s language', async () => {
    const waiting = await newPortfolio(ayse, 'Bekleyen')
    const us = await newInstrument(ayse, {
      code: 'KYMWT',
      name: 'Kıymet Waiting Inc.',
      type: 'STOCK',
      currency: 'USD',
      exchange: 'NYSE',
    })
    const trade = { instrumentId: us, currency: 'USD', quantity: '5', fxRate: '35' }
    await record(ayse, waiting, {
      ...trade,
      type: 'BUY',
      tradeDate: '2025-01-06',
      unitPrice: '100',
    })
    await record(ayse, waiting, {
      ...trade,
      type: 'SELL',
      tradeDate: '2025-07-15',
      unitPrice: '120',
    })
    const english = await errorOf(await view(ayse, waiting, 2025), 422)
    expect(english).toEqual({
      code: 'missing_price_index',
      message:
        'Yİ-ÜFE for June 2025 has not been published yet: the Turkish tax of a foreign sale needs it. TÜİK publishes it early the following month.',
    })
    const turkish = await errorOf(await view(ayse, waiting, 2025, 'tr'), 422)
    expect(turkish.message).toMatch(/^Haziran 2025 için Yİ-ÜFE değeri henüz yayımlanmadı/)
    const german = await errorOf(await view(ayse, waiting, 2025, 'de'), 422)
    expect(german.message).toMatch(/^Der Yİ-ÜFE für Juni 2025 ist noch nicht veröffentlicht/)
    // The year before the sale needs no index.
    expect((await view(ayse, waiting, 2024)).status).toBe(200)
  })

  it('Example 23: a portfolio in dollars converts each trade at the TCMB rates, as one in lira', async () => {
    const dollars = await newPortfolio(ayse, 'Dolar', 'USD')
    const us = await newInstrument(ayse, {
      code: 'KYMDL',
      name: 'Kıymet Dollar Inc.',
      type: 'STOCK',
      currency: 'USD',
      exchange: 'NYSE',
    })
    const trade = { instrumentId: us, currency: 'USD', quantity: '10' }
    await record(ayse, dollars, {
      ...trade,
      type: 'BUY',
      tradeDate: '2025-02-03',
      unitPrice: '100',
    })
    await record(ayse, dollars, {
      ...trade,
      type: 'SELL',
      tradeDate: '2025-06-02',
      unitPrice: '120',
    })
    // Each trade day's own bulletin, set at 15:30 that day, is not the one in force (rule 7).
    await admin`
      insert into public.fx_rates (source, base, quote, rate_date, rate)
      values ('TCMB', 'USD', 'TRY', '2025-02-03', 99), ('TCMB', 'USD', 'TRY', '2025-06-02', 99)
      on conflict (source, base, quote, rate_date) do update set rate = excluded.rate
    `
    const year = await jsonOf<View>(await view(ayse, dollars, 2025), 200)
    expect(year.items).toMatchObject([
      {
        kind: 'foreignSale',
        saleRate: { date: '2025-05-30', value: '39.1' },
        proceeds: '46920',
        cost: '36000',
        gain: '10920',
        indexedGain: '10920',
        lots: [{ costRate: { date: '2025-01-31', value: '36' } }],
      },
    ])
    expect(year.assessment).toMatchObject({ declaration: { foreignGains: '10920' } })
  })

  it('is nobody else’s', async () => {
    const mehmet = await newCaller('tr-tax-mehmet')
    expect((await errorOf(await view(mehmet, portfolio, 2025), 404)).code).toBe(
      'portfolio_not_found',
    )
  })

  it('refuses a year that is not one', async () => {
    for (const year of ['2008', '2101', '25', 'x']) {
      const error = await errorOf(await view(ayse, portfolio, year), 400)
      expect(error).toMatchObject({ code: 'invalid_query', fields: [{ path: 'year' }] })
    }
  })
})

describe('what a sale would cause in Turkish tax', () => {
  let zeynep: Caller
  let portfolio: string
  // Filled before the tests run.
  const ids = {} as Record<'fund' | 'us' | 'other' | 'bist' | 'fundFirst' | 'fundSecond', string>

  const preview = (
    caller: Caller,
    portfolio: string,
    query: Record<string, string>,
    language = 'en',
  ) =>
    asBrowser(
      caller,
      'GET',
      `/api/portfolios/${portfolio}/tax/turkey/sale-preview?${new URLSearchParams(query)}`,
      undefined,
      language,
    )

  beforeAll(async () => {
    zeynep = await newCaller('tr-preview-zeynep')
    portfolio = await newPortfolio(zeynep, 'Önizleme')
    ids.fund = await newInstrument(zeynep, {
      code: 'KYMPP',
      name: 'Kıymet Para Piyasası Fonu',
      type: 'FUND',
      currency: 'TRY',
      tefasFundClass: 'moneyMarket',
    })
    ids.us = await newInstrument(zeynep, {
      code: 'KYMPV',
      name: 'Kıymet Preview Inc.',
      type: 'STOCK',
      currency: 'USD',
      exchange: 'NYSE',
    })
    ids.other = await newInstrument(zeynep, {
      code: 'KYMEX',
      name: 'Kıymet Example Inc.',
      type: 'STOCK',
      currency: 'USD',
      exchange: 'NASDAQ',
    })
    ids.bist = await newInstrument(zeynep, {
      code: 'KYMBP',
      name: 'Kıymet Önizleme A.Ş.',
      type: 'STOCK',
      currency: 'TRY',
      exchange: 'BIST',
    })
    const lira = { currency: 'TRY' }
    // Example 24: a money-market fund bought in the 7.5 % and the 15 % band.
    ids.fundFirst = await record(zeynep, portfolio, {
      ...lira,
      type: 'BUY',
      instrumentId: ids.fund,
      tradeDate: '2024-10-15',
      quantity: '1000',
      unitPrice: '20',
    })
    ids.fundSecond = await record(zeynep, portfolio, {
      ...lira,
      type: 'BUY',
      instrumentId: ids.fund,
      tradeDate: '2025-02-20',
      quantity: '1000',
      unitPrice: '23.5',
    })
    // Example 25: two lots of a US share, and Example 16's sale declared before it.
    const usd = { currency: 'USD', fxRate: '35' }
    for (const [tradeDate, unitPrice] of [
      ['2024-03-15', '150'],
      ['2025-02-03', '180'],
    ] as const) {
      await record(zeynep, portfolio, {
        ...usd,
        type: 'BUY',
        instrumentId: ids.us,
        tradeDate,
        quantity: '10',
        unitPrice,
      })
    }
    await record(zeynep, portfolio, {
      ...usd,
      type: 'BUY',
      instrumentId: ids.other,
      tradeDate: '2025-01-06',
      quantity: '20',
      unitPrice: '100',
    })
    await record(zeynep, portfolio, {
      ...usd,
      type: 'SELL',
      instrumentId: ids.other,
      tradeDate: '2025-04-15',
      quantity: '20',
      unitPrice: '110',
    })
    // Example 26: Example 1's Borsa İstanbul shares.
    await record(zeynep, portfolio, {
      ...lira,
      type: 'BUY',
      instrumentId: ids.bist,
      tradeDate: '2025-02-12',
      quantity: '200',
      unitPrice: '280',
      fee: '22.40',
    })
  })

  it('Example 24: a fund sale takes two lots of two bands, each at its rate, and writes nothing', async () => {
    const sale = { instrument: ids.fund, quantity: '1500', price: '26.4', date: '2025-09-12' }
    const answer = await jsonOf<Record<string, unknown>>(
      await preview(zeynep, portfolio, sale),
      200,
    )
    expect(answer).toMatchObject({
      held: '2000',
      indexEstimate: null,
      sale: {
        kind: 'fundSale',
        date: '2025-09-12',
        quantity: '1500',
        fundClass: 'moneyMarket',
        proceeds: '39600',
        cost: '31750',
        gain: '7850',
        stopaj: '697.5',
        lots: [
          {
            acquiredBy: ids.fundFirst,
            boughtOn: '2024-10-15',
            units: '1000',
            cost: '20000',
            gain: '6400',
            rate: '0.075',
            reason: 'otherFunds',
            band: {
              from: '2024-08-01',
              through: '2024-10-31',
              decision: 'CK 8775 (RG 01.08.2024)',
            },
            stopaj: '480',
          },
          {
            acquiredBy: ids.fundSecond,
            units: '500',
            cost: '11750',
            gain: '1450',
            rate: '0.15',
            stopaj: '217.5',
          },
        ],
      },
      year: { year: 2025, foreignGains: { before: '12800', after: '12800' } },
    })
    expect(answer.sale).not.toHaveProperty('transactionId')
    // A preview writes nothing: the year's items are still the one sale of Example 16.
    const year = await jsonOf<View>(await view(zeynep, portfolio, 2025), 200)
    expect(year.items.map((item) => item.kind)).toEqual(['foreignSale'])
  })

  it('Example 25: a foreign share, one lot indexed and one not, adds to the March declaration', async () => {
    // Monday 19 May 2025, a holiday in Türkiye: the last bulletin before it is Friday 16 May's.
    const sale = { instrument: ids.us, quantity: '15', price: '200', date: '2025-05-19' }
    const answer = await jsonOf<Record<string, unknown>>(
      await preview(zeynep, portfolio, { ...sale, fxRate: '99' }),
      200,
    )
    expect(answer).toMatchObject({
      held: '20',
      indexEstimate: null,
      sale: {
        kind: 'foreignSale',
        currency: 'USD',
        proceedsInCurrency: '3000',
        // The TCMB's rate, not the query's.
        saleRate: { date: '2025-05-16', value: '38.5' },
        proceeds: '115500',
        cost: '80400',
        gain: '35100',
        indexedGain: '17500',
        lots: [
          {
            units: '10',
            cost: '48000',
            costRate: { date: '2024-03-14', value: '32' },
            indexation: {
              purchaseMonth: '2024-02',
              saleMonth: '2025-04',
              applies: true,
              cost: '65600',
            },
            indexedGain: '11400',
          },
          {
            units: '5',
            cost: '32400',
            costRate: { date: '2025-01-31', value: '36' },
            indexation: {
              purchaseMonth: '2025-01',
              purchaseIndex: '3850',
              saleIndex: '4100',
              applies: false,
              cost: '32400',
            },
            indexedGain: '6100',
          },
        ],
      },
      year: {
        year: 2025,
        foreignGains: { before: '12800', after: '30300' },
        tax: { before: '1920', after: '4545' },
      },
    })
  })

  it('Example 26: a Borsa İstanbul share is not taxed', async () => {
    const sale = {
      instrument: ids.bist,
      quantity: '120',
      price: '315.50',
      fee: '15',
      date: '2025-06-04',
    }
    const answer = await jsonOf<Record<string, unknown>>(
      await preview(zeynep, portfolio, sale),
      200,
    )
    expect(answer).toMatchObject({
      held: '200',
      sale: {
        kind: 'bistSale',
        cost: '33613.44',
        proceeds: '37845',
        gain: '4231.56',
        stopaj: '0',
      },
      year: { foreignGains: { before: '12800', after: '12800' } },
    })
  })

  it('refuses selling more than is held at the quantity, in the caller’s language', async () => {
    const sale = { instrument: ids.fund, quantity: '2001', price: '26.4', date: '2025-09-12' }
    const english = await errorOf(await preview(zeynep, portfolio, sale), 422)
    expect(english).toEqual({
      code: 'insufficient_quantity',
      message: 'You cannot sell or transfer more units than the portfolio holds on that date.',
      fields: [{ path: 'quantity', code: 'too_big', message: 'Too large.' }],
    })
    // Before the second purchase only the first thousand were held.
    const earlier = await errorOf(
      await preview(zeynep, portfolio, { ...sale, quantity: '1001', date: '2025-01-02' }, 'tr'),
      422,
    )
    expect(earlier.code).toBe('insufficient_quantity')
    expect(earlier.message).not.toBe(english.message)
  })

  it('refuses parameters that are not valid, naming each, and a date after today', async () => {
    const sale = { instrument: ids.fund, quantity: '1', price: '26', date: '2025-09-12' }
    const cases = [
      [{ ...sale, quantity: '1,5' }, 'quantity', 'decimal'],
      [{ ...sale, quantity: '0' }, 'quantity', 'positive'],
      [{ ...sale, price: '-1' }, 'price', 'positive'],
      [{ ...sale, fee: '-1' }, 'fee', 'non_negative'],
      [{ ...sale, date: '2025-02-30' }, 'date', 'date'],
      [{ ...sale, instrument: 'KYMPP' }, 'instrument', 'uuid'],
      [{ quantity: '1', price: '26', date: '2025-09-12' }, 'instrument', 'required'],
      [{ ...sale, date: '2099-01-04' }, 'date', 'future'],
    ] as const
    for (const [query, path, code] of cases) {
      const error = await errorOf(await preview(zeynep, portfolio, query, 'tr'), 400)
      expect(error.code).toBe('invalid_query')
      expect(error.fields?.[0]).toMatchObject({ path, code })
    }
  })

  it('reads a portfolio in any currency, and is nobody else’s', async () => {
    const sale = { instrument: ids.fund, quantity: '1', price: '26', date: '2025-09-12' }
    const euros = await newPortfolio(zeynep, 'Euro', 'EUR')
    // A euro portfolio is read in lira too; this one never held the fund.
    const error = await errorOf(await preview(zeynep, euros, sale), 422)
    expect(error.code).toBe('insufficient_quantity')
    const emre = await newCaller('tr-preview-emre')
    for (const theirs of [portfolio, euros]) {
      const error = await errorOf(await preview(emre, theirs, sale), 404)
      expect(error.code).toBe('portfolio_not_found')
    }
    // Another's instrument in one's own portfolio is one never held.
    const own = await newPortfolio(emre, 'Emre')
    expect((await errorOf(await preview(emre, own, sale), 422)).code).toBe('insufficient_quantity')
  })
})
