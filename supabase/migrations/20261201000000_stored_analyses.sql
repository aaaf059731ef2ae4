-- Stored analyses: a portfolio's report, sales, open lots, value series and card figures, kept
-- after the engine computed them, so an unchanged portfolio is answered without running the
-- engine again (docs/performance.md, "Stored analyses").
--
-- What an analysis reads has a version: the shared market data (catalog instruments, their
-- closes, reference FX rates), a user's own (instruments they defined, prices they entered), and
-- a portfolio's own (its settings and transactions). Triggers raise the version of what a write
-- changed; a stored analysis carries the versions it was computed under (its stamp) and is used
-- only while they are still the current ones.

create table public.analysis_versions (
  -- Neither: the shared market data. A user: their own instruments and prices. A portfolio: its
  -- settings and transactions.
  user_id uuid references auth.users (id) on delete cascade,
  portfolio_id uuid references public.portfolios (id) on delete cascade,
  version bigint not null default 1,
  constraint analysis_versions_one_scope check (user_id is null or portfolio_id is null),
  constraint analysis_versions_scope_key unique nulls not distinct (user_id, portfolio_id)
);

-- Nobody reads or writes the versions directly: the functions below do.
alter table public.analysis_versions enable row level security;
revoke all on public.analysis_versions from anon, authenticated;
grant all on public.analysis_versions to service_role;

