import { beforeAll, describe, expect, it } from 'vitest'
import { isValidIsin } from '../../shared/portfolio/isin'
import {
  COST_BASIS_METHODS,
  INSTRUMENT_TYPES,
  TRANSACTION_TYPES,
  type TransactionType,
} from '../../shared/portfolio/portfolio-kinds'
import {
  addPortfolio,
  as,
  asOwner,
  catalogInstrument,
  signUp,
  type TestUser,
} from './portfolio-users'

type Row = Record<string, string | number | null>

/** A row the engine accepts, for each type (a new type fails to compile until it has one). */
const VALID: Record<TransactionType, Row> = {
  BUY: { type: 'BUY', quantity: '10', unit_price: '12.5', fee: '1', tax: '0.5', fx_rate: '1' },
  SELL: { type: 'SELL', quantity: '0.00000001', unit_price: '99.99' },
  TRANSFER_IN: {
    type: 'TRANSFER_IN',
    quantity: '3',
    unit_price: '20',
    acquired_date: '2020-05-01',
    acquisition_fx_rate: '0.9',
  },
  TRANSFER_OUT: { type: 'TRANSFER_OUT', quantity: '3' },
  SPLIT: { type: 'SPLIT', split_ratio: '2:1', amount: '0' },
  BONUS_ISSUE: { type: 'BONUS_ISSUE', quantity: '10' },
  RIGHTS_ISSUE: { type: 'RIGHTS_ISSUE', quantity: '5', unit_price: '1', fee: '0.5' },
  DIVIDEND: { type: 'DIVIDEND', amount: '15.20', tax: '2.28' },
  INTEREST: { type: 'INTEREST', amount: '3', instrument: null },
  FEE: { type: 'FEE', amount: '5' },
  FEE_REFUND: { type: 'FEE_REFUND', amount: '2.5' },
  TAX: { type: 'TAX', amount: '7', instrument: null },
  TAX_REFUND: { type: 'TAX_REFUND', amount: '12.3', instrument: null },
  DEPOSIT: { type: 'DEPOSIT', amount: '1000', instrument: null },
  WITHDRAWAL: { type: 'WITHDRAWAL', amount: '100', instrument: null },
  EXCHANGE: {
    type: 'EXCHANGE',
    amount: '500',
    fee: '2',
    to_currency: 'USD',
    to_amount: '540',
    instrument: null,
  },
}

