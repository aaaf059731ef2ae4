import { beforeAll, describe, expect, it } from 'vitest'
import {
  addInstrument,
  addPortfolio,
  as,
  asOwner,
  catalogInstrument,
  signUp,
  type PortfolioRow,
  type TestUser,
} from './portfolio-users'

const DENIED = { code: '42501' }
const POLICY = { code: '42501', message: expect.stringMatching(/row-level security/) }
const NOT_AVAILABLE = { code: '23503', message: 'instrument_not_available' }

interface Ids {
  id: string
}

const buy = (user: TestUser, portfolioId: string, instrumentId: string) =>
  as(user, async (sql) => {
    const [row] = await sql<Ids[]>`
      insert into public.transactions
        (portfolio_id, instrument_id, type, trade_date, currency, quantity, unit_price)
      values (${portfolioId}, ${instrumentId}, 'BUY', '2025-01-02', 'EUR', 1, 10)
      returning id
    `
    return row?.id
  })

const manualPrice = (user: TestUser, instrumentId: string, close = '12.5') =>
  as(user, async (sql) => {
    const [row] = await sql<Ids[]>`
      insert into public.prices (instrument_id, price_date, close)
      values (${instrumentId}, '2025-01-03', ${close})
      on conflict (instrument_id, owner_id, price_date) do update set close = excluded.close
      returning id
    `
    return row?.id
  })

const ids = (rows: readonly Ids[]) => rows.map((row) => row.id).sort()