-- Raises the version of the market data (`market`), of each of `users` and of each of
-- `portfolios`; the first write of a scope creates it. Scopes that no longer exist (a portfolio
-- being deleted, whose transactions go with it) are left out. Each scope's row is locked in a
-- fixed order, so two writers never wait on each other in a circle.
create or replace function public.raise_analysis_versions(
  market boolean,
  users uuid[],
  portfolios uuid[]
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.analysis_versions as v (user_id, portfolio_id)
  select scope.user_id, scope.portfolio_id
  from (
    select null::uuid as user_id, null::uuid as portfolio_id where market
    union
    select u.id, null from auth.users u where u.id = any (users)
    union
    select null, p.id from public.portfolios p where p.id = any (portfolios)
  ) as scope
  order by scope.user_id nulls first, scope.portfolio_id nulls first
  on conflict (user_id, portfolio_id) do update set version = v.version + 1
$$;

-- Only the triggers below call it (as definers too): no user raises a version at will.
revoke all on function public.raise_analysis_versions(boolean, uuid[], uuid[])
  from public, anon, authenticated;

-- Transactions: the portfolios they are in (before and after an update).
create or replace function public.transactions_change_analyses()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    perform public.raise_analysis_versions(
      false, '{}',
      array(select portfolio_id from changed union select portfolio_id from previous)
    );
  else
    perform public.raise_analysis_versions(
      false, '{}', array(select distinct portfolio_id from changed)
    );
  end if;
  return null;
end
$$;

create trigger transactions_inserted_change_analyses
  after insert on public.transactions
  referencing new table as changed
  for each statement execute function public.transactions_change_analyses();
create trigger transactions_updated_change_analyses
  after update on public.transactions
  referencing old table as previous new table as changed
  for each statement execute function public.transactions_change_analyses();
create trigger transactions_deleted_change_analyses
  after delete on public.transactions
  referencing old table as changed
  for each statement execute function public.transactions_change_analyses();

-- A portfolio's settings that the engine reads; its name is not one of them.
create or replace function public.portfolio_changes_analyses()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.raise_analysis_versions(false, '{}', array[new.id]);
  return null;
end
$$;

create trigger portfolios_change_analyses
  after update of base_currency, cost_basis_method, records_cash on public.portfolios
  for each row
  when (
    (old.base_currency, old.cost_basis_method, old.records_cash)
      is distinct from (new.base_currency, new.cost_basis_method, new.records_cash)
  )
  execute function public.portfolio_changes_analyses();

-- Prices and instruments: shared rows (no owner) are market data, the others their owner's.
create or replace function public.owned_rows_change_analyses()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.raise_analysis_versions(
    exists (select 1 from changed where owner_id is null),
    array(select distinct owner_id from changed where owner_id is not null),
    '{}'
  );
  return null;
end
$$;

create trigger prices_inserted_change_analyses
  after insert on public.prices
  referencing new table as changed
  for each statement execute function public.owned_rows_change_analyses();
create trigger prices_updated_change_analyses
  after update on public.prices
  referencing new table as changed
  for each statement execute function public.owned_rows_change_analyses();
create trigger prices_deleted_change_analyses
  after delete on public.prices
  referencing old table as changed
  for each statement execute function public.owned_rows_change_analyses();
create trigger instruments_updated_change_analyses
  after update on public.instruments
  referencing new table as changed
  for each statement execute function public.owned_rows_change_analyses();
create trigger instruments_deleted_change_analyses
  after delete on public.instruments
  referencing old table as changed
  for each statement execute function public.owned_rows_change_analyses();

-- Reference FX rates are market data.
create or replace function public.fx_rates_change_analyses()
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

create trigger fx_rates_change_analyses
  after insert or update or delete on public.fx_rates
  for each statement execute function public.fx_rates_change_analyses();

revoke all on function public.transactions_change_analyses() from public, anon, authenticated;
revoke all on function public.portfolio_changes_analyses() from public, anon, authenticated;
revoke all on function public.owned_rows_change_analyses() from public, anon, authenticated;
revoke all on function public.fx_rates_change_analyses() from public, anon, authenticated;

-- The stamp of each of the caller's portfolios: the versions of the market data, the caller's
-- own data and the portfolio, as 'market.user.portfolio'.
create or replace function public.analysis_stamps()
returns table (portfolio_id uuid, stamp text)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id,
    format('%s.%s.%s',
      coalesce((select v.version from public.analysis_versions v
        where v.user_id is null and v.portfolio_id is null), 0),
      coalesce((select v.version from public.analysis_versions v where v.user_id = p.user_id), 0),
      coalesce((select v.version from public.analysis_versions v where v.portfolio_id = p.id), 0))
  from public.portfolios p
  where p.user_id = auth.uid()
$$;

revoke all on function public.analysis_stamps() from public, anon;
grant execute on function public.analysis_stamps() to authenticated;

-- What the engine computed for a portfolio: `kind` names the answer ('report', 'sales', 'lots',
-- 'performance', 'summary'), `params` what it was asked (its date or range, and the price
-- sources that run), `stamp` the versions it was computed under.
create table public.stored_analyses (
  portfolio_id uuid not null,
  user_id uuid not null default auth.uid(),
  kind text not null
    constraint stored_analyses_kind_check
    check (kind in ('report', 'sales', 'lots', 'performance', 'summary')),
  params text not null constraint stored_analyses_params_check check (char_length(params) <= 200),
  stamp text not null,
  body jsonb not null,
  stored_at timestamptz not null default now(),
  primary key (portfolio_id, kind, params),
  constraint stored_analyses_portfolio_fkey foreign key (portfolio_id, user_id)
    references public.portfolios (id, user_id) on delete cascade
);

create index stored_analyses_user_id_idx on public.stored_analyses (user_id);

alter table public.stored_analyses enable row level security;

create policy "owners read their stored analyses" on public.stored_analyses
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owners store analyses" on public.stored_analyses
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "owners replace their stored analyses" on public.stored_analyses
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners drop their stored analyses" on public.stored_analyses
  for delete to authenticated using (user_id = (select auth.uid()));
create policy "a verified second factor is used" on public.stored_analyses
  as restrictive for all to authenticated
  using ((select public.mfa_assurance_met())) with check ((select public.mfa_assurance_met()));

revoke all on public.stored_analyses from anon, authenticated;
grant select, insert, delete on public.stored_analyses to authenticated;
grant update (stamp, body, stored_at) on public.stored_analyses to authenticated;
grant all on public.stored_analyses to service_role;
