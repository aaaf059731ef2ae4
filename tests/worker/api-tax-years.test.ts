import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asBrowser, backend, createUser, jsonOf, signIn, uniqueEmail } from './auth-backend'

// The tax settings of portfolios per year through the whole worker app, the real auth server and
// Postgres: recorded and forgotten, refused when they would pass the allowance (whose size the
// access token's joint assessment decides), and nobody else's.

interface Caller {
  cookie: string
}

interface ApiErrorBody {
  error: { code: string; message: string; fields?: { path: string; code: string }[] }
}

interface TaxYear {
  year: number
  freistellungsauftrag: string
  lossCertificate: boolean
}

interface Overview {
  year: number
  jointAssessment: boolean
  allowance: string
  used: string
  left: string
  portfolios: { id: string; name: string; freistellungsauftrag: string; lossCertificate: boolean }[]
}

const admin = postgres(backend.databaseUrl, { max: 1, fetch_types: false, onnotice: () => {} })

async function newCaller(tag: string, metadata: Record<string, unknown> = {}): Promise<Caller> {
  const email = uniqueEmail(tag)
  await createUser(email, 'secret-pass-1', metadata)
  return { cookie: await signIn(email) }
}

async function newPortfolio(caller: Caller, name: string): Promise<string> {
  const created = await jsonOf<{ id: string }>(
    await asBrowser(caller, 'POST', '/api/portfolios', {
      name,
      baseCurrency: 'EUR',
      costBasisMethod: 'FIFO',
      recordsCash: false,
    }),
    201,
  )
  return created.id
}

const put = (caller: Caller, portfolio: string, year: number, body: unknown, language = 'en') =>
  asBrowser(caller, 'PUT', `/api/portfolios/${portfolio}/tax-years/${year}`, body, language)

const fsa = (freistellungsauftrag: string, lossCertificate = false) => ({
  freistellungsauftrag,
  lossCertificate,
})

async function errorOf(response: Response, status: number) {
  return (await jsonOf<ApiErrorBody>(response, status)).error
}

afterAll(async () => {
  await admin.end()
})

