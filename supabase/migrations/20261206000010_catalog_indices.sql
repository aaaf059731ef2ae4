-- Indices to compare a portfolio with (docs/benchmark.md): Borsa Istanbul's BIST 100 and BIST 30,
-- priced by Yahoo Finance (`XU100.IS`, `XU030.IS`, points in lira). No catalog source lists
-- indices, so like the starter catalog they stay as written. Nobody holds an index: the type is
-- `OTHER`, and the S&P 500 and MSCI World are compared through the catalog's ETFs (SXR8, EUNL),
-- whose Yahoo Finance symbols the index symbols' `^` would not fit. Running it again adds nothing.
insert into public.instruments (owner_id, code, name, type, currency, exchange, isin,
  price_provider, price_symbol)
values
  (null, 'XU100', 'BIST 100', 'OTHER', 'TRY', 'BIST', null, 'yahoo', 'XU100.IS'),
  (null, 'XU030', 'BIST 30', 'OTHER', 'TRY', 'BIST', null, 'yahoo', 'XU030.IS')
on conflict (owner_id, code, exchange) do nothing;
