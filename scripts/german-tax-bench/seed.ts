import type postgres from 'postgres'

const INSTRUMENTS = 100
/** Instruments from this number on are equity ETFs (the rest shares): funds bear a Vorabpauschale. */
const FUNDS_FROM = 70
const FIRST_DAY = '2021-01-04'
const DAYS = 5 * 365

/**
 * A Pro plan for `userId`, 100 instruments in euros (70 German shares, 30 equity ETFs) with 5
 * years of daily closes, and a depot in euros of `transactions` transactions over them: every 4th
 * trade of an instrument sells half a purchase, every 10th is a dividend. Written as the
 * superuser, as the provider jobs would have stored the market.
 */
export async function seedDepot(
  sql: postgres.Sql,
  userId: string,
  transactions: number,
): Promise<{ portfolioId: string; year: number }> {
  await sql`insert into public.user_plans (user_id, plan) values (${userId}, 'pro')`
  await sql`
    insert into public.instruments (owner_id, code, name, type, currency, exchange, country, fund_type)
    select null, 'STEUER' || n, 'Bench ' || n,
      case when n >= ${FUNDS_FROM} then 'ETF' else 'STOCK' end, 'EUR', 'BENCH', 'DE',
      case when n >= ${FUNDS_FROM} then 'equity' end
    from generate_series(0, ${INSTRUMENTS - 1}) as n
  `
  await sql`
    insert into public.prices (instrument_id, owner_id, price_date, close, source)
    select i.id, null, ${FIRST_DAY}::date + d, round((50 + (d % 97) + d * 0.02)::numeric, 2), 'bench'
    from public.instruments i
    cross join generate_series(0, ${DAYS}) as d
    where i.exchange = 'BENCH' and extract(isodow from ${FIRST_DAY}::date + d) < 6
  `
  const [portfolio] = await sql<{ id: string }[]>`
    insert into public.portfolios (user_id, name, base_currency, cost_basis_method, records_cash)
    values (${userId}, 'Depot', 'EUR', 'FIFO', false)
    returning id
  `
  if (!portfolio) throw new Error('no portfolio')
  await sql`
    insert into public.transactions (user_id, portfolio_id, instrument_id, type, trade_date,
      currency, quantity, unit_price, amount, fee)
    select ${userId}, ${portfolio.id}, i.id, kind,
      ${FIRST_DAY}::date + (n::bigint * ${DAYS} / ${transactions})::int, 'EUR',
      case kind when 'SELL' then 5 when 'BUY' then 10 end,
      case when kind <> 'DIVIDEND' then 50 + n % 97 end,
      case when kind = 'DIVIDEND' then 12.5 end,
      case when kind <> 'DIVIDEND' then 1.5 else 0 end
    from generate_series(0, ${transactions - 1}) as n
    cross join lateral (
      select case
        when (n / ${INSTRUMENTS}) % 10 = 9 then 'DIVIDEND'
        when (n / ${INSTRUMENTS}) % 4 = 3 then 'SELL'
        else 'BUY' end as kind
    ) as k
    join (
      select id, row_number() over (order by code) - 1 as k
      from public.instruments where exchange = 'BENCH'
    ) as i on i.k = n % ${INSTRUMENTS}
  `
  await sql`
    insert into public.tax_years (portfolio_id, user_id, year, freistellungsauftrag)
    select ${portfolio.id}, ${userId}, y, 1000 from generate_series(2021, 2025) as y
  `
  await sql`analyze`
  return { portfolioId: portfolio.id, year: 2025 }
}