describe('a portfolio’s tax years', () => {
  let alice: Caller
  let bob: Caller
  let depot: string
  let savings: string
  let bobs: string

  beforeAll(async () => {
    ;[alice, bob] = await Promise.all([newCaller('tax-alice'), newCaller('tax-bob')])
    depot = await newPortfolio(alice, 'Depot')
    savings = await newPortfolio(alice, 'Savings')
    bobs = await newPortfolio(bob, 'Bob')
  })

  it('records a year, the same answer when sent again, and lists it', async () => {
    const first = await jsonOf<TaxYear>(await put(alice, depot, 2025, fsa('600', true)), 200)
    expect(first).toEqual({ year: 2025, freistellungsauftrag: '600.00', lossCertificate: true })
    expect(await jsonOf(await put(alice, depot, 2025, fsa('600', true)), 200)).toEqual(first)
    await jsonOf(await put(alice, depot, 2024, fsa('100.5')), 200)
    expect(
      await jsonOf(await asBrowser(alice, 'GET', `/api/portfolios/${depot}/tax-years`), 200),
    ).toEqual({
      taxYears: [{ year: 2024, freistellungsauftrag: '100.50', lossCertificate: false }, first],
    })
  })

  it('shows each portfolio of a year with the allowance given and left', async () => {
    const overview = await jsonOf<Overview>(
      await asBrowser(alice, 'GET', '/api/tax-years/2025'),
      200,
    )
    expect(overview).toEqual({
      year: 2025,
      jointAssessment: false,
      allowance: '1000.00',
      used: '600.00',
      left: '400.00',
      portfolios: [
        {
          id: depot,
          name: 'Depot',
          baseCurrency: 'EUR',
          freistellungsauftrag: '600.00',
          lossCertificate: true,
        },
        {
          id: savings,
          name: 'Savings',
          baseCurrency: 'EUR',
          freistellungsauftrag: '0.00',
          lossCertificate: false,
        },
      ],
    })
    // Before 2023 the allowance was 801.
    const old = await jsonOf<Overview>(await asBrowser(alice, 'GET', '/api/tax-years/2022'), 200)
    expect(old).toMatchObject({ allowance: '801.00', used: '0.00', left: '801.00' })
  })

  it('refuses a raise past the allowance across the person’s portfolios, naming what is left', async () => {
    const english = await errorOf(await put(alice, savings, 2025, fsa('400.01')), 422)
    expect(english).toEqual({
      code: 'allowance_exceeded',
      message:
        'Your exemption orders for 2025 may add up to at most €1,000: €400.00 is left for this portfolio.',
      fields: [{ path: 'freistellungsauftrag', code: 'too_big', message: 'Too large.' }],
    })
    const german = await errorOf(await put(alice, savings, 2025, fsa('500'), 'de'), 422)
    expect(german.message).toBe(
      'Ihre Freistellungsaufträge für 2025 dürfen zusammen höchstens 1.000 € betragen: Für dieses Portfolio sind noch 400,00 € frei.',
    )
    // Exactly the rest is taken; Bob's portfolios count for Bob alone.
    await jsonOf(await put(alice, savings, 2025, fsa('400')), 200)
    await jsonOf(await put(bob, bobs, 2025, fsa('1000')), 200)
    // Before 2023, 801.
    expect((await errorOf(await put(alice, depot, 2022, fsa('801.01')), 422)).code).toBe(
      'allowance_exceeded',
    )
  })

  it('lets only one of two raises at the same moment take the rest of the allowance', async () => {
    const answers = await Promise.all([
      put(alice, depot, 2030, fsa('600')),
      put(alice, savings, 2030, fsa('600')),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422])
  })

  it('always takes a lowered amount, even while the year stays past the allowance', async () => {
    // As left behind when joint assessment was switched off: 1,500 given of 1,000.
    await admin`
      update public.tax_years set freistellungsauftrag = 1100
      where portfolio_id = ${depot} and year = 2025
    `
    await jsonOf(await put(alice, depot, 2025, fsa('900', true)), 200)
    expect((await errorOf(await put(alice, depot, 2025, fsa('950')), 422)).code).toBe(
      'allowance_exceeded',
    )
    await jsonOf(await put(alice, depot, 2025, fsa('600', true)), 200)
  })

  it('refuses what is not an amount to the cent, or a year out of range, in the caller’s language', async () => {
    const cases = [
      [fsa('-1'), 'non_negative'],
      [fsa('1.005'), 'cents'],
      [fsa('12345678901'), 'too_big'],
      [fsa('1,5'), 'decimal'],
      [{ freistellungsauftrag: '1' }, 'required'],
    ] as const
    for (const [body, code] of cases) {
      const error = await errorOf(await put(alice, depot, 2026, body, 'de'), 422)
      expect(error.code).toBe('validation_failed')
      expect(error.message).toMatch(/Einige Felder/)
      expect(error.fields?.[0]).toMatchObject({ code })
    }
    expect(
      (await errorOf(await put(alice, depot, 2026, fsa('1.005'), 'de'), 422)).fields?.[0],
    ).toMatchObject({ message: 'Höchstens zwei Nachkommastellen.' })
    for (const year of ['2008', '2101', '25', 'x']) {
      const error = await errorOf(
        await asBrowser(alice, 'PUT', `/api/portfolios/${depot}/tax-years/${year}`, fsa('1')),
        400,
      )
      expect(error).toMatchObject({ code: 'invalid_query', fields: [{ path: 'year' }] })
    }
    const [row] = await admin<{ count: number }[]>`
      select count(*)::int from public.tax_years where portfolio_id = ${depot} and year = 2026
    `
    expect(row?.count).toBe(0)
  })

  it('forgets a year, and forgetting it again is no error', async () => {
    for (let time = 0; time < 2; time++) {
      const response = await asBrowser(alice, 'DELETE', `/api/portfolios/${depot}/tax-years/2024`)
      expect(response.status).toBe(204)
    }
    const { taxYears } = await jsonOf<{ taxYears: TaxYear[] }>(
      await asBrowser(alice, 'GET', `/api/portfolios/${depot}/tax-years`),
      200,
    )
    expect(taxYears.map((entry) => entry.year)).toContain(2025)
    expect(taxYears.map((entry) => entry.year)).not.toContain(2024)
  })

  it('answers another user’s portfolio as one that does not exist, and writes nothing', async () => {
    const answers = [
      await asBrowser(alice, 'GET', `/api/portfolios/${bobs}/tax-years`),
      await put(alice, bobs, 2025, fsa('0')),
      await asBrowser(alice, 'DELETE', `/api/portfolios/${bobs}/tax-years/2025`),
    ]
    for (const answer of answers) {
      expect((await errorOf(answer, 404)).code).toBe('portfolio_not_found')
    }
    const overview = await jsonOf<Overview>(await asBrowser(bob, 'GET', '/api/tax-years/2025'), 200)
    expect(overview).toMatchObject({ used: '1000.00', left: '0.00' })
    expect(overview.portfolios.map((portfolio) => portfolio.id)).toEqual([bobs])
  })
})

