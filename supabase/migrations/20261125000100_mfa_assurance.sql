-- A user who has verified a second factor is served their data only at assurance level aal2
-- (DESIGN.md, "Auth and sessions"). Every table that holds a user's rows adds a restrictive
-- policy calling this function, so a stolen password alone (aal1) reads and writes nothing.
-- Security definer: the authenticated role cannot read auth.mfa_factors itself.
create or replace function public.mfa_assurance_met()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
    or not exists (
      select 1
      from auth.mfa_factors
      where user_id = auth.uid() and status = 'verified'
    )
$$;

revoke all on function public.mfa_assurance_met() from public;
grant execute on function public.mfa_assurance_met() to anon, authenticated;
