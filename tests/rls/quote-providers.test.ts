import { beforeAll, describe, expect, it } from 'vitest'
import { PRICE_PROVIDER_RULES } from '../../shared/portfolio/price-providers'
import { as, asOwner, signUp, type TestUser } from './portfolio-users'

// Where prices come from (20261127000000_quote_providers.sql): the instruments' price source,
// its checks, the provider status only the owner connection writes (its error message kept from
// users: 20261127000150_quote_message.sql), and provider prices of a user's own instrument that
// carry their id; the job's own record of when it asked for a symbol (20261127000200); Yahoo
// Finance as the catalog's source of shares and ETFs (20261128030000).

let alice: TestUser
let bob: TestUser
let fundId = ''

const ownInstrument = (user: TestUser, fields: Record<string, string | null>) =>
  as(
    user,
    (sql) => sql<{ id: string }[]>`
      insert into public.instruments (code, name, type, currency, price_provider, price_symbol)
      values (${fields.code ?? 'OWN'}, 'Own', ${fields.type ?? 'FUND'}, ${fields.currency ?? 'TRY'},
        ${fields.provider ?? null}, ${fields.symbol ?? null})
      returning id
    `,
  )

beforeAll(async () => {
  ;[alice, bob] = await Promise.all([signUp(), signUp()])
  const [fund] = await ownInstrument(alice, { code: 'TTEFON', provider: 'tefas', symbol: 'TTE' })
  fundId = fund?.id ?? ''
  await asOwner(
    (sql) => sql`
      insert into public.quote_provider_status (provider, last_success_at)
      values ('tefas', now())
      on conflict (provider) do nothing
    `,
  )
})

describe('instruments.price_provider and price_symbol', () => {
  it('gives the starter catalog its sources', async () => {
    const rows = await as(
      null,
      (sql) => sql<{ code: string; price_provider: string | null; price_symbol: string | null }[]>`
        select code, price_provider, price_symbol from public.instruments
        where owner_id is null and code in ('THYAO', 'SAP', 'AAPL', 'BRK.B', 'VWCE', 'BTC', 'ETH')
        order by code
      `,
    )
    expect(rows).toEqual([
      { code: 'AAPL', price_provider: 'yahoo', price_symbol: 'AAPL' },
      { code: 'BRK.B', price_provider: 'yahoo', price_symbol: 'BRK-B' },
      { code: 'BTC', price_provider: 'coingecko', price_symbol: 'bitcoin' },
      { code: 'ETH', price_provider: 'coingecko', price_symbol: 'ethereum' },
      { code: 'SAP', price_provider: 'yahoo', price_symbol: 'SAP.DE' },
      { code: 'THYAO', price_provider: 'yahoo', price_symbol: 'THYAO.IS' },
      { code: 'VWCE', price_provider: 'yahoo', price_symbol: 'VWCE.DE' },
    ])
  })

  it.each([
    ['a provider without a symbol', { provider: 'tefas' }, 'instruments_price_source_check'],
    ['a symbol without a provider', { symbol: 'TTE' }, 'instruments_price_source_check'],
    [
      'an unknown provider',
      { provider: 'boerse', symbol: 'X' },
      'instruments_price_provider_check',
    ],
    [
      'a TEFAS code of four',
      { provider: 'tefas', symbol: 'TTEX' },
      'instruments_price_symbol_check',
    ],
    [
      'a TEFAS fund in dollars',
      { provider: 'tefas', symbol: 'TTE', currency: 'USD' },
      'instruments_price_symbol_check',
    ],
    [
      'a CoinGecko id in capitals',
      { provider: 'coingecko', symbol: 'Bitcoin', currency: 'USD' },
      'instruments_price_symbol_check',
    ],
    [
      'an EODHD ticker without its exchange',
      { provider: 'eodhd', symbol: 'THYAO' },
      'instruments_price_symbol_check',
    ],
    [
      'a Yahoo Finance symbol of an unknown exchange',
      { provider: 'yahoo', symbol: 'SAP.XETRA', currency: 'EUR' },
      'instruments_price_symbol_check',
    ],
  ])('refuses %s', async (_, fields, constraint) => {
    await expect(ownInstrument(alice, { code: 'BAD', ...fields })).rejects.toMatchObject({
      code: '23514',
      constraint_name: constraint,
    })
  })

  it('takes the symbols the app takes, and only those', async () => {
    // price-providers.ts and the migration spell each shape twice; they must agree.
    const symbols: [string, string][] = [
      ['yahoo', 'THYAO.IS'],
      ['yahoo', 'VWCE.DE'],
      ['yahoo', 'SAP.SG'],
      ['yahoo', 'BRK-B'],
      ['yahoo', 'VUSA.L'],
      ['yahoo', 'M&M'],
      ['yahoo', 'BRK.B'],
      ['yahoo', '^GSPC'],
      ['yahoo', 'thyao.is'],
      ['yahoo', 'SAP.XETRA'],
      ['eodhd', 'SAP.XETRA'],
      ['eodhd', 'THYAO'],
      ['coingecko', 'usd-coin'],
      ['coingecko', 'usd--coin'],
    ]
    for (const [index, [provider, symbol]] of symbols.entries()) {
      const accepted = await ownInstrument(alice, {
        code: `SYM${index}`,
        type: 'STOCK',
        currency: 'USD',
        provider,
        symbol,
      }).then(
        () => true,
        (error: { constraint_name?: string }) => {
          expect(error.constraint_name).toBe('instruments_price_symbol_check')
          return false
        },
      )
      const rule = PRICE_PROVIDER_RULES[provider as keyof typeof PRICE_PROVIDER_RULES]
      expect([provider, symbol, accepted]).toEqual([provider, symbol, rule.symbol.test(symbol)])
    }
  })

  it('lets a user change the source of their own instrument, not of the catalog', async () => {
    const changed = await as(
      alice,
      (sql) => sql`
        update public.instruments set price_provider = 'tefas', price_symbol = 'AFT'
        where id = ${fundId} returning id
      `,
    )
    expect(changed).toHaveLength(1)
    const catalog = await as(
      alice,
      (sql) => sql`
        update public.instruments set price_provider = null, price_symbol = null
        where owner_id is null and code = 'THYAO' returning id
      `,
    )
    expect(catalog).toHaveLength(0)
  })
})