describe('joint assessment, as the access token carries it', () => {
  it('doubles the allowance; an unknown value counts as not set', async () => {
    const couple = await newCaller('tax-couple', {
      tax_residence: 'DE',
      tax_joint_assessment: true,
      church_tax_rate: '0.09',
    })
    const depot = await newPortfolio(couple, 'Joint')
    await jsonOf(await put(couple, depot, 2025, fsa('2000')), 200)
    expect((await errorOf(await put(couple, depot, 2022, fsa('1602.01')), 422)).code).toBe(
      'allowance_exceeded',
    )
    expect(
      await jsonOf<Overview>(await asBrowser(couple, 'GET', '/api/tax-years/2025'), 200),
    ).toMatchObject({ jointAssessment: true, allowance: '2000.00', left: '0.00' })

    const unsure = await newCaller('tax-unsure', { tax_joint_assessment: 'yes' })
    const own = await newPortfolio(unsure, 'Own')
    expect((await errorOf(await put(unsure, own, 2025, fsa('1000.01')), 422)).code).toBe(
      'allowance_exceeded',
    )
  })
})

describe('a portfolio’s year as a German depot', () => {
  it('assesses the year from the transactions, the Freistellungsauftrag and the church tax', async () => {
    const carla = await newCaller('tax-carla', {
      tax_residence: 'DE',
      church_tax_rate: '0.09',
    })
    const depot = await newPortfolio(carla, 'Depot')
    const share = await jsonOf<{ id: string }>(
      await asBrowser(carla, 'POST', '/api/instruments', {
        code: 'KYMDE',
        name: 'Kıymet Deutschland AG',
        type: 'STOCK',
        currency: 'EUR',
        country: 'DE',
      }),
      201,
    )
    const write = (transaction: Record<string, unknown>) =>
      asBrowser(carla, 'POST', `/api/portfolios/${depot}/transactions`, {
        idempotencyKey: crypto.randomUUID(),
        transaction: { instrumentId: share.id, currency: 'EUR', ...transaction },
      })
    // Example 6 of docs/tax-germany.md: a FIFO gain of 613.80 on shares.
    for (const transaction of [
      { type: 'BUY', tradeDate: '2023-03-10', quantity: '10', unitPrice: '100', fee: '1' },
      { type: 'BUY', tradeDate: '2024-04-12', quantity: '10', unitPrice: '150', fee: '1' },
      { type: 'SELL', tradeDate: '2025-06-20', quantity: '12', unitPrice: '160', fee: '5' },
    ]) {
      expect((await write(transaction)).status).toBe(201)
    }
    expect((await put(carla, depot, 2025, fsa('100'))).status).toBe(200)
    const view = await jsonOf<{
      assessment: {
        taxable: string
        allowanceUsed: string
        kapESt: string
        soli: string
        churchTax: string
      }
      items: { kind: string; pot: string; amount: string; instrument: { code: string } | null }[]
    }>(await asBrowser(carla, 'GET', `/api/portfolios/${depot}/tax/germany/2025`), 200)
    expect(view.items).toMatchObject([
      { kind: 'sale', pot: 'shares', amount: '613.8', instrument: { code: 'KYMDE' } },
    ])
    // 613.80 − 100.00 = 513.80; with church tax at 9 %: 513.80 ÷ 4.09 = 125.6234…
    expect(view.assessment).toMatchObject({
      allowanceUsed: '100',
      taxable: '513.8',
      kapESt: '125.62',
      soli: '6.9',
      churchTax: '11.3',
    })
    // A year before the first transaction: nothing taxed, the whole Freistellungsauftrag left.
    expect((await put(carla, depot, 2022, fsa('250'))).status).toBe(200)
    const before = await jsonOf<{ items: unknown[]; assessment: { allowanceLeft: string } }>(
      await asBrowser(carla, 'GET', `/api/portfolios/${depot}/tax/germany/2022`),
      200,
    )
    expect(before.items).toEqual([])
    expect(before.assessment.allowanceLeft).toBe('250')
  })

  it('explains a tax figure with the depot’s own lots, through the explanation route', async () => {
    const emil = await newCaller('tax-emil', { tax_residence: 'DE', church_tax_rate: '0.09' })
    const depot = await newPortfolio(emil, 'Depot')
    const share = await jsonOf<{ id: string }>(
      await asBrowser(emil, 'POST', '/api/instruments', {
        code: 'KYMEX',
        name: 'Kıymet Export AG',
        type: 'STOCK',
        currency: 'EUR',
        country: 'DE',
      }),
      201,
    )
    const ids: string[] = []
    // Example 6 of docs/tax-germany.md again: 12 sold, FIFO takes the 10 of 2023 and 2 of 2024.
    for (const transaction of [
      { type: 'BUY', tradeDate: '2023-03-10', quantity: '10', unitPrice: '100', fee: '1' },
      { type: 'BUY', tradeDate: '2024-04-12', quantity: '10', unitPrice: '150', fee: '1' },
      { type: 'SELL', tradeDate: '2025-06-20', quantity: '12', unitPrice: '160', fee: '5' },
    ]) {
      const written = await asBrowser(emil, 'POST', `/api/portfolios/${depot}/transactions`, {
        idempotencyKey: crypto.randomUUID(),
        transaction: { instrumentId: share.id, currency: 'EUR', ...transaction },
      })
      ids.push((await jsonOf<{ id: string }>(written, 201)).id)
    }
    const explain = (caller: Caller, figure: string) =>
      asBrowser(caller, 'GET', `/api/portfolios/${depot}/explain?figure=${figure}&asOf=2025-12-31`)
    interface Explained {
      value: string
      formula: string
      steps: {
        op: string | null
        label: string
        value: string
        figure: string | null
        source: Record<string, unknown> | null
        parts: { steps: { label: string; value: string }[] } | null
      }[]
      instruments: Record<string, { code: string }>
    }
    // KapESt: (613.80 − 4 × 0) ÷ (4 + 0.09), rounded half up: 150.07.
    const kapESt = await jsonOf<Explained>(await explain(emil, 'germanTax.kapESt'), 200)
    expect(kapESt.value).toBe('150.07')
    expect(kapESt.formula).toBe('germanTax.kapESt')
    expect(kapESt.steps.map((step) => [step.op, step.value, step.figure])).toEqual([
      [null, '613.8', 'germanTax.taxable'],
      ['minus', '0', null],
      ['divide', '4.09', null],
      ['roundHalfUp', '0.01', null],
    ])
    expect(kapESt.steps[2]?.parts?.steps[1]).toMatchObject({ label: 'germanTax.churchTaxRate' })
    // The sale: its proceeds, then each lot it took, named by the purchase that brought it.
    const sale = await jsonOf<Explained>(await explain(emil, 'germanTaxItem.0.amount'), 200)
    expect(sale.value).toBe('613.8')
    expect(sale.steps.map((step) => [step.op, step.label, step.value])).toEqual([
      [null, 'proceeds', '1915'],
      ['minus', 'lot', '1001'],
      ['minus', 'lot', '300.2'],
    ])
    const [first, second, sell] = ids
    expect(sale.steps.map((step) => step.source?.transactionId)).toEqual([sell, first, second])
    expect(sale.instruments[share.id]?.code).toBe('KYMEX')
    // No second item; the figure of another user's portfolio; a portfolio not in euros.
    expect((await errorOf(await explain(emil, 'germanTaxItem.1.amount'), 404)).code).toBe(
      'figure_not_found',
    )
    const frank = await newCaller('tax-frank')
    expect((await errorOf(await explain(frank, 'germanTax.kapESt'), 404)).code).toBe(
      'portfolio_not_found',
    )
    const lira = await jsonOf<{ id: string }>(
      await asBrowser(emil, 'POST', '/api/portfolios', {
        name: 'Lira',
        baseCurrency: 'TRY',
        costBasisMethod: 'FIFO',
        recordsCash: false,
      }),
      201,
    )
    const refused = await asBrowser(
      emil,
      'GET',
      `/api/portfolios/${lira.id}/explain?figure=germanTax.income&asOf=2025-12-31`,
    )
    expect((await errorOf(refused, 422)).code).toBe('tax_needs_euros')
  })

  it('needs a portfolio in euros, and is nobody else’s', async () => {
    const dora = await newCaller('tax-dora')
    const lira = await jsonOf<{ id: string }>(
      await asBrowser(dora, 'POST', '/api/portfolios', {
        name: 'Lira',
        baseCurrency: 'TRY',
        costBasisMethod: 'FIFO',
        recordsCash: false,
      }),
      201,
    )
    const refused = await errorOf(
      await asBrowser(dora, 'GET', `/api/portfolios/${lira.id}/tax/germany/2025`),
      422,
    )
    expect(refused.code).toBe('tax_needs_euros')
    const eve = await newCaller('tax-eve')
    const theirs = await errorOf(
      await asBrowser(eve, 'GET', `/api/portfolios/${lira.id}/tax/germany/2025`),
      404,
    )
    expect(theirs.code).toBe('portfolio_not_found')
  })
})

