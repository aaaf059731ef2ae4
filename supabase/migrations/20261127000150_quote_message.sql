-- The provider status is shared by every signed-in user, but its last_error_message names the
-- symbols the job asked for, users' own instruments' among them: it is for operators (the table
-- and the logs). Signed-in users read every column but that one.

revoke select on public.quote_provider_status from authenticated;
grant select (provider, last_success_at, last_error_at, last_error_code, updated_at)
  on public.quote_provider_status to authenticated;
