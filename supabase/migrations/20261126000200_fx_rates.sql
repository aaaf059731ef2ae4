-- Official reference FX rates (issue #19, point 3), filled by the worker's scheduled job
-- (worker/fx/) and read by the API through fx_rate_on and fx_rates_between. docs/fx-rates.md
-- explains the sources, which rate is stored and how pairs are derived.
--
-- ECB rows are EUR → X (X per 1 EUR); TCMB rows are X → TRY (TRY per 1 X, the forex buying rate,
-- already divided by the bulletin's unit). Everyone may read them; only the table's owner (the
-- scheduled job's connection) and service_role write.

create table public.fx_rates (
  source text not null check (source in ('ECB', 'TCMB')),
  base char(3) not null check (base ~ '^[A-Z]{3}$'),
  quote char(3) not null check (quote ~ '^[A-Z]{3}$' and quote <> base),
  rate_date date not null,
  -- quote units per 1 base
  rate numeric not null check (rate > 0),
  fetched_at timestamptz not null default now(),
  primary key (source, base, quote, rate_date)
);

alter table public.fx_rates enable row level security;

create policy "everyone reads reference rates" on public.fx_rates
  for select to anon, authenticated using (true);

-- Supabase grants every new public table to the API roles; reading is all they may do here.
revoke all on public.fx_rates from anon, authenticated;
grant select on public.fx_rates to anon, authenticated;
grant all on public.fx_rates to service_role;

-- `x` rounded to `digits` significant digits, trailing zeros removed. Derived rates (inverse,
-- cross) are a quotient of two published rates; 10 significant digits is far beyond the 4–6 the
-- central banks publish, and keeps a non-terminating quotient finite.
create or replace function public.fx_round_significant(x numeric, digits integer)
returns numeric
language sql
immutable
strict
set search_path = ''
as $$
  select trim_scale(round(x, greatest(digits - 1 - floor(log(10, x))::integer, 0)))
$$;

-- The points of a pair's series from `from_date` to `to_date`: for every day of the range the
-- rate in force on it, and each distinct one of those once, oldest first. The first point may be
-- published before `from_date` (the one in force on it). Between points the engine carries the
-- last one forward, which gives exactly the rate fx_rate_on answers for each day.
--
-- The rate in force on a day comes from the last published day on or before it, at most 10 days
-- back (weekends and holidays carry the last rate forward; older than that is no rate at all).
-- Pairs with TRY ask TCMB first, every other pair ECB first; the other source answers when the
-- first has nothing. Within a source: the published pair, else its inverse, else a cross through
-- the source's own currency (EUR for ECB, TRY for TCMB) with both legs from the same day.
-- `source` says how: 'ECB', 'TCMB', 'ECB inverse', 'TCMB inverse', 'ECB via EUR',
-- 'TCMB via TRY', or 'identity' (base = quote, rate 1).
create or replace function public.fx_rates_between(
  base text,
  quote text,
  from_date date,
  to_date date
)
returns table (rate_date date, rate numeric, source text)
language sql
stable
set search_path = ''
as $$
  -- Parameters are spelled fx_rates_between.base and .quote: bare, they would name the columns.
  with pair (base, quote) as (
    select fx_rates_between.base, fx_rates_between.quote
  ),
  sources (source, pivot, preference) as (
    select 'ECB', 'EUR', case when 'TRY' in (pair.base, pair.quote) then 2 else 1 end from pair
    union all
    select 'TCMB', 'TRY', case when 'TRY' in (pair.base, pair.quote) then 1 else 2 end from pair
  ),
  -- Every published row of the pair's currencies, read in both directions as num/den, so each
  -- derived rate is one division, rounded once.
  legs as (
    select s.source, s.pivot, s.preference, r.rate_date,
      leg.from_code, leg.to_code, leg.num, leg.den, leg.inverted
    from pair
    cross join sources s
    join public.fx_rates r
      on r.source = s.source
      -- bpchar on both sides, so the primary key's index finds the few rows directly.
      and r.base = any (array[pair.base, pair.quote, s.pivot]::bpchar[])
      and r.quote = any (array[pair.base, pair.quote, s.pivot]::bpchar[])
      and r.rate_date between from_date - 10 and to_date
    cross join lateral (
      values
        (r.base::text, r.quote::text, r.rate, 1::numeric, false),
        (r.quote::text, r.base::text, 1::numeric, r.rate, true)
    ) as leg (from_code, to_code, num, den, inverted)
  ),
  -- Each way of finding the pair (source × direct, inverse, cross) is a series of its own.
  points as (
    select l.preference, case when l.inverted then 2 else 1 end as kind, l.rate_date,
      l.num, l.den, case when l.inverted then l.source || ' inverse' else l.source end as how
    from legs l, pair
    where l.from_code = pair.base and l.to_code = pair.quote
    union all
    -- A cross needs both legs of one day (base → pivot, pivot → quote), gathered in one pass.
    select c.preference, 3, c.rate_date, c.base_num * c.quote_num, c.base_den * c.quote_den,
      c.source || ' via ' || c.pivot
    from (
      select l.source, l.pivot, l.preference, l.rate_date,
        min(l.num) filter (where l.from_code = pair.base and l.to_code = l.pivot) as base_num,
        min(l.den) filter (where l.from_code = pair.base and l.to_code = l.pivot) as base_den,
        min(l.num) filter (where l.from_code = l.pivot and l.to_code = pair.quote) as quote_num,
        min(l.den) filter (where l.from_code = l.pivot and l.to_code = pair.quote) as quote_den
      from legs l, pair
      where l.pivot not in (pair.base, pair.quote)
      group by l.source, l.pivot, l.preference, l.rate_date
    ) as c
    where c.base_num is not null and c.quote_num is not null
  ),
  -- A point is its series' latest from its day until the series' next point, for 10 days at most.
  spans as (
    select p.*,
      least(
        lead(p.rate_date) over (partition by p.preference, p.kind order by p.rate_date) - 1,
        p.rate_date + 10
      ) as last_day
    from points p
  ),
  -- For each day of the range (as an offset from from_date), the best series that has a point.
  in_force as (
    select distinct on (day.n) s.rate_date, s.num, s.den, s.how
    from spans s
    cross join lateral generate_series(
      greatest(s.rate_date, from_date) - from_date,
      least(s.last_day, to_date) - from_date
    ) as day (n)
    order by day.n, s.preference, s.kind
  )
  select distinct f.rate_date,
    case when f.den = 1 then f.num else public.fx_round_significant(f.num / f.den, 10) end,
    f.how
  from in_force f, pair
  where pair.base <> pair.quote
  union all
  select from_date, 1::numeric, 'identity'
  from pair
  where pair.base = pair.quote and from_date <= to_date
  order by 1
$$;

-- The rate for a pair on `on_date`, with fx_rates_between's rules (see there).
create or replace function public.fx_rate_on(base text, quote text, on_date date)
returns table (rate_date date, rate numeric, source text)
language sql
stable
set search_path = ''
as $$
  select * from public.fx_rates_between(base, quote, on_date, on_date)
$$;

revoke all on function public.fx_round_significant(numeric, integer) from public;
revoke all on function public.fx_rate_on(text, text, date) from public;
revoke all on function public.fx_rates_between(text, text, date, date) from public;
grant execute on function public.fx_round_significant(numeric, integer)
  to anon, authenticated, service_role;
grant execute on function public.fx_rate_on(text, text, date) to anon, authenticated, service_role;
grant execute on function public.fx_rates_between(text, text, date, date)
  to anon, authenticated, service_role;