interface SalePreview {
  fxRate: string
  held: string
  lots: { transactionId: string | null; tradeDate: string; units: string; cost: string }[]
  proceeds: string
  cost: string
  vorabpauschalen: string
  grossGain: string
  teilfreistellung: { rate: string; amount: string } | null
  taxableGain: string
  pot: string
  tax: { kapESt: string; soli: string; churchTax: string; total: string }
  churchTaxRate: string
  freistellungsauftragLeft: { before: string; after: string }
  taxFreeUnits: string
}

describe('what a sale would cost in German tax', () => {
  let fritz: Caller
  let depot: string
  let share: string
  let buys: string[]

  const preview = (
    caller: Caller,
    portfolio: string,
    query: Record<string, string>,
    language = 'en',
  ) =>
    asBrowser(
      caller,
      'GET',
      `/api/portfolios/${portfolio}/tax/germany/sale-preview?${new URLSearchParams(query)}`,
      undefined,
      language,
    )

  async function newInstrument(caller: Caller, instrument: Record<string, unknown>) {
    const created = await jsonOf<{ id: string }>(
      await asBrowser(caller, 'POST', '/api/instruments', instrument),
      201,
    )
    return created.id
  }

  /** Records a purchase, or the transaction `type` says. */
  async function buy(caller: Caller, portfolio: string, transaction: Record<string, unknown>) {
    const created = await jsonOf<{ id: string }>(
      await asBrowser(caller, 'POST', `/api/portfolios/${portfolio}/transactions`, {
        idempotencyKey: crypto.randomUUID(),
        transaction: { type: 'BUY', ...transaction },
      }),
      201,
    )
    return created.id
  }

  beforeAll(async () => {
    fritz = await newCaller('tax-fritz', { tax_residence: 'DE', church_tax_rate: '0.09' })
    depot = await newPortfolio(fritz, 'Depot')
    share = await newInstrument(fritz, {
      code: 'KYMSP',
      name: 'Kıymet Vorschau AG',
      type: 'STOCK',
      currency: 'EUR',
      country: 'DE',
    })
    // Example 6 of docs/tax-germany.md, the sale not yet made.
    buys = [
      await buy(fritz, depot, {
        instrumentId: share,
        tradeDate: '2023-03-10',
        quantity: '10',
        unitPrice: '100',
        fee: '1',
      }),
      await buy(fritz, depot, {
        instrumentId: share,
        tradeDate: '2024-04-12',
        quantity: '10',
        unitPrice: '150',
        fee: '1',
      }),
    ]
    expect((await put(fritz, depot, 2025, fsa('100'))).status).toBe(200)
  })

  it('takes the lots first in, first out, and adds KapESt, Soli and church tax past the allowance', async () => {
    const sale = { instrument: share, quantity: '12', price: '160', fee: '5', date: '2025-06-20' }
    const answer = await jsonOf<SalePreview>(await preview(fritz, depot, sale), 200)
    expect(answer).toEqual({
      date: '2025-06-20',
      fxRate: '1',
      held: '20',
      lots: [
        { transactionId: buys[0], tradeDate: '2023-03-10', units: '10', cost: '1001' },
        { transactionId: buys[1], tradeDate: '2024-04-12', units: '2', cost: '300.2' },
      ],
      proceeds: '1915',
      cost: '1301.2',
      vorabpauschalen: '0',
      grossGain: '613.8',
      teilfreistellung: null,
      taxableGain: '613.8',
      pot: 'shares',
      // 613.80 − 100.00 = 513.80; with church tax at 9 %: 513.80 ÷ 4.09 = 125.6234…
      tax: { kapESt: '125.62', soli: '6.9', churchTax: '11.3', total: '143.82' },
      churchTaxRate: '0.09',
      freistellungsauftragLeft: { before: '100', after: '0' },
      // Each unit of the first lot gains 160 − 5 ÷ 12 − 100.10 = 59.48…: one fits in 100.00.
      taxFreeUnits: '1',
    })
    // A preview writes nothing: the year still has no sale.
    const year = await jsonOf<{ items: unknown[] }>(
      await asBrowser(fritz, 'GET', `/api/portfolios/${depot}/tax/germany/2025`),
      200,
    )
    expect(year.items).toEqual([])
  })

  it('converts a price in another currency at the rate given, else the reference rate of the day', async () => {
    const dollars = await newInstrument(fritz, {
      code: 'KYMUS',
      name: 'Kıymet Dollar Inc.',
      type: 'STOCK',
      currency: 'USD',
      country: 'US',
    })
    await buy(fritz, depot, {
      instrumentId: dollars,
      tradeDate: '2025-01-06',
      quantity: '4',
      unitPrice: '100',
      fxRate: '0.9',
    })
    const sale = { instrument: dollars, quantity: '4', price: '150', date: '2025-03-03' }
    const given = await jsonOf<SalePreview>(
      await preview(fritz, depot, { ...sale, fxRate: '0.8' }),
      200,
    )
    // 4 × 150 × 0.80 − 4 × 100 × 0.90 = 480 − 360.
    expect(given).toMatchObject({ fxRate: '0.8', proceeds: '480', cost: '360', grossGain: '120' })
    await admin`
      insert into public.fx_rates (source, base, quote, rate_date, rate)
      values ('ECB', 'EUR', 'USD', '2025-02-28', 1.25)
      on conflict do nothing
    `
    const looked = await jsonOf<SalePreview>(await preview(fritz, depot, sale), 200)
    expect(looked).toMatchObject({ fxRate: '0.8', proceeds: '480' })
    const unknown = await errorOf(await preview(fritz, depot, { ...sale, date: '2009-01-05' }), 422)
    expect(unknown).toMatchObject({ code: 'fx_rate_needed', fields: [{ path: 'fxRate' }] })
  })

  it('gives a fund its Teilfreistellung and counts the units the allowance left covers (Example 23)', async () => {
    const etf = await newCaller('tax-etf', { tax_residence: 'DE' })
    const own = await newPortfolio(etf, 'ETF')
    const fund = await newInstrument(etf, {
      code: 'KYMETF',
      name: 'Kıymet Welt ETF',
      type: 'ETF',
      currency: 'EUR',
      fundType: 'equity',
    })
    await buy(etf, own, {
      instrumentId: fund,
      tradeDate: '2025-02-03',
      quantity: '30',
      unitPrice: '80',
    })
    await buy(etf, own, {
      instrumentId: fund,
      tradeDate: '2025-06-02',
      quantity: '50',
      unitPrice: '95',
    })
    expect((await put(etf, own, 2025, fsa('500'))).status).toBe(200)
    const answer = await jsonOf<SalePreview>(
      await preview(etf, own, {
        instrument: fund,
        quantity: '29',
        price: '105',
        date: '2025-11-03',
      }),
      200,
    )
    expect(answer).toMatchObject({
      grossGain: '725',
      teilfreistellung: { rate: '0.3', amount: '217.5' },
      taxableGain: '507.5',
      pot: 'general',
      tax: { kapESt: '1.88', soli: '0.1', churchTax: '0', total: '1.98' },
      freistellungsauftragLeft: { before: '500', after: '0' },
      taxFreeUnits: '28',
    })
  })

  it('leaves crypto-assets out of capital income: named in the view, no sale preview', async () => {
    const coins = await newCaller('tax-coins', { tax_residence: 'DE' })
    const own = await newPortfolio(coins, 'Coins')
    const coin = await newInstrument(coins, {
      code: 'KYMCOIN',
      name: 'Kıymet Coin',
      type: 'CRYPTO',
      currency: 'EUR',
    })
    await buy(coins, own, {
      instrumentId: coin,
      tradeDate: '2025-02-03',
      quantity: '2',
      unitPrice: '1000',
    })
    await buy(coins, own, {
      type: 'SELL',
      tradeDate: '2025-05-05',
      instrumentId: coin,
      quantity: '1',
      unitPrice: '3000',
    })
    const view = await jsonOf<{
      items: unknown[]
      notCapitalIncome: { id: string }[]
      assessment: { income: string }
    }>(await asBrowser(coins, 'GET', `/api/portfolios/${own}/tax/germany/2025`), 200)
    // The 2,000 gain is a private sale (§ 23 EStG), in no pot.
    expect(view.items).toEqual([])
    expect(view.assessment.income).toBe('0')
    expect(view.notCapitalIncome.map((instrument) => instrument.id)).toEqual([coin])
    const refused = await errorOf(
      await preview(coins, own, {
        instrument: coin,
        quantity: '1',
        price: '3000',
        date: '2025-06-02',
      }),
      422,
    )
    expect(refused.code).toBe('not_capital_income')
  })

  it('refuses selling more than is held at the quantity, in the caller’s language', async () => {
    const sale = { instrument: share, quantity: '21', price: '160', date: '2025-06-20' }
    const english = await errorOf(await preview(fritz, depot, sale), 422)
    expect(english).toEqual({
      code: 'insufficient_quantity',
      message: 'You cannot sell or transfer more units than the portfolio holds on that date.',
      fields: [{ path: 'quantity', code: 'too_big', message: 'Too large.' }],
    })
    // Before the second purchase only its first ten were held.
    const earlier = await errorOf(
      await preview(fritz, depot, { ...sale, quantity: '11', date: '2024-01-02' }, 'de'),
      422,
    )
    expect(earlier.message).toMatch(/^Sie können nicht mehr/)
    // Nothing held of an instrument the portfolio never bought.
    const catalog = await admin<{ id: string }[]>`
      select id from public.instruments where owner_id is null and code = 'THYAO'
    `
    const never = await errorOf(
      await preview(fritz, depot, { ...sale, instrument: catalog[0]?.id ?? '' }),
      422,
    )
    expect(never.code).toBe('insufficient_quantity')
  })

  it('refuses parameters that are not valid, naming each, and a date after today', async () => {
    const sale = { instrument: share, quantity: '1', price: '160', date: '2025-06-20' }
    const cases = [
      [{ ...sale, quantity: '1,5' }, 'quantity', 'decimal'],
      [{ ...sale, quantity: '0' }, 'quantity', 'positive'],
      [{ ...sale, price: '-1' }, 'price', 'positive'],
      [{ ...sale, fee: '-1' }, 'fee', 'non_negative'],
      [{ ...sale, fxRate: 'x' }, 'fxRate', 'decimal'],
      [{ ...sale, date: '2025-02-30' }, 'date', 'date'],
      [{ ...sale, instrument: 'KYMSP' }, 'instrument', 'uuid'],
      [{ quantity: '1', price: '160', date: '2025-06-20' }, 'instrument', 'required'],
      [{ ...sale, date: '2099-01-04' }, 'date', 'future'],
    ] as const
    for (const [query, path, code] of cases) {
      const error = await errorOf(await preview(fritz, depot, query, 'de'), 400)
      expect(error.code).toBe('invalid_query')
      expect(error.message).toMatch(/Parameter/)
      expect(error.fields?.[0]).toMatchObject({ path, code })
    }
  })

  it('needs a portfolio in euros, and is nobody else’s', async () => {
    const sale = { instrument: share, quantity: '1', price: '160', date: '2025-06-20' }
    const lira = await jsonOf<{ id: string }>(
      await asBrowser(fritz, 'POST', '/api/portfolios', {
        name: 'Lira',
        baseCurrency: 'TRY',
        costBasisMethod: 'FIFO',
        recordsCash: false,
      }),
      201,
    )
    expect((await errorOf(await preview(fritz, lira.id, sale), 422)).code).toBe('tax_needs_euros')
    const greta = await newCaller('tax-greta', { tax_residence: 'DE' })
    for (const portfolio of [depot, lira.id]) {
      const theirs = await errorOf(await preview(greta, portfolio, sale), 404)
      expect(theirs.code).toBe('portfolio_not_found')
    }
    // Another's instrument in one's own portfolio is one never held.
    const gretas = await newPortfolio(greta, 'Greta')
    const error = await errorOf(await preview(greta, gretas, sale), 422)
    expect(error.code).toBe('insufficient_quantity')
  })
})
