import { beforeAll, describe, expect, it } from 'vitest'
import { CURRENCIES, isCurrency } from '../../shared/api/schemas/currencies'
import { addPortfolio, as, asOwner, signUp, type TestUser } from './portfolio-users'

// The currencies Postgres takes (the generated <version>_currencies.sql): the list of
// shared/api/schemas/currencies.ts, whoever writes, so a made-up code is refused even around the API.

let user: TestUser
let portfolio: string

beforeAll(async () => {
  user = await signUp()
  // Room for a second portfolio: a refusal must come from the check, not the plan's limit.
  await asOwner(
    (sql) => sql`insert into public.user_plans (user_id, plan) values (${user.id}, 'pro')`,
  )
  portfolio = (await addPortfolio(user)).id
})

describe('public.is_currency', () => {
  it('agrees with shared/api/schemas/currencies.ts on every ISO 4217 code and made-up ones', async () => {
    const candidates = [
      ...Intl.supportedValuesOf('currency'),
      ...['ABC', 'ZZZ', 'QQQ', 'usd', 'EURO', 'EU', ''],
    ]
    const rows = await as(
      user,
      (sql) => sql<{ code: string; taken: boolean }[]>`
        select code, public.is_currency(code) as taken
        from jsonb_array_elements_text(${sql.json(candidates)}) as code
      `,
    )
    expect(rows.filter((row) => row.taken).map((row) => row.code)).toEqual(CURRENCIES)
    for (const row of rows) expect([row.code, row.taken]).toEqual([row.code, isCurrency(row.code)])
  })
})

describe('the currency columns', () => {
  it('refuse a portfolio, an instrument and a transaction in ABC, as the user', async () => {
    const refused = (constraint: string) => ({ code: '23514', constraint_name: constraint })
    const base = {
      name: 'Made up',
      base_currency: 'ABC',
      cost_basis_method: 'FIFO',
      records_cash: false,
    }
    await expect(
      as(user, (sql) => sql`insert into public.portfolios ${sql(base)}`),
    ).rejects.toMatchObject(refused('portfolios_base_currency_check'))
    const instrument = { code: 'MADEUP', name: 'Made up', type: 'FUND', currency: 'ABC' }
    await expect(
      as(user, (sql) => sql`insert into public.instruments ${sql(instrument)}`),
    ).rejects.toMatchObject(refused('instruments_currency_check'))
    const deposit = {
      portfolio_id: portfolio,
      type: 'DEPOSIT',
      trade_date: '2024-06-03',
      currency: 'ABC',
      amount: '100',
    }
    await expect(
      as(user, (sql) => sql`insert into public.transactions ${sql(deposit)}`),
    ).rejects.toMatchObject(refused('transactions_currency_check'))
  })

  it('take any code of the list, refuse a change to ZZZ and the quote job’s attempt in ABC', async () => {
    const [own] = await as(
      user,
      (sql) => sql<{ id: string }[]>`
        insert into public.instruments (code, name, type, currency)
        values ('OWNXDR', 'Own in SDR', 'FUND', 'XDR')
        returning id
      `,
    )
    expect(own?.id).toBeDefined()
    await expect(
      as(
        user,
        (sql) => sql`update public.instruments set currency = 'ZZZ' where id = ${own?.id ?? ''}`,
      ),
    ).rejects.toMatchObject({ code: '23514', constraint_name: 'instruments_currency_check' })
    await expect(
      asOwner(
        (sql) => sql`
          insert into public.quote_attempts (provider, symbol, currency, tried_at)
          values ('coingecko', 'bitcoin', 'ABC', now())
        `,
      ),
    ).rejects.toMatchObject({ code: '23514', constraint_name: 'quote_attempts_currency_check' })
  })
})