describe("each user reads and writes only their own portfolio data; anon only what's shared", () => {
  let alice: TestUser
  let bob: TestUser
  let thyao: string
  let alicePortfolio: PortfolioRow
  let bobPortfolio: PortfolioRow
  let aliceFund: string
  let bobFund: string
  let aliceBuy: string
  let alicePrice: string
  let sharedPrice: string

  beforeAll(async () => {
    ;[alice, bob, thyao] = await Promise.all([signUp(), signUp(), catalogInstrument('THYAO')])
    ;[alicePortfolio, bobPortfolio, aliceFund, bobFund] = await Promise.all([
      addPortfolio(alice),
      addPortfolio(bob),
      addInstrument(alice, 'ALICEFUND'),
      addInstrument(bob, 'BOBFUND'),
    ])
    aliceBuy = String(await buy(alice, alicePortfolio.id, aliceFund))
    alicePrice = String(await manualPrice(alice, aliceFund))
    await asOwner(async (sql) => {
      const [row] = await sql<Ids[]>`
        insert into public.prices (instrument_id, owner_id, price_date, close, source)
        values (${thyao}, null, '2025-01-03', 300.25, 'provider')
        on conflict (instrument_id, owner_id, price_date) do update set close = excluded.close
        returning id
      `
      sharedPrice = String(row?.id)
      await sql`insert into public.user_plans (user_id, plan) values (${alice.id}, 'pro')`
    })
  })

  describe('portfolios', () => {
    it('each owner sees their own only', async () => {
      const seen = await as(bob, (sql) => sql<Ids[]>`select id from public.portfolios`)
      expect(ids(seen)).toEqual([bobPortfolio.id])
      const own = await as(alice, (sql) => sql<PortfolioRow[]>`select * from public.portfolios`)
      expect(own).toEqual([expect.objectContaining({ id: alicePortfolio.id, user_id: alice.id })])
    })

    it("no one changes or deletes another's", async () => {
      const changed = await as(
        bob,
        (sql) =>
          sql`update public.portfolios set name = 'mine' where id = ${alicePortfolio.id} returning id`,
      )
      const deleted = await as(
        bob,
        (sql) => sql`delete from public.portfolios where id = ${alicePortfolio.id} returning id`,
      )
      expect([changed.length, deleted.length]).toEqual([0, 0])
      const [still] = await as(
        alice,
        (sql) =>
          sql<PortfolioRow[]>`select name from public.portfolios where id = ${alicePortfolio.id}`,
      )
      expect(still?.name).toBe('Main')
    })

    it("no one writes a portfolio in another's name or hands theirs over", async () => {
      await expect(
        as(
          bob,
          (sql) => sql`
            insert into public.portfolios (user_id, name, base_currency, cost_basis_method, records_cash)
            values (${alice.id}, 'forged', 'EUR', 'FIFO', false)
          `,
        ),
      ).rejects.toMatchObject(POLICY)
      await expect(
        as(
          bob,
          (sql) =>
            sql`update public.portfolios set user_id = ${alice.id} where id = ${bobPortfolio.id}`,
        ),
      ).rejects.toMatchObject(DENIED)
    })

    it('the owner renames theirs and updated_at moves', async () => {
      const [before] = await as(
        bob,
        (sql) => sql<{ updated_at: Date }[]>`select updated_at from public.portfolios`,
      )
      const [after] = await as(
        bob,
        (sql) => sql<{ name: string; updated_at: Date }[]>`
          update public.portfolios set name = 'Renamed' where id = ${bobPortfolio.id}
          returning name, updated_at
        `,
      )
      expect(after?.name).toBe('Renamed')
      expect(after!.updated_at.getTime()).toBeGreaterThan(before!.updated_at.getTime())
    })

    it('anon reads and writes none', async () => {
      await expect(as(null, (sql) => sql`select id from public.portfolios`)).rejects.toMatchObject(
        DENIED,
      )
      await expect(
        as(
          null,
          (sql) => sql`
            insert into public.portfolios (user_id, name, base_currency, cost_basis_method, records_cash)
            values (${alice.id}, 'anon', 'EUR', 'FIFO', false)
          `,
        ),
      ).rejects.toMatchObject(DENIED)
    })

    it('TRUNCATE, which row-level security does not cover, is not granted', async () => {
      for (const table of ['portfolios', 'transactions', 'instruments', 'prices', 'user_plans']) {
        await expect(
          as(alice, (sql) => sql`truncate table ${sql('public')}.${sql(table)} cascade`),
        ).rejects.toMatchObject(DENIED)
      }
    })
  })

  describe('instruments', () => {
    it('anon sees the shared catalog only', async () => {
      const seen = await as(
        null,
        (sql) =>
          sql<
            { id: string; owner_id: string | null }[]
          >`select id, owner_id from public.instruments`,
      )
      expect(seen.length).toBeGreaterThan(50)
      expect(seen.every((row) => row.owner_id === null)).toBe(true)
    })

    it("a user sees the catalog and their own, not another's", async () => {
      const seen = await as(
        alice,
        (sql) => sql<Ids[]>`select id from public.instruments where owner_id is not null`,
      )
      expect(ids(seen)).toEqual([aliceFund])
      const [catalog] = await as(
        alice,
        (sql) =>
          sql<
            { count: number }[]
          >`select count(*)::int from public.instruments where owner_id is null`,
      )
      expect(catalog?.count).toBeGreaterThan(50)
    })

    it("no one changes or deletes another's instrument or the catalog", async () => {
      for (const id of [aliceFund, thyao]) {
        const changed = await as(
          bob,
          (sql) => sql`update public.instruments set name = 'mine' where id = ${id} returning id`,
        )
        const deleted = await as(
          bob,
          (sql) => sql`delete from public.instruments where id = ${id} returning id`,
        )
        expect([changed.length, deleted.length]).toEqual([0, 0])
      }
    })

    it('a user adds to neither the catalog nor anyone else', async () => {
      for (const owner of [null, alice.id]) {
        await expect(
          as(
            bob,
            (sql) => sql`
              insert into public.instruments (owner_id, code, name, type, currency)
              values (${owner}, 'FORGED', 'Forged', 'STOCK', 'EUR')
            `,
          ),
        ).rejects.toMatchObject(POLICY)
      }
      await expect(
        as(
          null,
          (sql) => sql`
            insert into public.instruments (owner_id, code, name, type, currency)
            values (null, 'ANON', 'Anon', 'STOCK', 'EUR')
          `,
        ),
      ).rejects.toMatchObject(DENIED)
    })

    it('an instrument in use cannot be deleted, not even by its owner', async () => {
      await expect(
        as(alice, (sql) => sql`delete from public.instruments where id = ${aliceFund}`),
      ).rejects.toMatchObject({ code: '23503' })
    })
  })

  describe('transactions', () => {
    it('each owner sees their own only', async () => {
      const bobs = await as(bob, (sql) => sql<Ids[]>`select id from public.transactions`)
      expect(bobs).toEqual([])
      const alices = await as(alice, (sql) => sql<Ids[]>`select id from public.transactions`)
      expect(ids(alices)).toEqual([aliceBuy])
    })

    it("no one writes into another's portfolio, in their own name or the owner's", async () => {
      await expect(buy(bob, alicePortfolio.id, thyao)).rejects.toMatchObject({
        code: '23503',
        constraint_name: 'transactions_portfolio_fkey',
      })
      await expect(
        as(
          bob,
          (sql) => sql`
            insert into public.transactions
              (user_id, portfolio_id, instrument_id, type, trade_date, currency, quantity, unit_price)
            values (${alice.id}, ${alicePortfolio.id}, ${thyao}, 'BUY', '2025-01-02', 'EUR', 1, 1)
          `,
        ),
      ).rejects.toMatchObject(POLICY)
    })

    it("no one points a transaction at another's instrument, not even the table owner", async () => {
      await expect(buy(bob, bobPortfolio.id, aliceFund)).rejects.toMatchObject(NOT_AVAILABLE)
      const bobBuy = String(await buy(bob, bobPortfolio.id, bobFund))
      await expect(
        as(
          bob,
          (sql) =>
            sql`update public.transactions set instrument_id = ${aliceFund} where id = ${bobBuy}`,
        ),
      ).rejects.toMatchObject(NOT_AVAILABLE)
      await expect(
        asOwner(
          (sql) => sql`
            insert into public.transactions
              (user_id, portfolio_id, instrument_id, type, trade_date, currency, quantity, unit_price)
            values (${bob.id}, ${bobPortfolio.id}, ${aliceFund}, 'BUY', '2025-01-02', 'EUR', 1, 1)
          `,
        ),
      ).rejects.toMatchObject(NOT_AVAILABLE)
      expect(await buy(bob, bobPortfolio.id, thyao)).toBeTruthy()
    })

    it("no one changes or deletes another's transactions", async () => {
      const changed = await as(
        bob,
        (sql) =>
          sql`update public.transactions set note = 'mine' where id = ${aliceBuy} returning id`,
      )
      const deleted = await as(
        bob,
        (sql) => sql`delete from public.transactions where id = ${aliceBuy} returning id`,
      )
      expect([changed.length, deleted.length]).toEqual([0, 0])
    })

    it('owner, portfolio, sequence and idempotency key cannot be changed', async () => {
      for (const column of ['user_id', 'portfolio_id', 'idempotency_key', 'created_at']) {
        await expect(
          as(
            alice,
            (sql) =>
              sql`update public.transactions set ${sql(column)} = ${column === 'created_at' ? new Date() : bob.id} where id = ${aliceBuy}`,
          ),
        ).rejects.toMatchObject(DENIED)
      }
      await expect(
        as(alice, (sql) => sql`update public.transactions set sequence = 1 where id = ${aliceBuy}`),
      ).rejects.toMatchObject({ code: expect.stringMatching(/^(42501|428C9)$/) })
    })

    it('the owner edits theirs; the sequence orders one day and stays', async () => {
      const [edited] = await as(
        alice,
        (sql) => sql<{ note: string; sequence: string }[]>`
          update public.transactions set note = 'first lot' where id = ${aliceBuy}
          returning note, sequence
        `,
      )
      expect(edited?.note).toBe('first lot')
      const second = String(await buy(alice, alicePortfolio.id, thyao))
      const ledger = await as(
        alice,
        (sql) => sql<Ids[]>`
          select id from public.transactions where portfolio_id = ${alicePortfolio.id}
          order by trade_date desc, sequence desc
        `,
      )
      expect(ledger.map((row) => row.id)).toEqual([second, aliceBuy])
    })

    it('a repeated idempotency key writes nothing', async () => {
      const key = crypto.randomUUID()
      const insert = () =>
        as(
          alice,
          (sql) => sql`
            insert into public.transactions
              (portfolio_id, type, trade_date, currency, amount, idempotency_key)
            values (${alicePortfolio.id}, 'DEPOSIT', '2025-01-01', 'EUR', 100, ${key})
            on conflict (user_id, idempotency_key) do nothing
            returning id
          `,
        )
      expect(await insert()).toHaveLength(1)
      expect(await insert()).toHaveLength(0)
      // Another user may use the same key.
      const bobs = await as(
        bob,
        (sql) => sql`
          insert into public.transactions
            (portfolio_id, type, trade_date, currency, amount, idempotency_key)
          values (${bobPortfolio.id}, 'DEPOSIT', '2025-01-01', 'EUR', 100, ${key})
          returning id
        `,
      )
      expect(bobs).toHaveLength(1)
    })

    it('anon reads and writes none', async () => {
      await expect(
        as(null, (sql) => sql`select id from public.transactions`),
      ).rejects.toMatchObject(DENIED)
    })
  })

  describe('prices', () => {
    it('anon sees shared prices only', async () => {
      const seen = await as(null, (sql) => sql<Ids[]>`select id from public.prices`)
      expect(ids(seen)).toEqual([sharedPrice])
    })

    it("a user sees shared prices and their own manual ones, not another's", async () => {
      const alices = await as(alice, (sql) => sql<Ids[]>`select id from public.prices`)
      expect(ids(alices)).toEqual([alicePrice, sharedPrice].sort())
      const bobs = await as(bob, (sql) => sql<Ids[]>`select id from public.prices`)
      expect(ids(bobs)).toEqual([sharedPrice])
    })

    it('a date given again replaces that day’s manual price', async () => {
      expect(await manualPrice(alice, aliceFund, '13')).toBe(alicePrice)
      const [row] = await as(
        alice,
        (sql) => sql<{ close: string }[]>`select close from public.prices where id = ${alicePrice}`,
      )
      expect(row?.close).toBe('13')
    })

    it("no one prices another's instrument, not even the table owner", async () => {
      await expect(manualPrice(bob, aliceFund)).rejects.toMatchObject(NOT_AVAILABLE)
      await expect(
        asOwner(
          (sql) => sql`
            insert into public.prices (instrument_id, owner_id, price_date, close, source)
            values (${aliceFund}, null, '2025-01-03', 1, 'provider')
          `,
        ),
      ).rejects.toMatchObject(NOT_AVAILABLE)
      expect(await manualPrice(bob, thyao)).toBeTruthy()
    })

    it('users write manual prices for themselves only', async () => {
      const attempts = [
        { owner: bob.id, source: 'provider' },
        { owner: null, source: 'manual' },
        { owner: alice.id, source: 'manual' },
      ]
      for (const { owner, source } of attempts) {
        await expect(
          as(
            bob,
            (sql) => sql`
              insert into public.prices (instrument_id, owner_id, price_date, close, source)
              values (${thyao}, ${owner}, '2025-02-01', 1, ${source})
            `,
          ),
        ).rejects.toMatchObject(POLICY)
      }
    })

    it("no one changes or deletes shared prices or another's", async () => {
      for (const id of [alicePrice, sharedPrice]) {
        const changed = await as(
          bob,
          (sql) => sql`update public.prices set close = 1 where id = ${id} returning id`,
        )
        const deleted = await as(
          bob,
          (sql) => sql`delete from public.prices where id = ${id} returning id`,
        )
        expect([changed.length, deleted.length]).toEqual([0, 0])
      }
      await expect(
        as(null, (sql) => sql`delete from public.prices where id = ${sharedPrice}`),
      ).rejects.toMatchObject(DENIED)
    })
  })

  describe('plans', () => {
    it('a user reads their own plan row, no one else’s', async () => {
      const alices = await as(alice, (sql) => sql`select user_id, plan from public.user_plans`)
      expect(alices).toEqual([{ user_id: alice.id, plan: 'pro' }])
      const bobs = await as(bob, (sql) => sql`select user_id from public.user_plans`)
      expect(bobs).toEqual([])
      await expect(as(null, (sql) => sql`select 1 from public.user_plans`)).rejects.toMatchObject(
        DENIED,
      )
    })

    it('users cannot write their own plan', async () => {
      await expect(
        as(
          bob,
          (sql) => sql`insert into public.user_plans (user_id, plan) values (${bob.id}, 'pro')`,
        ),
      ).rejects.toMatchObject(DENIED)
      await expect(
        as(
          alice,
          (sql) => sql`update public.user_plans set plan = 'free' where user_id = ${alice.id}`,
        ),
      ).rejects.toMatchObject(DENIED)
      await expect(
        as(alice, (sql) => sql`delete from public.user_plans where user_id = ${alice.id}`),
      ).rejects.toMatchObject(DENIED)
    })
  })
})

