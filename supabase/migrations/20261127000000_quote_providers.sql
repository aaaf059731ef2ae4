-- Prices that arrive by themselves (issue #20, point 1): each instrument may name the quote
-- provider its daily closes come from, the worker's scheduled job (worker/quotes/) writes them
-- into public.prices, and public.quote_provider_status records each provider's last success and
-- last error for the screens. docs/quotes.md explains the providers and their symbols; the
-- shapes below mirror client/portfolio/price-providers.ts.

-- Where an instrument's price comes from -----------------------------------------------------------

alter table public.instruments
  add column price_provider text
    constraint instruments_price_provider_check
    check (price_provider in ('tefas', 'coingecko', 'eodhd')),
  add column price_symbol text,
  -- A provider needs its symbol, and a symbol its provider.
  add constraint instruments_price_source_check
    check ((price_provider is null) = (price_symbol is null)),
  -- A TEFAS fund code (`TTE`), a CoinGecko coin id (`bitcoin`), an EODHD ticker with its
  -- exchange (`THYAO.IS`, `SAP.XETRA`, `BRK-B.US`). TEFAS publishes unit prices in lira only.
  add constraint instruments_price_symbol_check
    check (
      price_symbol is null
      or (price_provider = 'tefas' and price_symbol ~ '^[A-Z0-9]{3}$' and currency = 'TRY')
      or (price_provider = 'coingecko' and char_length(price_symbol) <= 100
        and price_symbol ~ '^[a-z0-9]+([-_.][a-z0-9]+)*$')
      or (price_provider = 'eodhd' and price_symbol ~ '^[A-Z0-9][A-Z0-9.-]{0,19}\.[A-Z]{1,10}$')
    );

-- The scheduled job reads the instruments each provider feeds.
create index instruments_price_provider_idx
  on public.instruments (price_provider, price_symbol) where price_provider is not null;

grant update (price_provider, price_symbol) on public.instruments to authenticated;

-- How each provider last did ------------------------------------------------------------------------

create table public.quote_provider_status (
  provider text primary key
    constraint quote_provider_status_provider_check
    check (provider in ('tefas', 'coingecko', 'eodhd')),
  last_success_at timestamptz,
  last_error_at timestamptz,
  -- worker/quotes/quote-error.ts: unreachable, server_error, rate_limited, unauthorized,
  -- quota_exceeded, bad_response, http_error
  last_error_code text constraint quote_provider_status_code_check
    check (last_error_code ~ '^[a-z_]{1,40}$'),
  -- For operators: what failed, never a URL's query (it may hold a key).
  last_error_message text constraint quote_provider_status_message_check
    check (char_length(last_error_message) <= 500),
  updated_at timestamptz not null default now(),
  constraint quote_provider_status_error_check
    check ((last_error_at is null) = (last_error_code is null))
);

alter table public.quote_provider_status enable row level security;

create policy "signed-in users read provider status" on public.quote_provider_status
  for select to authenticated using (true);

-- Supabase grants every new public table to the API roles; signed-in users only read it, and
-- only the table's owner (the scheduled job's connection) and service_role write.
revoke all on public.quote_provider_status from anon, authenticated;
grant select on public.quote_provider_status to authenticated;
grant all on public.quote_provider_status to service_role;

-- The starter catalog's sources ---------------------------------------------------------------------

-- 20261126000150_instrument_catalog.sql is applied in deployments; its rows get their symbols
-- here. EODHD spells a US class share with a dash (BRK-B.US).
update public.instruments
set price_provider = 'eodhd',
  price_symbol = replace(code, '.', '-') || case exchange
    when 'BIST' then '.IS'
    when 'XETRA' then '.XETRA'
    else '.US'
  end
where owner_id is null
  and price_provider is null
  and exchange in ('BIST', 'XETRA', 'NASDAQ', 'NYSE')
  and type in ('STOCK', 'ETF');

-- A few crypto coins, priced in US dollars by CoinGecko. Running it again adds nothing.
insert into public.instruments (owner_id, code, name, type, currency, exchange, isin,
  price_provider, price_symbol)
values
  (null, 'BTC', 'Bitcoin', 'CRYPTO', 'USD', null, null, 'coingecko', 'bitcoin'),
  (null, 'ETH', 'Ethereum', 'CRYPTO', 'USD', null, null, 'coingecko', 'ethereum'),
  (null, 'SOL', 'Solana', 'CRYPTO', 'USD', null, null, 'coingecko', 'solana')
on conflict (owner_id, code, exchange) do nothing;
