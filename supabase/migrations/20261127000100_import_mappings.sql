-- Saved import mappings (issue #20): a user names the column mapping and reading options of a
-- file layout once and picks it again for the next file. Owner-only like every user table, served
-- only at aal2 once the user verified a second factor. The shapes inside `mapping` and `options`
-- are the API's (client/api/schemas/import.ts); the database keeps them as small JSON objects.

create table public.import_mappings (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null
    constraint import_mappings_name_check
    check (char_length(name) between 1 and 60 and name !~ '^\s|\s$'),
  -- Field → column header; a few dozen short entries at most.
  mapping jsonb not null
    constraint import_mappings_mapping_check
    check (jsonb_typeof(mapping) = 'object' and octet_length(mapping::text) <= 10000),
  options jsonb not null
    constraint import_mappings_options_check
    check (jsonb_typeof(options) = 'object' and octet_length(options::text) <= 1000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Saving under a name already used replaces that mapping.
  constraint import_mappings_user_id_name_key unique (user_id, name)
);

create trigger import_mappings_set_updated_at
  before update on public.import_mappings
  for each row execute function public.set_updated_at();

-- A person keeps a handful of layouts (one per broker); the limit stops a loop from filling the
-- table. Counted after the insert under a lock per user, as the plan limits are.
create or replace function public.enforce_import_mapping_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner uuid;
begin
  for owner in select distinct user_id from inserted order by user_id loop
    perform pg_advisory_xact_lock(hashtextextended('import_mappings:' || owner, 0));
    if (select count(*) from public.import_mappings where user_id = owner) > 50 then
      raise exception using
        errcode = 'P0001',
        message = 'import_mapping_limit',
        detail = 'A user may save 50 import mappings.';
    end if;
  end loop;
  return null;
end
$$;

create trigger import_mappings_limit
  after insert on public.import_mappings
  referencing new table as inserted
  for each statement execute function public.enforce_import_mapping_limit();

alter table public.import_mappings enable row level security;

create policy "owners read their import mappings" on public.import_mappings
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owners add import mappings" on public.import_mappings
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "owners change their import mappings" on public.import_mappings
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners delete their import mappings" on public.import_mappings
  for delete to authenticated using (user_id = (select auth.uid()));
create policy "a verified second factor is used" on public.import_mappings
  as restrictive for all to authenticated
  using ((select public.mfa_assurance_met())) with check ((select public.mfa_assurance_met()));

revoke all on public.import_mappings from anon, authenticated;
grant select, insert, delete on public.import_mappings to authenticated;
grant update (mapping, options, updated_at) on public.import_mappings to authenticated;
grant all on public.import_mappings to service_role;

revoke all on function public.enforce_import_mapping_limit() from public, anon, authenticated;
