import { beforeAll, describe, expect, it } from 'vitest'
import { asBrowser, createUser, jsonOf, signIn, uniqueEmail } from './auth-backend'

// A person's German tax year across their depots through the whole worker app, the real auth
// server and Postgres: each portfolio in euros summed, the allowance no depot used turned into
// the tax return's estimate, and only the caller's own portfolios.

interface Caller {
  cookie: string
}

interface Person {
  year: number
  asOf: string
  depots: { id: string; name: string; [figure: string]: unknown }[]
  totals: Record<string, unknown>
  allowance: Record<string, string>
  refund: Record<string, string>
  lossCertificateCandidates: string[]
  notInEuros: { id: string; name: string; baseCurrency: string }[]
}

async function newCaller(tag: string, metadata: Record<string, unknown> = {}): Promise<Caller> {
  const email = uniqueEmail(tag)
  await createUser(email, 'secret-pass-1', metadata)
  return { cookie: await signIn(email) }
}

async function newPortfolio(caller: Caller, name: string, baseCurrency = 'EUR'): Promise<string> {
  const created = await jsonOf<{ id: string }>(
    await asBrowser(caller, 'POST', '/api/portfolios', {
      name,
      baseCurrency,
      costBasisMethod: 'FIFO',
      recordsCash: false,
    }),
    201,
  )
  return created.id
}

async function write(caller: Caller, portfolio: string, transaction: Record<string, unknown>) {
  const response = await asBrowser(caller, 'POST', `/api/portfolios/${portfolio}/transactions`, {
    idempotencyKey: crypto.randomUUID(),
    transaction: { currency: 'EUR', ...transaction },
  })
  expect(response.status).toBe(201)
}

async function giveOrder(caller: Caller, portfolio: string, year: number, amount: string) {
  const response = await asBrowser(
    caller,
    'PUT',
    `/api/portfolios/${portfolio}/tax-years/${year}`,
    {
      freistellungsauftrag: amount,
      lossCertificate: false,
    },
  )
  expect(response.status).toBe(200)
}

const personOf = async (caller: Caller, year: number | string) =>
  jsonOf<Person>(await asBrowser(caller, 'GET', `/api/tax/germany/${year}`), 200)