/** Rows each type must refuse, with the constraint that refuses them. */
const INVALID: [string, Row, string][] = [
  ['BUY without an instrument', { ...VALID.BUY, instrument: null }, 'transactions_trade_fields'],
  ['BUY without a price', { ...VALID.BUY, unit_price: null }, 'transactions_trade_fields'],
  ['BUY with an amount', { ...VALID.BUY, amount: '5' }, 'transactions_trade_fields'],
  ['BUY of zero units', { ...VALID.BUY, quantity: '0' }, 'transactions_quantity_check'],
  ['BUY of NaN units', { ...VALID.BUY, quantity: 'NaN' }, 'transactions_quantity_check'],
  [
    'BUY at an infinite price',
    { ...VALID.BUY, unit_price: 'Infinity' },
    'transactions_unit_price_check',
  ],
  [
    'SELL at a negative price',
    { ...VALID.SELL, unit_price: '-1' },
    'transactions_unit_price_check',
  ],
  ['SELL with a negative fee', { ...VALID.SELL, fee: '-0.01' }, 'transactions_fee_check'],
  ['SELL with a negative tax', { ...VALID.SELL, tax: '-1' }, 'transactions_tax_check'],
  ['SELL with a split ratio', { ...VALID.SELL, split_ratio: '2' }, 'transactions_trade_fields'],
  [
    'BUY with an acquisition date',
    { ...VALID.BUY, acquired_date: '2020-01-01' },
    'transactions_trade_fields',
  ],
  ['BUY at a zero rate', { ...VALID.BUY, fx_rate: '0' }, 'transactions_fx_rate_check'],
  [
    'TRANSFER_IN without an acquisition date',
    { ...VALID.TRANSFER_IN, acquired_date: null },
    'transactions_transfer_in_fields',
  ],
  [
    'TRANSFER_IN acquired after the trade',
    { ...VALID.TRANSFER_IN, acquired_date: '2025-03-02' },
    'transactions_acquired_date_check',
  ],
  [
    'TRANSFER_IN at a zero purchase rate',
    { ...VALID.TRANSFER_IN, acquisition_fx_rate: '0' },
    'transactions_acquisition_fx_rate_check',
  ],
  [
    'TRANSFER_IN without a carried cost',
    { ...VALID.TRANSFER_IN, unit_price: null },
    'transactions_transfer_in_fields',
  ],
  [
    'BONUS_ISSUE without its units',
    { ...VALID.BONUS_ISSUE, quantity: null },
    'transactions_bonus_issue_fields',
  ],
  [
    'BONUS_ISSUE at a price',
    { ...VALID.BONUS_ISSUE, unit_price: '1' },
    'transactions_bonus_issue_fields',
  ],
  [
    'BONUS_ISSUE of zero units',
    { ...VALID.BONUS_ISSUE, quantity: '0' },
    'transactions_quantity_check',
  ],
  [
    'RIGHTS_ISSUE without its subscription price',
    { ...VALID.RIGHTS_ISSUE, unit_price: null },
    'transactions_trade_fields',
  ],
  [
    'TRANSFER_OUT with a price',
    { ...VALID.TRANSFER_OUT, unit_price: '1' },
    'transactions_transfer_out_fields',
  ],
  [
    'TRANSFER_OUT without units',
    { ...VALID.TRANSFER_OUT, quantity: null },
    'transactions_transfer_out_fields',
  ],
  ['SPLIT without a ratio', { ...VALID.SPLIT, split_ratio: null }, 'transactions_split_fields'],
  ['SPLIT with units', { ...VALID.SPLIT, quantity: '1' }, 'transactions_split_fields'],
  ['SPLIT of 0:1', { ...VALID.SPLIT, split_ratio: '0:1' }, 'transactions_split_ratio_check'],
  ['SPLIT of 2:0.0', { ...VALID.SPLIT, split_ratio: '2:0.0' }, 'transactions_split_ratio_check'],
  ['SPLIT of 2:1:1', { ...VALID.SPLIT, split_ratio: '2:1:1' }, 'transactions_split_ratio_check'],
  ['SPLIT of -2', { ...VALID.SPLIT, split_ratio: '-2' }, 'transactions_split_ratio_check'],
  ['SPLIT with negative cash', { ...VALID.SPLIT, amount: '-1' }, 'transactions_amount_check'],
  ['DIVIDEND of zero', { ...VALID.DIVIDEND, amount: '0' }, 'transactions_dividend_fields'],
  [
    'DIVIDEND without an instrument',
    { ...VALID.DIVIDEND, instrument: null },
    'transactions_dividend_fields',
  ],
  ['DIVIDEND with units', { ...VALID.DIVIDEND, quantity: '2' }, 'transactions_dividend_fields'],
  [
    'INTEREST without an amount',
    { ...VALID.INTEREST, amount: null },
    'transactions_income_and_cost_fields',
  ],
  ['FEE of zero', { ...VALID.FEE, amount: '0' }, 'transactions_income_and_cost_fields'],
  ['TAX with a price', { ...VALID.TAX, unit_price: '1' }, 'transactions_income_and_cost_fields'],
  [
    'TAX_REFUND of zero',
    { ...VALID.TAX_REFUND, amount: '0' },
    'transactions_income_and_cost_fields',
  ],
  [
    'FEE_REFUND with a quantity',
    { ...VALID.FEE_REFUND, quantity: '1' },
    'transactions_income_and_cost_fields',
  ],
  [
    'DEPOSIT on an instrument',
    { ...VALID.DEPOSIT, instrument: 'THYAO' },
    'transactions_cash_fields',
  ],
  ['WITHDRAWAL of zero', { ...VALID.WITHDRAWAL, amount: '0' }, 'transactions_cash_fields'],
  [
    'EXCHANGE on an instrument',
    { ...VALID.EXCHANGE, instrument: 'THYAO' },
    'transactions_exchange_fields',
  ],
  [
    'EXCHANGE into its own currency',
    { ...VALID.EXCHANGE, to_currency: 'EUR' },
    'transactions_exchange_fields',
  ],
  [
    'EXCHANGE without the amount received',
    { ...VALID.EXCHANGE, to_amount: null },
    'transactions_exchange_fields',
  ],
  [
    'EXCHANGE into a made-up currency',
    { ...VALID.EXCHANGE, to_currency: 'XYZ' },
    'transactions_to_currency_check',
  ],
  [
    'EXCHANGE receiving nothing',
    { ...VALID.EXCHANGE, to_amount: '0' },
    'transactions_to_amount_check',
  ],
  [
    'FEE with a currency received',
    { ...VALID.FEE, to_currency: 'USD' },
    'transactions_exchange_fields',
  ],
  ['an unknown type', { ...VALID.FEE, type: 'GIFT' }, 'transactions_type_check'],
  ['a lower-case currency', { ...VALID.FEE, currency: 'eur' }, 'transactions_currency_check'],
  ['a four-letter currency', { ...VALID.FEE, currency: 'EURO' }, 'transactions_currency_check'],
  [
    'a note over 500 characters',
    { ...VALID.FEE, note: 'x'.repeat(501) },
    'transactions_note_check',
  ],
]

