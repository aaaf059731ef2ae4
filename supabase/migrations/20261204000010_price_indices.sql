-- Monthly price indices from official sources (docs/price-indices.md): Turkey's Yİ-ÜFE (which
-- indexes the cost of foreign shares for the Turkish tax: docs/tax-turkey.md, rule 8) and TÜFE,
-- Germany's VPI, the euro area's HICP and the US CPI. Filled by the worker's scheduled job
-- (worker/indices/) and read through price_index_on and price_indices_between. Everyone may
-- read them; only the table's owner (the job's connection) and service_role write.

-- The indices the app knows, one row per index and base: a source that rebases an index starts a
-- new code (the old one is then discontinued), so the values of one code always share a base and
-- their ratios are meaningful. worker/indices/price-index-catalog.ts lists the same rows (a test
-- compares them) with where each is fetched.
create table public.price_index_series (
  code text primary key check (code ~ '^[A-Z]{2}-[A-Z]{2,10}-[0-9]{4}$'),
  source text not null check (source in ('EVDS', 'ECB', 'BUNDESBANK', 'BLS')),
  -- The base as its publisher writes it: '2003=100', '1982-84=100'.
  base text not null check (base ~ '^[0-9]{4}(-[0-9]{2})?=100$'),
  -- No longer published: its newest month is its last, never carried forward.
  discontinued boolean not null default false
);

insert into public.price_index_series (code, source, base, discontinued) values
  ('TR-YIUFE-2003', 'EVDS', '2003=100', false),
  ('TR-TUFE-2003', 'EVDS', '2003=100', true),
  ('TR-TUFE-2025', 'EVDS', '2025=100', false),
  ('DE-VPI-2020', 'BUNDESBANK', '2020=100', false),
  ('EA-HICP-2025', 'ECB', '2025=100', false),
  ('US-CPI-1982', 'BLS', '1982-84=100', false);

create table public.price_indices (
  index_code text not null references public.price_index_series (code),
  -- The month the value is for, as its first day.
  month date not null check (month = date_trunc('month', month)::date),
  -- Exactly as published (never a float: the parsers keep the published decimal strings).
  value numeric not null check (value > 0 and value < 'Infinity'),
  fetched_at timestamptz not null default now(),
  primary key (index_code, month)
);

alter table public.price_index_series enable row level security;
alter table public.price_indices enable row level security;

create policy "everyone reads the price indices" on public.price_index_series
  for select to anon, authenticated using (true);
create policy "everyone reads price index values" on public.price_indices
  for select to anon, authenticated using (true);

-- Supabase grants every new public table to the API roles; reading is all they may do here.
revoke all on public.price_index_series, public.price_indices from anon, authenticated;
grant select on public.price_index_series, public.price_indices to anon, authenticated;
grant all on public.price_index_series, public.price_indices to service_role;

-- Price indices are market data: a new or corrected value changes what analyses read.
create or replace function public.price_indices_change_analyses()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.raise_analysis_versions(true, '{}', '{}');
  return null;
end
$$;

create trigger price_indices_change_analyses
  after insert or update or delete on public.price_indices
  for each statement execute function public.price_indices_change_analyses();

revoke all on function public.price_indices_change_analyses() from public, anon, authenticated;

-- The values of an index for each month from `from_month` to `to_month` (any day of a month names
-- that month), oldest first, one row a month that has one:
-- - a month with a published value: that value, `value_month` the month itself, not provisional;
-- - a month after the newest published one (not yet published): the newest value, `value_month`
--   the newest month, `provisional` true; never for a discontinued index;
-- - a month before the first value, or one the source never published (the US CPI of October
--   2025): no row. Nothing is guessed.
-- `base` is the index's base ('2003=100'): values of one code share it.
create or replace function public.price_indices_between(
  index_code text,
  from_month date,
  to_month date
)
returns table (month date, value numeric, value_month date, provisional boolean, base text)
language sql
stable
set search_path = ''
as $$
  -- The parameter is spelled price_indices_between.index_code: bare, it would name the column.
  with series as (
    select s.code, s.base, s.discontinued,
      (select max(p.month) from public.price_indices p where p.index_code = s.code) as newest
    from public.price_index_series s
    where s.code = price_indices_between.index_code
  ),
  months as (
    select m::date as month
    from generate_series(
      date_trunc('month', from_month::timestamp),
      date_trunc('month', to_month::timestamp),
      interval '1 month'
    ) as m
  )
  select m.month, p.value, p.month, false, s.base
  from series s
  cross join months m
  join public.price_indices p on p.index_code = s.code and p.month = m.month
  union all
  select m.month, p.value, p.month, true, s.base
  from series s
  join months m on m.month > s.newest
  join public.price_indices p on p.index_code = s.code and p.month = s.newest
  where not s.discontinued
  order by 1
$$;

-- The value of an index for the month of `on_month`, with price_indices_between's rules.
create or replace function public.price_index_on(index_code text, on_month date)
returns table (month date, value numeric, value_month date, provisional boolean, base text)
language sql
stable
set search_path = ''
as $$
  select * from public.price_indices_between(index_code, on_month, on_month)
$$;

revoke all on function public.price_indices_between(text, date, date) from public;
revoke all on function public.price_index_on(text, date) from public;
grant execute on function public.price_indices_between(text, date, date)
  to anon, authenticated, service_role;
grant execute on function public.price_index_on(text, date) to anon, authenticated, service_role;
