-- Test-only table (applied by the rls suite, never by the app): owners see and change their own
-- notes; everyone, signed in or not, sees public ones.
create table public.rls_test_notes (
  id bigint generated always as identity primary key,
  owner uuid not null default auth.uid() references auth.users (id) on delete cascade,
  body text not null,
  is_public boolean not null default false
);
alter table public.rls_test_notes enable row level security;

create policy "owners read their notes" on public.rls_test_notes
  for select to authenticated using (owner = (select auth.uid()));
create policy "everyone reads public notes" on public.rls_test_notes
  for select to anon, authenticated using (is_public);
create policy "owners add notes" on public.rls_test_notes
  for insert to authenticated with check (owner = (select auth.uid()));
create policy "owners change their notes" on public.rls_test_notes
  for update to authenticated
  using (owner = (select auth.uid())) with check (owner = (select auth.uid()));
create policy "owners delete their notes" on public.rls_test_notes
  for delete to authenticated using (owner = (select auth.uid()));
create policy "a verified second factor is used" on public.rls_test_notes
  as restrictive for all to authenticated
  using (public.mfa_assurance_met()) with check (public.mfa_assurance_met());
