import type postgres from 'postgres'

/** What the benchmark seeded: the portfolio to report on and its owner's credentials. */
export interface SeededPortfolio {
  portfolioId: string
  asOf: string
}

const INSTRUMENTS = 100
const USD_FROM = 70
const FIRST_DAY = '2021-01-04'
const DAYS = 5 * 365

/**
 * A Pro plan for `userId`, and 100 instruments (30 of them in USD) with 5 years of daily closes
 * and daily USD/TRY rates, as the provider jobs would have stored them. Written as the superuser:
 * only the service role writes the catalog, prices and rates.
 */
export async function seedMarket(sql: postgres.Sql, userId: string): Promise<void> {
  await sql`insert into public.user_plans (user_id, plan) values (${userId}, 'pro')`
  await sql`
    insert into public.instruments (owner_id, code, name, type, currency, exchange)
    select null, 'BENCH' || n, 'Bench share ' || n, 'STOCK',
      case when n >= ${USD_FROM} then 'USD' else 'TRY' end, 'BENCH'
    from generate_series(0, ${INSTRUMENTS - 1}) as n
  `
  await sql`
    insert into public.prices (instrument_id, owner_id, price_date, close, source)
    select i.id, null, ${FIRST_DAY}::date + d, round((50 + (d % 97) + length(i.code))::numeric, 2), 'bench'
    from public.instruments i
    cross join generate_series(0, ${DAYS}) as d
    where i.exchange = 'BENCH' and extract(isodow from ${FIRST_DAY}::date + d) < 6
  `
  await sql`
    insert into public.fx_rates (source, base, quote, rate_date, rate)
    select 'TCMB', 'USD', 'TRY', ${FIRST_DAY}::date + d, round((7 + d * 0.015)::numeric, 4)
    from generate_series(0, ${DAYS}) as d
    where extract(isodow from ${FIRST_DAY}::date + d) < 6
  `
}

/**
 * A portfolio of `transactions` transactions of the user over the instruments of seedMarket and
 * its 5 years. Every 4th trade of an instrument sells half a purchase, so no sale exceeds what is
 * held.
 */
export async function seedPortfolio(
  sql: postgres.Sql,
  userId: string,
  transactions: number,
): Promise<SeededPortfolio> {
  const [portfolio] = await sql<{ id: string }[]>`
    insert into public.portfolios (user_id, name, base_currency, cost_basis_method, records_cash)
    values (${userId}, 'Bench', 'TRY', 'FIFO', false)
    returning id
  `
  if (!portfolio) throw new Error('no portfolio')
  await sql`
    insert into public.transactions (user_id, portfolio_id, instrument_id, type, trade_date,
      currency, fx_rate, quantity, unit_price, fee)
    select ${userId}, ${portfolio.id}, i.id,
      case when (n / ${INSTRUMENTS}) % 4 = 3 then 'SELL' else 'BUY' end,
      ${FIRST_DAY}::date + (n::bigint * ${DAYS} / ${transactions})::int,
      i.currency,
      case when i.currency = 'USD' then round((7 + (n::bigint * ${DAYS} / ${transactions}) * 0.015)::numeric, 4) end,
      case when (n / ${INSTRUMENTS}) % 4 = 3 then 5 else 10 end,
      50 + n % 97, 1.5
    from generate_series(0, ${transactions - 1}) as n
    join (
      select id, currency, row_number() over (order by code) - 1 as k
      from public.instruments where exchange = 'BENCH'
    ) as i on i.k = n % ${INSTRUMENTS}
  `
  await sql`analyze`
  return { portfolioId: portfolio.id, asOf: '2025-12-31' }
}
