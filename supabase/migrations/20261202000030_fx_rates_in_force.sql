-- One rule for the reference rates, whichever lookup reads them (issue 33; docs/fx-rates.md): a
-- rate is in force from the day it is published until the next one, for at most
-- public.fx_days_in_force() days after it. fx_rates_between's rows now say the last day each may
-- be carried to (`valid_through`): carried no further, the series has a rate on exactly the days
-- fx_rate_on has one, and none on the others. Before, a series carried its last row forward
-- without end while fx_rate_on answered nothing after the 10 days, so a value series used a rate
-- the report counted as missing.
--
-- The functions' result gains a column, which `create or replace` cannot do: both are dropped and
-- created again, with their grants.

drop function public.fx_rate_on(text, text, date);
drop function public.fx_rates_between(text, text, date, date);

-- How many days after its publication a rate stays in force: weekends and holidays carry the last
-- rate forward; a rate older than that is no rate at all. The one place this number is written.
create function public.fx_days_in_force()
returns integer
language sql
immutable
parallel safe
set search_path = ''
as $$
  select 10
$$;

-- The points of a pair's series from `from_date` to `to_date`, oldest first: the rate in force on
-- each day of the range, one row where it changes. Carrying each row forward to the next one, but
-- never past its `valid_through`, gives exactly what fx_rate_on answers on every day of the range:
-- its rate where it has one, none where it has none. `rate_date` is the day the rate was
-- published; the first row's may be before `from_date` (the rate in force on it); only where a
-- less preferred way takes over after the preferred one's rates expired is it the day it does.
-- `valid_through` is the publication day + fx_days_in_force() (null for the identity, always 1).
--
-- The rate in force on a day comes from the last published day on or before it, at most
-- fx_days_in_force() days back. Pairs with TRY ask TCMB first, every other pair ECB first; the
-- other source answers when the first has nothing. Within a source: the published pair, else its
-- inverse, else a cross through the source's own currency (EUR for ECB, TRY for TCMB) with both
-- legs from the same day. `source` says how: 'ECB', 'TCMB', 'ECB inverse', 'TCMB inverse',
-- 'ECB via EUR', 'TCMB via TRY', or 'identity' (base = quote, rate 1).
create function public.fx_rates_between(
  base text,
  quote text,
  from_date date,
  to_date date
)
returns table (rate_date date, rate numeric, source text, valid_through date)
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
      and r.rate_date between from_date - public.fx_days_in_force() and to_date
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
  -- A point is its series' latest from its day until the series' next point, and never after
  -- its last day in force.
  spans as (
    select p.*,
      least(
        lead(p.rate_date) over (partition by p.preference, p.kind order by p.rate_date) - 1,
        p.rate_date + public.fx_days_in_force()
      ) as last_day
    from points p
  ),
  -- For each day of the range (as an offset from from_date), the best series that has a point.
  in_force as (
    select distinct on (day.n) day.n, s.preference, s.kind, s.rate_date, s.num, s.den, s.how
    from spans s
    cross join lateral generate_series(
      greatest(s.rate_date, from_date) - from_date,
      least(s.last_day, to_date) - from_date
    ) as day (n)
    order by day.n, s.preference, s.kind
  ),
  -- Consecutive days on the same point make one run; each run becomes one row.
  runs as (
    select f.*,
      f.n - 1 is distinct from lag(f.n) over by_day
        or f.preference is distinct from lag(f.preference) over by_day
        or f.kind is distinct from lag(f.kind) over by_day
        or f.rate_date is distinct from lag(f.rate_date) over by_day as starts_run
    from in_force f
    window by_day as (order by f.n)
  )
  -- A run starts on its rate's publication day, or on from_date for the rate in force then (its
  -- publication day is given, before from_date), or on the day a less preferred way takes over
  -- after the preferred one's last rate expired (that day is given, so carrying forward is exact).
  -- A run ends where the next starts, or on its rate's last day in force: a day after that and
  -- before the next run has no rate, and the run's valid_through says so.
  select
    case when r.n = 0 then r.rate_date else from_date + r.n end,
    case when r.den = 1 then r.num else public.fx_round_significant(r.num / r.den, 10) end,
    r.how,
    r.rate_date + public.fx_days_in_force()
  from runs r, pair
  where r.starts_run and pair.base <> pair.quote
  union all
  select from_date, 1::numeric, 'identity', null::date
  from pair
  where pair.base = pair.quote and from_date <= to_date
  order by 1
$$;

-- The rate for a pair on `on_date`, with fx_rates_between's rules (see there).
create function public.fx_rate_on(base text, quote text, on_date date)
returns table (rate_date date, rate numeric, source text, valid_through date)
language sql
stable
set search_path = ''
as $$
  select * from public.fx_rates_between(base, quote, on_date, on_date)
$$;

revoke all on function public.fx_days_in_force() from public;
revoke all on function public.fx_rate_on(text, text, date) from public;
revoke all on function public.fx_rates_between(text, text, date, date) from public;
grant execute on function public.fx_days_in_force() to anon, authenticated, service_role;
grant execute on function public.fx_rate_on(text, text, date) to anon, authenticated, service_role;
grant execute on function public.fx_rates_between(text, text, date, date)
  to anon, authenticated, service_role;
