-- The caller's verified second factors (id and name), for a private page at aal1 to ask for the
-- code of one of them. Read in the page's own transaction instead of asking the auth server, so
-- a signed-in page costs one database transaction and no auth round trip. Security definer: the
-- authenticated role cannot read auth.mfa_factors itself; the secret never leaves it.
create or replace function public.verified_mfa_factors()
returns table (id uuid, friendly_name text)
language sql
stable
security definer
set search_path = ''
as $$
  select f.id, coalesce(f.friendly_name, '')
  from auth.mfa_factors f
  where f.user_id = auth.uid() and f.status = 'verified'
  order by f.created_at, f.id
$$;

revoke all on function public.verified_mfa_factors() from public;
grant execute on function public.verified_mfa_factors() to authenticated;