describe('check constraints mirror the engine', () => {
  let user: TestUser
  let cashPortfolio: string
  let plainPortfolio: string
  let thyao: string

  beforeAll(async () => {
    user = await signUp()
    thyao = await catalogInstrument('THYAO')
    // Two portfolios need more than the free plan.
    await asOwner(
      (sql) => sql`insert into public.user_plans (user_id, plan) values (${user.id}, 'pro')`,
    )
    cashPortfolio = (await addPortfolio(user, { recordsCash: true })).id
    plainPortfolio = (await addPortfolio(user, { name: 'No cash', recordsCash: false })).id
  })

  /** Inserts `row` (instrument given by code, THYAO unless null) and returns its type. */
  const insert = (row: Row, portfolioId = cashPortfolio) =>
    as(user, async (sql) => {
      const { instrument, ...fields } = row
      const values: Row = {
        portfolio_id: portfolioId,
        trade_date: '2025-03-01',
        currency: 'EUR',
        instrument_id: instrument === null ? null : thyao,
        ...fields,
      }
      const [inserted] = await sql<{ type: string }[]>`
        insert into public.transactions ${sql(values)} returning type
      `
      return inserted?.type
    })

  it.each(TRANSACTION_TYPES)('accepts a valid %s', async (type) => {
    expect(await insert(VALID[type])).toBe(type)
  })

  it.each(INVALID)('refuses %s', async (_, row, constraint) => {
    await expect(insert(row)).rejects.toMatchObject({ code: '23514', constraint_name: constraint })
  })

  it('refuses deposits, withdrawals and exchanges where the portfolio records no cash', async () => {
    for (const row of [VALID.DEPOSIT, VALID.WITHDRAWAL, VALID.EXCHANGE]) {
      await expect(insert(row, plainPortfolio)).rejects.toMatchObject({
        code: '23514',
        message: 'cash_not_recorded',
      })
    }
    expect(await insert(VALID.BUY, plainPortfolio)).toBe('BUY')
  })

  it('lets a portfolio start recording cash, its history kept, but never stop', async () => {
    const later = (await addPortfolio(user, { name: 'Cash later', recordsCash: false })).id
    expect(await insert(VALID.BUY, later)).toBe('BUY')
    const records = (value: boolean) =>
      as(user, async (sql) => {
        const [row] = await sql<{ records_cash: boolean }[]>`
          update public.portfolios set records_cash = ${value} where id = ${later}
          returning records_cash
        `
        return row?.records_cash
      })
    expect(await records(true)).toBe(true)
    expect(await insert(VALID.DEPOSIT, later)).toBe('DEPOSIT')
    await expect(records(false)).rejects.toMatchObject({
      code: '23514',
      message: 'records_cash_permanent',
    })
  })

  it('refuses endless dates', async () => {
    await expect(
      as(
        user,
        (sql) => sql`
          insert into public.transactions (portfolio_id, type, trade_date, currency, amount)
          values (${cashPortfolio}, 'FEE', 'infinity', 'EUR', 1)
        `,
      ),
    ).rejects.toMatchObject({ code: '23514', constraint_name: 'transactions_trade_date_check' })
    await expect(
      as(
        user,
        (sql) => sql`
          insert into public.prices (instrument_id, price_date, close)
          values (${thyao}, '-infinity', 1)
        `,
      ),
    ).rejects.toMatchObject({ code: '23514', constraint_name: 'prices_price_date_check' })
  })

  it('refuses dates before 1900 or after 2099, as the API does', async () => {
    await expect(insert({ ...VALID.FEE, trade_date: '0224-03-01' })).rejects.toMatchObject({
      code: '23514',
      constraint_name: 'transactions_trade_date_check',
    })
    await expect(
      insert({ ...VALID.TRANSFER_IN, acquired_date: '1899-12-31' }),
    ).rejects.toMatchObject({ code: '23514', constraint_name: 'transactions_acquired_date_check' })
    await expect(
      as(
        user,
        (sql) => sql`
          insert into public.prices (instrument_id, price_date, close)
          values (${thyao}, '2100-01-01', 1)
        `,
      ),
    ).rejects.toMatchObject({ code: '23514', constraint_name: 'prices_price_date_check' })
    expect(await insert({ ...VALID.FEE, trade_date: '1900-01-01' })).toBe('FEE')
  })

  it('refuses portfolios with a bad name, currency or cost method', async () => {
    const bad: [Row, string][] = [
      [{ name: '' }, 'portfolios_name_check'],
      [{ name: ' padded' }, 'portfolios_name_check'],
      [{ name: 'x'.repeat(81) }, 'portfolios_name_check'],
      [{ base_currency: 'eur' }, 'portfolios_base_currency_check'],
      [{ cost_basis_method: 'LIFO' }, 'portfolios_cost_basis_method_check'],
    ]
    for (const [fields, constraint] of bad) {
      const values = {
        name: 'Fine',
        base_currency: 'EUR',
        cost_basis_method: 'AVERAGE',
        records_cash: false,
        ...fields,
      }
      await expect(
        as(user, (sql) => sql`insert into public.portfolios ${sql(values)}`),
      ).rejects.toMatchObject({ code: '23514', constraint_name: constraint })
    }
  })

  it('refuses instruments with a bad code, ISIN, currency, exchange, type or slug', async () => {
    const bad: [Row, string][] = [
      [{ code: 'aapl' }, 'instruments_code_check'],
      [{ code: '.AAPL' }, 'instruments_code_check'],
      [{ isin: 'US0378331006' }, 'instruments_isin_check'],
      [{ isin: 'us0378331005' }, 'instruments_isin_check'],
      [{ currency: 'US' }, 'instruments_currency_check'],
      [{ exchange: 'X' }, 'instruments_exchange_check'],
      [{ type: 'SHARE' }, 'instruments_type_check'],
      [{ name: 'x'.repeat(121) }, 'instruments_name_check'],
      [{ slug: 'Not A Slug' }, 'instruments_slug_check'],
    ]
    for (const [fields, constraint] of bad) {
      const values = { code: 'OWN', name: 'Own', type: 'STOCK', currency: 'USD', ...fields }
      await expect(
        as(user, (sql) => sql`insert into public.instruments ${sql(values)}`),
      ).rejects.toMatchObject({ code: '23514', constraint_name: constraint })
    }
  })

  it('fills the slug from the name, Turkish and German letters spelled out, and renames it', async () => {
    const [row] = await as(
      user,
      (sql) => sql<{ slug: string; isin: string }[]>`
        insert into public.instruments (code, name, type, currency, exchange, isin)
        values ('OWN.B', 'Öğretmen Şirketi & Münchener Straße', 'STOCK', 'USD', 'OTC', 'US0378331005')
        returning slug, isin
      `,
    )
    expect(row).toEqual({ slug: 'ogretmen-sirketi-munchener-strasse', isin: 'US0378331005' })
    const renamed = await as(
      user,
      (sql) => sql<{ slug: string }[]>`
        update public.instruments set name = 'Yeni İsim' where code = 'OWN.B' returning slug
      `,
    )
    expect(renamed).toEqual([{ slug: 'yeni-isim' }])
    const catalog = await as(
      null,
      (sql) => sql<{ code: string; slug: string }[]>`
        select code, slug from public.instruments where code in ('THYAO', 'BRK.B') order by code
      `,
    )
    expect(catalog).toEqual([
      { code: 'BRK.B', slug: 'berkshire-hathaway-class-b' },
      { code: 'THYAO', slug: 'turk-hava-yollari' },
    ])
  })

  it('refuses prices that are not positive, and odd sources', async () => {
    const bad: [Row, string][] = [
      [{ close: '0' }, 'prices_close_check'],
      [{ close: 'NaN' }, 'prices_close_check'],
    ]
    for (const [fields, constraint] of bad) {
      const values = { instrument_id: thyao, price_date: '2025-01-01', close: '1', ...fields }
      await expect(
        as(user, (sql) => sql`insert into public.prices ${sql(values)}`),
      ).rejects.toMatchObject({ code: '23514', constraint_name: constraint })
    }
    await expect(
      asOwner(
        (sql) => sql`
          insert into public.prices (instrument_id, owner_id, price_date, close, source)
          values (${thyao}, null, '2025-01-01', 1, 'Some Feed')
        `,
      ),
    ).rejects.toMatchObject({ code: '23514', constraint_name: 'prices_source_check' })
  })
})

