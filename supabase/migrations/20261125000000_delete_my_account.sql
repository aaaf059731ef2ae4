-- Deleting one's own account (issue #17, point 7), called by the worker's POST /api/account/delete
-- inside a transaction that runs as the user. The function refuses unless the caller signed in
-- (password, emailed code, authenticator app, ...) within the last five minutes: the newest `amr`
-- entry of the access token carries the time of that sign-in.
--
-- Deleting the auth.users row is enough: identities, MFA factors (and their challenges) and
-- sessions reference it with `on delete cascade`, and refresh tokens and AMR claims cascade from
-- sessions. Flow states (PKCE) keep a bare user_id, so they are removed here. Later tables of the
-- app (portfolios, ...) reference auth.users on delete cascade too.

create or replace function public.delete_my_account()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  signed_in_at bigint := (auth.jwt() -> 'amr' -> 0 ->> 'timestamp')::bigint;
begin
  if caller is null then
    raise exception using
      errcode = '28000',
      message = 'not_authenticated',
      detail = 'Only a signed-in user can delete their account.';
  end if;
  if signed_in_at is null or signed_in_at < extract(epoch from now()) - 300 then
    raise exception using
      errcode = '28000',
      message = 'reauthentication_needed',
      detail = 'Sign in again (within the last 5 minutes) before deleting the account.';
  end if;
  delete from auth.flow_state where user_id = caller;
  delete from auth.users where id = caller;
end
$$;

revoke all on function public.delete_my_account() from public, anon, service_role;
grant execute on function public.delete_my_account() to authenticated;