describe('provider prices of a user’s own instrument', () => {
  it('carry the owner’s id: the owner reads them, no one else does', async () => {
    await asOwner(
      (sql) => sql`
        insert into public.prices (instrument_id, owner_id, price_date, close, source)
        values (${fundId}, ${alice.id}, '2025-01-07', '0.812882', 'tefas')
      `,
    )
    const read = (user: TestUser) =>
      as(user, (sql) => sql`select close::text from public.prices where instrument_id = ${fundId}`)
    expect(await read(alice)).toEqual([{ close: '0.812882' }])
    expect(await read(bob)).toEqual([])
  })

  it('may not be written by the user (only manual prices are theirs to write)', async () => {
    await expect(
      as(
        alice,
        (sql) => sql`
          insert into public.prices (instrument_id, price_date, close, source)
          values (${fundId}, '2025-01-06', '0.8', 'tefas')
        `,
      ),
    ).rejects.toMatchObject({ code: '42501' })
  })

  it('may not be shared (owner null) on a user’s instrument', async () => {
    await expect(
      asOwner(
        (sql) => sql`
          insert into public.prices (instrument_id, owner_id, price_date, close, source)
          values (${fundId}, null, '2025-01-06', '0.8', 'tefas')
        `,
      ),
    ).rejects.toMatchObject({ code: '23503', message: 'instrument_not_available' })
  })
})

describe('public.quote_provider_status', () => {
  it('is read by signed-in users', async () => {
    const rows = await as(
      bob,
      (sql) => sql`select provider from public.quote_provider_status where provider = 'tefas'`,
    )
    expect(rows).toEqual([{ provider: 'tefas' }])
  })

  it("keeps the error's message, which names symbols, from signed-in users", async () => {
    await expect(
      as(bob, (sql) => sql`select last_error_message from public.quote_provider_status`),
    ).rejects.toMatchObject({ code: '42501' })
    await expect(
      as(bob, (sql) => sql`select * from public.quote_provider_status`),
    ).rejects.toMatchObject({ code: '42501' })
  })

  it('is not read by anonymous visitors', async () => {
    await expect(
      as(null, (sql) => sql`select provider from public.quote_provider_status`),
    ).rejects.toMatchObject({ code: '42501' })
  })

  it('is written by no API role', async () => {
    await expect(
      as(
        alice,
        (sql) => sql`
          update public.quote_provider_status set last_success_at = now() where provider = 'tefas'
        `,
      ),
    ).rejects.toMatchObject({ code: '42501' })
    await expect(
      as(
        alice,
        (sql) => sql`
          insert into public.quote_provider_status (provider, last_success_at)
          values ('eodhd', now())
        `,
      ),
    ).rejects.toMatchObject({ code: '42501' })
    await expect(
      as(alice, (sql) => sql`delete from public.quote_provider_status`),
    ).rejects.toMatchObject({ code: '42501' })
  })

  it('keeps an error and its code together, and codes in their shape', async () => {
    await expect(
      asOwner(
        (sql) => sql`
          insert into public.quote_provider_status (provider, last_error_at)
          values ('coingecko', now())
        `,
      ),
    ).rejects.toMatchObject({ code: '23514', constraint_name: 'quote_provider_status_error_check' })
    await expect(
      asOwner(
        (sql) => sql`
          insert into public.quote_provider_status (provider, last_error_at, last_error_code)
          values ('coingecko', now(), 'Server Error')
        `,
      ),
    ).rejects.toMatchObject({ code: '23514', constraint_name: 'quote_provider_status_code_check' })
  })
})

describe('public.quote_attempts', () => {
  it('is for the scheduled job (the owner connection) only', async () => {
    await asOwner(
      (sql) => sql`
        insert into public.quote_attempts (provider, symbol, currency, tried_at)
        values ('tefas', 'TTE', 'TRY', now())
        on conflict (provider, symbol, currency) do update set tried_at = excluded.tried_at
      `,
    )
    for (const user of [alice, null]) {
      await expect(
        as(user, (sql) => sql`select symbol from public.quote_attempts`),
      ).rejects.toMatchObject({ code: '42501' })
      await expect(
        as(
          user,
          (sql) => sql`
            insert into public.quote_attempts (provider, symbol, currency, tried_at)
            values ('coingecko', 'bitcoin', 'USD', now())
          `,
        ),
      ).rejects.toMatchObject({ code: '42501' })
    }
  })
})
