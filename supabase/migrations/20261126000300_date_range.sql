-- Transaction and price dates from 1900-01-01 to 2099-12-31, as the API's schemas take them
-- (client/api/schemas/common.ts, DATE_RANGE). The value series has one point a day from the first
-- transaction, so a row dated 0224 (a typo for 2024), written straight to the table, would make
-- every later chart of its portfolio ask one request for centuries of points. The checks keep
-- their names; a range is finite, so they still refuse ±infinity.

alter table public.transactions
  drop constraint transactions_trade_date_check,
  add constraint transactions_trade_date_check
    check (trade_date between '1900-01-01' and '2099-12-31'),
  drop constraint transactions_acquired_date_check,
  add constraint transactions_acquired_date_check
    check (acquired_date between '1900-01-01' and '2099-12-31' and acquired_date <= trade_date);

alter table public.prices
  drop constraint prices_price_date_check,
  add constraint prices_price_date_check
    check (price_date between '1900-01-01' and '2099-12-31');
