-- Money back for a charge: a fee rebated, a tax refunded (a loss offset, withholding reclaimed).
-- Each has a type of its own rather than a negative fee or tax, so a refund is never mistaken
-- for a charge and the yearly tax view can tell one from the other.
alter table public.transactions drop constraint transactions_type_check;
alter table public.transactions add constraint transactions_type_check
  check (type in ('BUY', 'SELL', 'DIVIDEND', 'INTEREST', 'FEE', 'FEE_REFUND', 'TAX', 'TAX_REFUND',
    'DEPOSIT', 'WITHDRAWAL', 'SPLIT', 'TRANSFER_IN', 'TRANSFER_OUT'));

alter table public.transactions drop constraint transactions_income_and_cost_fields;
alter table public.transactions add constraint transactions_income_and_cost_fields check (
  type not in ('INTEREST', 'FEE', 'FEE_REFUND', 'TAX', 'TAX_REFUND') or (
    amount is not null and amount > 0 and quantity is null and unit_price is null
    and split_ratio is null and acquired_date is null and acquisition_fx_rate is null
  )
);
