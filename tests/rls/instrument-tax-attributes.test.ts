import { beforeAll, describe, expect, it } from 'vitest'
import { as, asOwner, signUp, type TestUser } from './portfolio-users'

// What the tax rules read of an instrument (20261203000010_instrument_tax_attributes.sql): a
// fund's type and the issuer's country, their checks, the catalog's defaults, and that a user
// sets them on their own instruments only.

let alice: TestUser
let bob: TestUser
let aliceFund = ''
let aliceShare = ''

interface TaxRow {
  code: string
  fund_type: string | null
  country: string | null
}

const ownInstrument = (user: TestUser, code: string, type: string) =>
  as(user, async (sql) => {
    const [row] = await sql<{ id: string }[]>`
      insert into public.instruments (code, name, type, currency)
      values (${code}, 'Own', ${type}, 'EUR')
      returning id
    `
    return row?.id ?? ''
  })

const catalogRow = (code: string) =>
  asOwner(async (sql) => {
    const [row] = await sql<(TaxRow & { id: string })[]>`
      select id, code, fund_type, country from public.instruments
      where owner_id is null and code = ${code}
    `
    if (!row) throw new Error(`no catalog line ${code}`)
    return row
  })

beforeAll(async () => {
  ;[alice, bob] = await Promise.all([signUp(), signUp()])
  aliceFund = await ownInstrument(alice, 'MYFUND', 'FUND')
  aliceShare = await ownInstrument(alice, 'MYSHARE', 'STOCK')
})

describe('the catalog’s tax attributes', () => {
  it("gives the starter catalog its ISINs' countries and its ETFs the equity type", async () => {
    const rows = await as(
      null,
      (sql) => sql<TaxRow[]>`
        select code, fund_type, country from public.instruments
        where owner_id is null and code in ('THYAO', 'SAP', 'AAPL', 'VWCE', 'EXS1', 'BTC')
        order by code
      `,
    )
    expect(rows).toEqual([
      { code: 'AAPL', fund_type: null, country: 'US' },
      { code: 'BTC', fund_type: null, country: null },
      { code: 'EXS1', fund_type: 'equity', country: 'DE' },
      { code: 'SAP', fund_type: null, country: 'DE' },
      { code: 'THYAO', fund_type: null, country: 'TR' },
      { code: 'VWCE', fund_type: 'equity', country: 'IE' },
    ])
  })

  it('lets no user change a catalog line’s, nor a visitor anything', async () => {
    const vwce = await catalogRow('VWCE')
    const changed = await as(
      alice,
      (sql) => sql`
        update public.instruments set fund_type = 'other', country = 'LU' where id = ${vwce.id}
      `,
    )
    expect(changed.count).toBe(0)
    expect(await catalogRow('VWCE')).toEqual(vwce)
    await expect(
      as(null, (sql) => sql`update public.instruments set country = 'LU' where id = ${vwce.id}`),
    ).rejects.toMatchObject({ code: '42501' })
  })
})

describe('a user’s own instruments', () => {
  it('take a fund type and a country from their owner, and lose them again', async () => {
    const [row] = await as(
      alice,
      (sql) => sql<TaxRow[]>`
        update public.instruments set fund_type = 'mixed', country = 'LU' where id = ${aliceFund}
        returning code, fund_type, country
      `,
    )
    expect(row).toEqual({ code: 'MYFUND', fund_type: 'mixed', country: 'LU' })
    const [cleared] = await as(
      alice,
      (sql) => sql<TaxRow[]>`
        update public.instruments set fund_type = null, country = null where id = ${aliceFund}
        returning code, fund_type, country
      `,
    )
    expect(cleared).toEqual({ code: 'MYFUND', fund_type: null, country: null })
  })

  it('are out of reach of another user', async () => {
    const changed = await as(
      bob,
      (sql) => sql`update public.instruments set country = 'US' where id = ${aliceShare}`,
    )
    expect(changed.count).toBe(0)
    const [row] = await as(
      alice,
      (sql) => sql<TaxRow[]>`
        select code, fund_type, country from public.instruments where id = ${aliceShare}
      `,
    )
    expect(row).toEqual({ code: 'MYSHARE', fund_type: null, country: null })
  })

  it.each([
    ['a fund type not in the list', 'fund_type', 'Aktienfonds', 'instruments_fund_type_check'],
    ['a country in lower case', 'country', 'de', 'instruments_country_check'],
    ['a country of one letter', 'country', 'D', 'instruments_country_check'],
    ['a country with a digit', 'country', 'D1', 'instruments_country_check'],
  ])('refuse %s', async (_, column, value, constraint) => {
    await expect(
      as(
        alice,
        (sql) =>
          sql`update public.instruments set ${sql(column)} = ${value} where id = ${aliceFund}`,
      ),
    ).rejects.toMatchObject({ code: '23514', constraint_name: constraint })
  })

  it('refuse a fund type on what is not a fund, and a fund with one turning into a share', async () => {
    await expect(
      as(
        alice,
        (sql) => sql`update public.instruments set fund_type = 'equity' where id = ${aliceShare}`,
      ),
    ).rejects.toMatchObject({ code: '23514', constraint_name: 'instruments_fund_type_fund_check' })
    await expect(
      as(alice, async (sql) => {
        await sql`update public.instruments set fund_type = 'equity' where id = ${aliceFund}`
        await sql`update public.instruments set type = 'STOCK' where id = ${aliceFund}`
      }),
    ).rejects.toMatchObject({ code: '23514', constraint_name: 'instruments_fund_type_fund_check' })
    // An ETF has one too.
    const etf = await ownInstrument(alice, 'MYETF', 'ETF')
    const [row] = await as(
      alice,
      (sql) => sql<TaxRow[]>`
        update public.instruments set fund_type = 'foreignRealEstate' where id = ${etf}
        returning code, fund_type, country
      `,
    )
    expect(row).toMatchObject({ fund_type: 'foreignRealEstate' })
  })

  it('keep TEFAS’s category out of a user’s reach, as the other sources’ columns', async () => {
    await expect(
      as(
        alice,
        (sql) => sql`update public.instruments set fund_category = null where id = ${aliceFund}`,
      ),
    ).rejects.toMatchObject({ code: '42501' })
  })
})
