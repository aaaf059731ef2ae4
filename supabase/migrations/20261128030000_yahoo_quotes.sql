-- Share and ETF prices without a key (issue #27, point 1): Yahoo Finance's chart API is the
-- default source of listed shares and ETFs, as in Ghostfolio, Portfolio Performance and
-- Wealthfolio; EODHD stays the paid option an operator chooses per exchange
-- (QUOTES_EODHD_MARKETS, docs/quotes.md). The shapes mirror client/portfolio/price-providers.ts.

alter table public.instruments
  drop constraint instruments_price_provider_check,
  add constraint instruments_price_provider_check
    check (price_provider in ('yahoo', 'tefas', 'coingecko', 'eodhd')),
  drop constraint instruments_price_symbol_check,
  -- A Yahoo Finance symbol with the suffix of an exchange in LISTING_VENUES, none for the US
  -- (`THYAO.IS`, `VWCE.DE`, `AAPL`, `BRK-B`); a TEFAS fund code (`TTE`), in lira; a CoinGecko
  -- coin id (`bitcoin`); an EODHD ticker with its exchange (`THYAO.IS`, `SAP.XETRA`, `BRK-B.US`).
  add constraint instruments_price_symbol_check
    check (
      price_symbol is null
      or (price_provider = 'yahoo'
        and price_symbol ~ '^[A-Z0-9][A-Z0-9&-]{0,15}(\.(IS|DE|F|SG|MU|BE|DU|HM|HA|AS|PA|MI|L|SW))?$')
      or (price_provider = 'tefas' and price_symbol ~ '^[A-Z0-9]{3}$' and currency = 'TRY')
      or (price_provider = 'coingecko' and char_length(price_symbol) <= 100
        and price_symbol ~ '^[a-z0-9]+([-_.][a-z0-9]+)*$')
      or (price_provider = 'eodhd' and price_symbol ~ '^[A-Z0-9][A-Z0-9.-]{0,19}\.[A-Z]{1,10}$')
    );

alter table public.quote_provider_status
  drop constraint quote_provider_status_provider_check,
  add constraint quote_provider_status_provider_check
    check (provider in ('yahoo', 'tefas', 'coingecko', 'eodhd'));

alter table public.quote_attempts
  drop constraint quote_attempts_provider_check,
  add constraint quote_attempts_provider_check
    check (provider in ('yahoo', 'tefas', 'coingecko', 'eodhd'));

-- The catalog's shares and ETFs take their prices from Yahoo Finance, by its symbols: Borsa
-- Istanbul `.IS`, Xetra `.DE`, the US none (a class share with a dash, BRK-B). Their EODHD
-- closes stay; the job continues after the newest.
update public.instruments
set price_provider = 'yahoo',
  price_symbol = case exchange
    when 'BIST' then code || '.IS'
    when 'XETRA' then code || '.DE'
    else replace(code, '.', '-')
  end
where owner_id is null
  and price_provider = 'eodhd'
  and exchange in ('BIST', 'XETRA', 'NASDAQ', 'NYSE');
