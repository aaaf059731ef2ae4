-- A depot's tax settings of a year (issue 34, docs/tax-germany.md rules 4 and 6): the
-- Freistellungsauftrag given to it, and whether a Verlustbescheinigung was requested (its loss
-- pots then start the next year empty). The person's own settings (residence, joint assessment,
-- church tax) live in their account's metadata, which the access token carries.

create table public.tax_years (
  portfolio_id uuid not null,
  user_id uuid not null default auth.uid(),
  -- From the Abgeltungsteuer's first year.
  year int not null constraint tax_years_year_check check (year between 2009 and 2100),
  freistellungsauftrag numeric(12, 2) not null default 0
    constraint tax_years_freistellungsauftrag_check check (freistellungsauftrag >= 0),
  loss_certificate boolean not null default false,
  primary key (portfolio_id, year),
  constraint tax_years_portfolio_fkey foreign key (portfolio_id, user_id)
    references public.portfolios (id, user_id) on delete cascade
);

-- A person's Freistellungsaufträge of a year, summed across their portfolios.
create index tax_years_user_id_year_idx on public.tax_years (user_id, year);

alter table public.tax_years enable row level security;

create policy "owners read their tax years" on public.tax_years
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owners add tax years" on public.tax_years
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "owners change their tax years" on public.tax_years
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners delete their tax years" on public.tax_years
  for delete to authenticated using (user_id = (select auth.uid()));
create policy "a verified second factor is used" on public.tax_years
  as restrictive for all to authenticated
  using ((select public.mfa_assurance_met())) with check ((select public.mfa_assurance_met()));

revoke all on public.tax_years from anon, authenticated;
grant select, insert, delete on public.tax_years to authenticated;
grant update (freistellungsauftrag, loss_certificate) on public.tax_years to authenticated;
grant all on public.tax_years to service_role;

-- The tax view reads them as a portfolio's own settings: a change raises the portfolio's version,
-- so what was stored of it is computed again. An update that changes nothing (a PUT sent twice)
-- raises nothing.
create or replace function public.tax_years_change_analyses()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    perform public.raise_analysis_versions(
      false, '{}',
      array(
        select distinct n.portfolio_id
        from changed n join previous o using (portfolio_id, year)
        where (n.freistellungsauftrag, n.loss_certificate)
          is distinct from (o.freistellungsauftrag, o.loss_certificate)
      )
    );
  else
    perform public.raise_analysis_versions(
      false, '{}', array(select distinct portfolio_id from changed)
    );
  end if;
  return null;
end
$$;

create trigger tax_years_inserted_change_analyses
  after insert on public.tax_years
  referencing new table as changed
  for each statement execute function public.tax_years_change_analyses();
create trigger tax_years_updated_change_analyses
  after update on public.tax_years
  referencing old table as previous new table as changed
  for each statement execute function public.tax_years_change_analyses();
create trigger tax_years_deleted_change_analyses
  after delete on public.tax_years
  referencing old table as changed
  for each statement execute function public.tax_years_change_analyses();

revoke all on function public.tax_years_change_analyses() from public, anon, authenticated;