describe('the kinds the database allows', () => {
  it('are those of shared/portfolio/portfolio-kinds.ts', async () => {
    const rows = await asOwner(
      (sql) => sql<{ name: string; definition: string }[]>`
        select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
        where conname in (
          'transactions_type_check', 'instruments_type_check', 'portfolios_cost_basis_method_check'
        )
      `,
    )
    const allowed = Object.fromEntries(
      rows.map((row) => [
        row.name,
        [...row.definition.matchAll(/'([A-Z_]+)'/g)].map((match) => match[1]).sort(),
      ]),
    )
    expect(allowed).toEqual({
      transactions_type_check: [...TRANSACTION_TYPES].sort(),
      instruments_type_check: [...INSTRUMENT_TYPES].sort(),
      portfolios_cost_basis_method_check: [...COST_BASIS_METHODS].sort(),
    })
  })
})

describe('public.is_valid_isin', () => {
  it('agrees with shared/portfolio/isin.ts', async () => {
    const catalog = await as(
      null,
      (sql) => sql<{ isin: string }[]>`select isin from public.instruments where isin is not null`,
    )
    // Every check digit for each catalog ISIN, and shapes that are never ISINs.
    const candidates = [
      ...catalog.flatMap(({ isin }) =>
        Array.from({ length: 10 }, (_, digit) => isin.slice(0, 11) + String(digit)),
      ),
      'us0378331005',
      'US037833100',
      'US03783310055',
      'US037833100X',
      '1S0378331005',
      'U$0378331005',
      '',
    ]
    const rows = await as(
      null,
      (sql) => sql<{ text: string; valid: boolean }[]>`
        select text, public.is_valid_isin(text) as valid
        from jsonb_array_elements_text(${sql.json(candidates)}) as text
      `,
    )
    expect(rows.filter((row) => row.valid).length).toBe(catalog.length)
    for (const row of rows) expect([row.text, row.valid]).toEqual([row.text, isValidIsin(row.text)])
  })
})
