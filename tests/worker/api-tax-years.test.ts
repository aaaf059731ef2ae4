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
