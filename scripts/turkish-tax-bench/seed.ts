import type postgres from 'postgres'

const INSTRUMENTS = 100
/** Instruments 0–39 are Borsa İstanbul shares, 40–69 TEFAS funds, 70–99 US shares. */
const FUNDS_FROM = 40
const FOREIGN_FROM = 70
const FIRST_DAY = '2021-01-04'
const DAYS = 5 * 365

/**
 * A Pro plan for `userId`; 100 instruments (40 Borsa İstanbul shares in lira, 30 TEFAS funds of
 * four classes, 30 US shares in dollars); the TCMB's USD buying rate of every weekday and Yİ-ÜFE
 * of every month over the five years; and a portfolio in lira of `transactions` transactions over
 * them: every 4th trade of an instrument sells half a purchase, every 10th is a dividend. Written
 * as the superuser, as the provider jobs would have stored the market.
 */
export async function seedLiraPortfolio(
  sql: postgres.Sql,
  userId: string,
  transactions: number,
): Promise<{ portfolioId: string; year: number }> {
  await sql`insert into public.user_plans (user_id, plan) values (${userId}, 'pro')`
  await sql`
    insert into public.instruments (owner_id, code, name, type, currency, exchange,
      price_provider, price_symbol, tefas_fund_class)
    select null, 'VERGI' || n, 'Bench ' || n,
      case when n >= ${FUNDS_FROM} and n < ${FOREIGN_FROM} then 'FUND' else 'STOCK' end,
      case when n >= ${FOREIGN_FROM} then 'USD' else 'TRY' end,
      case when n < ${FUNDS_FROM} then 'BIST' when n >= ${FOREIGN_FROM} then 'NASDAQ' end,
      case when n >= ${FUNDS_FROM} and n < ${FOREIGN_FROM} then 'tefas' end,
      case when n >= ${FUNDS_FROM} and n < ${FOREIGN_FROM} then 'V' || lpad(n::text, 2, '0') end,
      case when n >= ${FUNDS_FROM} and n < ${FOREIGN_FROM}
        then (array['debt', 'equityIntensive', 'variable', 'moneyMarket'])[n % 4 + 1]::public.tefas_fund_class
      end
    from generate_series(0, ${INSTRUMENTS - 1}) as n
  `
  await sql`
    insert into public.fx_rates (source, base, quote, rate_date, rate)
    select 'TCMB', 'USD', 'TRY', ${FIRST_DAY}::date + d, round((7.4 + d * 0.02)::numeric, 4)
    from generate_series(0, ${DAYS}) as d
    where extract(isodow from ${FIRST_DAY}::date + d) < 6
    on conflict do nothing
  `
  await sql`
    insert into public.price_indices (index_code, month, value)
    select 'TR-YIUFE-2003', (date '2020-12-01' + make_interval(months => k))::date,
      round((500 * power(1.03, k))::numeric, 2)
    from generate_series(0, 60) as k
    on conflict do nothing
  `
  const [portfolio] = await sql<{ id: string }[]>`
    insert into public.portfolios (user_id, name, base_currency, cost_basis_method, records_cash)
    values (${userId}, 'Portföy', 'TRY', 'FIFO', false)
    returning id
  `
  if (!portfolio) throw new Error('no portfolio')
  await sql`
    insert into public.transactions (user_id, portfolio_id, instrument_id, type, trade_date,
      currency, fx_rate, quantity, unit_price, amount, fee)
    select ${userId}, ${portfolio.id}, i.id, kind,
      ${FIRST_DAY}::date + (n::bigint * ${DAYS} / ${transactions})::int, i.currency,
      case when i.currency = 'USD' then 30 end,
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
      select id, currency, row_number() over (order by code) - 1 as k
      from public.instruments where code like 'VERGI%' and owner_id is null
    ) as i on i.k = n % ${INSTRUMENTS}
  `
  await sql`analyze`
  return { portfolioId: portfolio.id, year: 2025 }
}
