-- A portfolio may start recording cash later (an import brings deposits and withdrawals, or the
-- owner decides so), its history kept. It never stops: its deposits and withdrawals would have
-- no meaning in a portfolio without cash.
grant update (records_cash) on public.portfolios to authenticated;

create function public.portfolios_keep_recording_cash()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if old.records_cash and not new.records_cash then
    raise exception using
      errcode = '23514',
      message = 'records_cash_permanent',
      detail = 'A portfolio that records cash keeps doing so.';
  end if;
  return new;
end
$$;

create trigger portfolios_keep_recording_cash
  before update of records_cash on public.portfolios
  for each row execute function public.portfolios_keep_recording_cash();
