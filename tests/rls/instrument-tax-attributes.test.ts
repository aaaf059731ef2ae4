import { beforeAll, describe, expect, it } from 'vitest'
import { as, asOwner, signUp, type TestUser } from './portfolio-users'

// What the tax rules read of an instrument (20261203000010_instrument_tax_attributes.sql,
// 20261205000010_instrument_tefas_fund_class.sql): a fund's type, a Turkish fund's class and the
// issuer's country, their checks, the catalog's defaults, and that a user sets them on their own
// instruments only.

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

describe('a Turkish fund’s class', () => {
  const classOf = (user: TestUser, id: string, value: string | null) =>
    as(
      user,
      (sql) => sql<{ tefas_fund_class: string | null }[]>`
        update public.instruments set tefas_fund_class = ${value} where id = ${id}
        returning tefas_fund_class
      `,
    )

  it('is set and cleared by the owner of a fund, and by no one else', async () => {
    expect(await classOf(alice, aliceFund, 'equityIntensive')).toEqual([
      { tefas_fund_class: 'equityIntensive' },
    ])
    expect(await classOf(bob, aliceFund, 'hedge')).toEqual([])
    expect(await classOf(alice, aliceFund, null)).toEqual([{ tefas_fund_class: null }])
  })

  it('takes only the names of the list', async () => {
    await expect(classOf(alice, aliceFund, 'Değişken')).rejects.toMatchObject({ code: '22P02' })
  })

  it('is refused on a share, and a fund with one turning into a share', async () => {
    await expect(classOf(alice, aliceShare, 'variable')).rejects.toMatchObject({
      code: '23514',
      constraint_name: 'instruments_tefas_fund_class_fund_check',
    })
    await expect(
      as(alice, async (sql) => {
        await sql`update public.instruments set tefas_fund_class = 'gold' where id = ${aliceFund}`
        await sql`update public.instruments set type = 'STOCK' where id = ${aliceFund}`
      }),
    ).rejects.toMatchObject({
      code: '23514',
      constraint_name: 'instruments_tefas_fund_class_fund_check',
    })
  })

  it('is in the catalog only on a fund TEFAS prices, and out of a user’s reach there', async () => {
    const vwce = await catalogRow('VWCE')
    await expect(
      asOwner(
        (sql) =>
          sql`update public.instruments set tefas_fund_class = 'foreign' where id = ${vwce.id}`,
      ),
    ).rejects.toMatchObject({
      code: '23514',
      constraint_name: 'instruments_tefas_fund_class_fund_check',
    })
    const [fund] = await asOwner(
      (sql) => sql<{ id: string; tefas_fund_class: string }[]>`
        insert into public.instruments (owner_id, code, name, type, currency, exchange,
          price_provider, price_symbol, tefas_fund_class)
        values (null, 'RL9', 'KIYMET PORTFÖY RL9 DEĞİŞKEN FON', 'FUND', 'TRY', 'TEFAS', 'tefas',
          'RL9', 'variable')
        returning id, tefas_fund_class
      `,
    )
    try {
      expect(fund?.tefas_fund_class).toBe('variable')
      expect(await classOf(alice, fund!.id, 'equityIntensive')).toEqual([])
      const [seen] = await as(
        null,
        (sql) => sql<{ tefas_fund_class: string }[]>`
          select tefas_fund_class from public.instruments where id = ${fund!.id}
        `,
      )
      expect(seen).toEqual({ tefas_fund_class: 'variable' })
    } finally {
      await asOwner((sql) => sql`delete from public.instruments where id = ${fund!.id}`)
    }
  })
})
