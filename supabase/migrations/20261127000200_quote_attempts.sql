-- When the scheduled quote job last asked a provider for a symbol (worker/quotes/refresh-quotes.ts).
-- Symbols that never yield a price (a typo, a coin the provider lacks) would otherwise look the
-- stalest and go first every run; ordering users' own symbols by this time moves them to the
-- back, so they cannot take the whole per-provider budget from the others. A table, not a column
-- on instruments: an attempt belongs to a symbol, which many instruments (and users) share, and
-- the instruments' rows are their owners' to write.

create table public.quote_attempts (
  provider text not null
    constraint quote_attempts_provider_check
    check (provider in ('tefas', 'coingecko', 'eodhd')),
  symbol text not null constraint quote_attempts_symbol_check
    check (char_length(symbol) between 1 and 100),
  currency text not null constraint quote_attempts_currency_check check (currency ~ '^[A-Z]{3}$'),
  tried_at timestamptz not null,
  primary key (provider, symbol, currency)
);

-- Written and read by the job's owner connection only: RLS on, no policy for any API role.
alter table public.quote_attempts enable row level security;
revoke all on public.quote_attempts from anon, authenticated;
grant all on public.quote_attempts to service_role;
