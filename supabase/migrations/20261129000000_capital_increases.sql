-- Capital increases (docs/portfolio-math.md): a bonus issue records the units received, at no
-- cost (no price, no amount); a rights issue buys new units at the subscription price, with the
-- fields of a purchase.
alter table public.transactions drop constraint transactions_type_check;
alter table public.transactions add constraint transactions_type_check
  check (type in ('BUY', 'SELL', 'DIVIDEND', 'INTEREST', 'FEE', 'FEE_REFUND', 'TAX', 'TAX_REFUND',
    'DEPOSIT', 'WITHDRAWAL', 'EXCHANGE', 'SPLIT', 'BONUS_ISSUE', 'RIGHTS_ISSUE', 'TRANSFER_IN',
    'TRANSFER_OUT'));

alter table public.transactions drop constraint transactions_trade_fields;
alter table public.transactions add constraint transactions_trade_fields check (
  type not in ('BUY', 'SELL', 'RIGHTS_ISSUE') or (
    instrument_id is not null and quantity is not null and unit_price is not null
    and amount is null and split_ratio is null and acquired_date is null
    and acquisition_fx_rate is null
  )
);

alter table public.transactions add constraint transactions_bonus_issue_fields check (
  type <> 'BONUS_ISSUE' or (
    instrument_id is not null and quantity is not null and unit_price is null and amount is null
    and split_ratio is null and acquired_date is null and acquisition_fx_rate is null
  )
);