describe('deleting a user', () => {
  it('removes everything of theirs and nothing of anyone else', async () => {
    const [carol, dave] = await Promise.all([signUp(), signUp()])
    const [carolPortfolio, davePortfolio] = await Promise.all([
      addPortfolio(carol),
      addPortfolio(dave),
    ])
    const carolFund = await addInstrument(carol, 'CAROLFUND')
    await buy(carol, carolPortfolio.id, carolFund)
    await buy(carol, carolPortfolio.id, await catalogInstrument('SAP'))
    await manualPrice(carol, carolFund)
    await buy(dave, davePortfolio.id, await catalogInstrument('SAP'))
    await asOwner(
      (sql) => sql`insert into public.user_plans (user_id, plan) values (${carol.id}, 'pro')`,
    )

    const left = () =>
      asOwner(async (sql) => {
        const [row] = await sql<Record<string, number>[]>`
          select
            (select count(*)::int from public.portfolios where user_id = ${carol.id}) as portfolios,
            (select count(*)::int from public.transactions where user_id = ${carol.id}) as transactions,
            (select count(*)::int from public.instruments where owner_id = ${carol.id}) as instruments,
            (select count(*)::int from public.prices where owner_id = ${carol.id}) as prices,
            (select count(*)::int from public.user_plans where user_id = ${carol.id}) as plans,
            (select count(*)::int from public.transactions where user_id = ${dave.id}) as others
        `
        return row
      })
    expect(await left()).toEqual({
      portfolios: 1,
      transactions: 2,
      instruments: 1,
      prices: 1,
      plans: 1,
      others: 1,
    })
    await asOwner((sql) => sql`delete from auth.users where id = ${carol.id}`)
    expect(await left()).toEqual({
      portfolios: 0,
      transactions: 0,
      instruments: 0,
      prices: 0,
      plans: 0,
      others: 1,
    })
  })
})
