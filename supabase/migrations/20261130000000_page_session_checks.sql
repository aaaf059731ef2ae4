-- What a private page checks of the signed-in user in its own transaction, instead of asking the
-- auth server (a round trip per page): whether the access token's session still exists (signing
-- out on another device or everywhere deletes it, while the token itself stays valid until it
-- expires), and which verified second factors await a code at aal1. Security definer: the
-- authenticated role cannot read the auth schema; only the caller's own rows are looked at, and
-- no secret leaves it.
create or replace function public.session_is_active()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from auth.sessions s
    where s.id = nullif(auth.jwt() ->> 'session_id', '')::uuid
      and s.user_id = auth.uid()
      and (s.not_after is null or s.not_after > now())
  )
$$;

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

revoke all on function public.session_is_active() from public;
revoke all on function public.verified_mfa_factors() from public;
grant execute on function public.session_is_active() to authenticated;
grant execute on function public.verified_mfa_factors() to authenticated;
