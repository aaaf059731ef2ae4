-- A currency exchange between the portfolio's cash in two currencies: `amount` of `currency`
-- (with its fee and tax) given, `to_amount` of `to_currency` received. Only in a portfolio that
-- records cash, which keeps a balance per currency; nothing enters or leaves the portfolio.
alter table public.transactions
  add column to_currency text
    constraint transactions_to_currency_check check (to_currency ~ '^[A-Z]{3}$'),
  add column to_amount numeric
    constraint transactions_to_amount_check check (to_amount > 0 and to_amount < 'Infinity');

alter table public.transactions drop constraint transactions_type_check;
alter table public.transactions add constraint transactions_type_check
  check (type in ('BUY', 'SELL', 'DIVIDEND', 'INTEREST', 'FEE', 'FEE_REFUND', 'TAX', 'TAX_REFUND',
    'DEPOSIT', 'WITHDRAWAL', 'EXCHANGE', 'SPLIT', 'TRANSFER_IN', 'TRANSFER_OUT'));

alter table public.transactions add constraint transactions_exchange_fields check (
  case when type = 'EXCHANGE' then
    instrument_id is null and amount is not null and amount > 0 and to_currency is not null
    and to_amount is not null and to_currency <> currency and quantity is null
    and unit_price is null and split_ratio is null and acquired_date is null
    and acquisition_fx_rate is null
  else to_currency is null and to_amount is null end
);

grant update (to_currency, to_amount) on public.transactions to authenticated;

-- Exchanges, like deposits and withdrawals, need a portfolio that records cash.
create or replace function public.check_transaction_references()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (
    select 1 from written
    where written.instrument_id is not null and not exists (
      select 1 from public.instruments
      where instruments.id = written.instrument_id
        and (instruments.owner_id is null or instruments.owner_id = written.user_id)
    )
  ) then
    raise exception using
      errcode = '23503',
      message = 'instrument_not_available',
      detail = 'A transaction may use catalog instruments and the user''s own only.';
  end if;
  if exists (
    select 1 from written join public.portfolios on portfolios.id = written.portfolio_id
    where written.type in ('DEPOSIT', 'WITHDRAWAL', 'EXCHANGE') and not portfolios.records_cash
  ) then
    raise exception using
      errcode = '23514',
      message = 'cash_not_recorded',
      detail = 'Deposits, withdrawals and exchanges need a portfolio that records cash.';
  end if;
  return null;
end
$$;