describe('a person’s German tax year across their depots', () => {
  let ada: Caller
  let taxed: string
  let spared: string
  let lira: string

  beforeAll(async () => {
    ada = await newCaller('tax-person-ada', { tax_residence: 'DE', church_tax_rate: '0.09' })
    taxed = await newPortfolio(ada, 'Broker A')
    spared = await newPortfolio(ada, 'Broker B')
    lira = await newPortfolio(ada, 'Lira', 'TRY')
    const share = await jsonOf<{ id: string }>(
      await asBrowser(ada, 'POST', '/api/instruments', {
        code: 'KYMP',
        name: 'Kıymet Person AG',
        type: 'STOCK',
        currency: 'EUR',
        country: 'DE',
      }),
      201,
    )
    const buy = { type: 'BUY', instrumentId: share.id, quantity: '10', unitPrice: '100' }
    // Broker A: a dividend of 1,000.00 with 200 of the allowance: 800.00 taxed.
    await write(ada, taxed, { ...buy, tradeDate: '2025-01-10' })
    await write(ada, taxed, {
      type: 'DIVIDEND',
      instrumentId: share.id,
      tradeDate: '2025-05-02',
      amount: '1000',
    })
    await giveOrder(ada, taxed, 2025, '200')
    // Broker B: a dividend of 300.00 within 800 of the allowance, and a share loss of 200.00
    // carried into 2026.
    await write(ada, spared, { ...buy, tradeDate: '2025-01-10' })
    await write(ada, spared, {
      type: 'DIVIDEND',
      instrumentId: share.id,
      tradeDate: '2025-05-02',
      amount: '300',
    })
    await write(ada, spared, {
      type: 'SELL',
      instrumentId: share.id,
      tradeDate: '2025-09-15',
      quantity: '10',
      unitPrice: '80',
    })
    await giveOrder(ada, spared, 2025, '800')
  })

  it('assesses each depot as its own view does, oldest first, and adds them up', async () => {
    const person = await personOf(ada, 2025)
    expect(person).toMatchObject({ year: 2025, asOf: '2025-12-31' })
    // 800.00 ÷ 4.09 = 195.599…: KapESt 195.60, Soli 10.75, church tax 17.60.
    expect(person.depots).toEqual([
      {
        id: taxed,
        name: 'Broker A',
        lossCertificate: false,
        income: '1000',
        freistellungsauftrag: '200',
        allowanceUsed: '200',
        taxable: '800',
        foreignTaxCredited: '0',
        kapESt: '195.6',
        soli: '10.75',
        churchTax: '17.6',
        carriedOut: { shares: '0', general: '0' },
      },
      {
        id: spared,
        name: 'Broker B',
        lossCertificate: false,
        income: '300',
        freistellungsauftrag: '800',
        allowanceUsed: '300',
        taxable: '0',
        foreignTaxCredited: '0',
        kapESt: '0',
        soli: '0',
        churchTax: '0',
        carriedOut: { shares: '-200', general: '0' },
      },
    ])
    const view = await jsonOf<{ assessment: { kapESt: string; taxable: string } }>(
      await asBrowser(ada, 'GET', `/api/portfolios/${taxed}/tax/germany/2025`),
      200,
    )
    expect(view.assessment).toMatchObject({ kapESt: '195.6', taxable: '800' })
    expect(person.totals).toEqual({
      income: '1300',
      freistellungsauftrag: '1000',
      allowanceUsed: '500',
      taxable: '800',
      foreignTaxCredited: '0',
      kapESt: '195.6',
      soli: '10.75',
      churchTax: '17.6',
      carriedOut: { shares: '-200', general: '0' },
    })
    expect(person.notInEuros).toEqual([{ id: lira, name: 'Lira', baseCurrency: 'TRY' }])
  })

  it('estimates what the tax return gives back of the allowance left unused', async () => {
    const person = await personOf(ada, 2025)
    expect(person.allowance).toEqual({
      sparerPauschbetrag: '1000',
      given: '1000',
      used: '500',
      unused: '500',
    })
    // 500.00 of the 800.00 taxed: 500 ÷ 4.09 = 122.249…: 122.25, Soli 6.72, church tax 11.00.
    expect(person.refund).toEqual({
      base: '500',
      kapESt: '122.25',
      soli: '6.72',
      churchTax: '11',
      total: '139.97',
    })
    // Broker B's share loss stays in its pot while Broker A paid tax.
    expect(person.lossCertificateCandidates).toEqual([spared])
  })

  it('names no candidate once the loss certificate is recorded, and nothing back in a year without tax', async () => {
    const response = await asBrowser(ada, 'PUT', `/api/portfolios/${spared}/tax-years/2025`, {
      freistellungsauftrag: '800',
      lossCertificate: true,
    })
    expect(response.status).toBe(200)
    const person = await personOf(ada, 2025)
    expect(person.lossCertificateCandidates).toEqual([])
    expect(person.depots[1]).toMatchObject({ lossCertificate: true })
    // 2024: nothing happened, the whole allowance (1,000 since 2023) unused, nothing to give back.
    const before = await personOf(ada, 2024)
    expect(before.allowance).toEqual({
      sparerPauschbetrag: '1000',
      given: '0',
      used: '0',
      unused: '1000',
    })
    expect(before.refund).toEqual({
      base: '0',
      kapESt: '0',
      soli: '0',
      churchTax: '0',
      total: '0',
    })
    expect(before.depots.map((depot) => depot.id)).toEqual([taxed, spared])
  })

  it('shows only the caller’s own portfolios', async () => {
    const bea = await newCaller('tax-person-bea', { tax_residence: 'DE' })
    const own = await newPortfolio(bea, 'Bea')
    const person = await personOf(bea, 2025)
    expect(person.depots.map((depot) => depot.id)).toEqual([own])
    expect(person.notInEuros).toEqual([])
    expect(person.totals).toMatchObject({ income: '0', kapESt: '0' })
    expect(person.refund.total).toBe('0')
    const alone = await personOf(await newCaller('tax-person-cem'), 2025)
    expect(alone.depots).toEqual([])
    expect(alone.allowance).toMatchObject({ sparerPauschbetrag: '1000', unused: '1000' })
  })

  it('refuses a year out of range in the caller’s language, and answers nobody signed out', async () => {
    for (const year of ['2008', '2101', '25', 'x']) {
      const response = await asBrowser(ada, 'GET', `/api/tax/germany/${year}`, undefined, 'de')
      const body = await jsonOf<{ error: { code: string; fields: { path: string }[] } }>(
        response,
        400,
      )
      expect(body.error).toMatchObject({ code: 'invalid_query', fields: [{ path: 'year' }] })
    }
    expect((await asBrowser({ cookie: '' }, 'GET', '/api/tax/germany/2025')).status).toBe(401)
  })
})
