-- The portfolio area (issue #19): plans, portfolios, instruments, transactions and prices, as
-- docs/data-model.md describes them. Row-level security is the line of defence: every row a user
-- owns is theirs alone, served only at aal2 once they verified a second factor
-- (public.mfa_assurance_met()); the shared catalog and provider prices are readable by everyone.
-- Check constraints mirror the portfolio engine (worker/portfolio/transactions.ts), so a row the
-- engine would refuse cannot be written, not even around the API. Deleting an auth.users row
-- removes everything of theirs (on delete cascade). Plan limits: 20261126000100_plan_limits.sql.

-- Trigram indexes let the instrument search match inside names.
create extension if not exists pg_trgm with schema extensions;

-- ISO 6166: two letters, nine letters or digits, and the Luhn check digit over the code with each
-- letter spelled as its number (A = 10 … Z = 35). Mirrors client/portfolio/isin.ts.
create or replace function public.is_valid_isin(isin text)
returns boolean
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  digits text := '';
  letter text;
  digit integer;
  total integer := 0;
begin
  if isin is null or isin !~ '^[A-Z]{2}[A-Z0-9]{9}[0-9]$' then
    return false;
  end if;
  for position in 1..12 loop
    letter := substr(isin, position, 1);
    digits := digits || case when letter ~ '[0-9]' then letter else (ascii(letter) - 55)::text end;
  end loop;
  for position in 0..length(digits) - 1 loop
    digit := substr(digits, length(digits) - position, 1)::integer;
    if position % 2 = 1 then
      digit := digit * 2;
      if digit > 9 then
        digit := digit - 9;
      end if;
    end if;
    total := total + digit;
  end loop;
  return total % 10 = 0;
end
$$;

-- A URL slug of an instrument's name: Turkish and German letters spelled in ASCII, every other
-- run of characters a hyphen ('Türk Hava Yolları' → 'turk-hava-yollari'). A name with no Latin
-- letter or digit falls back to the code.
create or replace function public.slugify(name text, code text default null)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(
    nullif(trim(both '-' from regexp_replace(lower(replace(replace(translate(name,
      'ÇĞİIÖŞÜÄÂÎÛÉÈÊÁÀÓÒÔÚÙÑçğıöşüäâîûéèêáàóòôúùñ',
      'CGIIOSUAAIUEEEAAOOOUUNcgiosuaaiueeeaaooouun'), 'ß', 'ss'), 'ẞ', 'SS')),
      '[^a-z0-9]+', '-', 'g')), ''),
    trim(both '-' from regexp_replace(lower(code), '[^a-z0-9]+', '-', 'g'))
  )
$$;

create or replace function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- Plans ------------------------------------------------------------------------------------------

-- Which plan a user pays for; no row means the free plan. Written by the service role only
-- (billing, the demo seed). The plan names are checked by the generated plan-limits migration.
create table public.user_plans (
  user_id uuid primary key references auth.users (id) on delete cascade,
  plan text not null,
  updated_at timestamptz not null default now()
);

-- Portfolios -------------------------------------------------------------------------------------

create table public.portfolios (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null
    constraint portfolios_name_check
    check (char_length(name) between 1 and 80 and name !~ '^\s|\s$'),
  base_currency text not null
    constraint portfolios_base_currency_check check (base_currency ~ '^[A-Z]{3}$'),
  cost_basis_method text not null
    constraint portfolios_cost_basis_method_check check (cost_basis_method in ('AVERAGE', 'FIFO')),
  records_cash boolean not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The target of the transactions' composite foreign key.
  constraint portfolios_id_user_id_key unique (id, user_id)
);

create index portfolios_user_id_idx on public.portfolios (user_id, created_at);

-- Instruments ------------------------------------------------------------------------------------

create table public.instruments (
  id uuid primary key default gen_random_uuid(),
  -- null: the shared catalog (written by the service role); else the user who defined it.
  owner_id uuid default auth.uid() references auth.users (id) on delete cascade,
  code text not null constraint instruments_code_check check (code ~ '^[A-Z0-9][A-Z0-9.]{0,19}$'),
  name text not null
    constraint instruments_name_check
    check (char_length(name) between 1 and 120 and name !~ '^\s|\s$'),
  type text not null
    constraint instruments_type_check
    check (type in ('STOCK', 'ETF', 'FUND', 'BOND', 'CRYPTO', 'COMMODITY', 'OTHER')),
  currency text not null constraint instruments_currency_check check (currency ~ '^[A-Z]{3}$'),
  exchange text constraint instruments_exchange_check check (exchange ~ '^[A-Z0-9]{2,10}$'),
  isin text constraint instruments_isin_check check (isin is null or public.is_valid_isin(isin)),
  -- From the name (public.slugify) when not given, and again when a rename leaves it as it was.
  slug text not null constraint instruments_slug_check check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  created_at timestamptz not null default now(),
  constraint instruments_owner_code_exchange_key
    unique nulls not distinct (owner_id, code, exchange)
);

create index instruments_code_prefix_idx on public.instruments (code text_pattern_ops);
create index instruments_name_trgm_idx
  on public.instruments using gin (name extensions.gin_trgm_ops);
create index instruments_isin_idx on public.instruments (isin) where isin is not null;

create or replace function public.fill_instrument_slug()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.slug is null
    or (tg_op = 'UPDATE' and new.name is distinct from old.name and new.slug = old.slug) then
    new.slug := public.slugify(new.name, new.code);
  end if;
  return new;
end
$$;

create trigger instruments_fill_slug
  before insert or update on public.instruments
  for each row execute function public.fill_instrument_slug();

-- Transactions -----------------------------------------------------------------------------------

-- Which fields each type needs follows the engine (docs/data-model.md has the table); numbers are
-- finite (numeric also holds NaN and ±Infinity, which compare above every number). A check passes
-- when it is null, so each required field is tested with `is not null`.
create table public.transactions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid(),
  portfolio_id uuid not null,
  instrument_id uuid references public.instruments (id),
  -- Orders the transactions of one trade date.
  sequence bigint generated always as identity,
  type text not null
    constraint transactions_type_check
    check (type in ('BUY', 'SELL', 'DIVIDEND', 'INTEREST', 'FEE', 'TAX', 'DEPOSIT', 'WITHDRAWAL',
      'SPLIT', 'TRANSFER_IN', 'TRANSFER_OUT')),
  trade_date date not null constraint transactions_trade_date_check check (isfinite(trade_date)),
  currency text not null constraint transactions_currency_check check (currency ~ '^[A-Z]{3}$'),
  fx_rate numeric
    constraint transactions_fx_rate_check check (fx_rate > 0 and fx_rate < 'Infinity'),
  quantity numeric
    constraint transactions_quantity_check check (quantity > 0 and quantity < 'Infinity'),
  unit_price numeric
    constraint transactions_unit_price_check check (unit_price > 0 and unit_price < 'Infinity'),
  amount numeric constraint transactions_amount_check check (amount >= 0 and amount < 'Infinity'),
  fee numeric not null default 0
    constraint transactions_fee_check check (fee >= 0 and fee < 'Infinity'),
  tax numeric not null default 0
    constraint transactions_tax_check check (tax >= 0 and tax < 'Infinity'),
  -- New shares for old: '2:1', '1:10', or one number ('2' = '2:1'); both parts above zero.
  split_ratio text
    constraint transactions_split_ratio_check
    check (
      split_ratio ~ '^[0-9]+(\.[0-9]+)?(:[0-9]+(\.[0-9]+)?)?$'
      and split_part(split_ratio, ':', 1) ~ '[1-9]'
      and (split_ratio !~ ':' or split_part(split_ratio, ':', 2) ~ '[1-9]')
    ),
  acquired_date date
    constraint transactions_acquired_date_check
    check (isfinite(acquired_date) and acquired_date <= trade_date),
  acquisition_fx_rate numeric
    constraint transactions_acquisition_fx_rate_check
    check (acquisition_fx_rate > 0 and acquisition_fx_rate < 'Infinity'),
  note text constraint transactions_note_check check (char_length(note) <= 500),
  -- The client's key for one create request: a repeated POST writes nothing.
  idempotency_key uuid not null default gen_random_uuid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint transactions_portfolio_fkey foreign key (portfolio_id, user_id)
    references public.portfolios (id, user_id) on delete cascade,
  constraint transactions_user_id_idempotency_key_key unique (user_id, idempotency_key),
  constraint transactions_trade_fields check (
    type not in ('BUY', 'SELL') or (
      instrument_id is not null and quantity is not null and unit_price is not null
      and amount is null and split_ratio is null and acquired_date is null
      and acquisition_fx_rate is null
    )
  ),
  constraint transactions_transfer_in_fields check (
    type <> 'TRANSFER_IN' or (
      instrument_id is not null and quantity is not null and unit_price is not null
      and acquired_date is not null and amount is null and split_ratio is null
    )
  ),
  constraint transactions_transfer_out_fields check (
    type <> 'TRANSFER_OUT' or (
      instrument_id is not null and quantity is not null and unit_price is null
      and amount is null and split_ratio is null and acquired_date is null
      and acquisition_fx_rate is null
    )
  ),
  constraint transactions_split_fields check (
    type <> 'SPLIT' or (
      instrument_id is not null and split_ratio is not null and quantity is null
      and unit_price is null and acquired_date is null and acquisition_fx_rate is null
    )
  ),
  constraint transactions_dividend_fields check (
    type <> 'DIVIDEND' or (
      instrument_id is not null and amount is not null and amount > 0 and quantity is null
      and unit_price is null and split_ratio is null and acquired_date is null
      and acquisition_fx_rate is null
    )
  ),
  constraint transactions_income_and_cost_fields check (
    type not in ('INTEREST', 'FEE', 'TAX') or (
      amount is not null and amount > 0 and quantity is null and unit_price is null
      and split_ratio is null and acquired_date is null and acquisition_fx_rate is null
    )
  ),
  constraint transactions_cash_fields check (
    type not in ('DEPOSIT', 'WITHDRAWAL') or (
      instrument_id is null and amount is not null and amount > 0 and quantity is null
      and unit_price is null and split_ratio is null and acquired_date is null
      and acquisition_fx_rate is null
    )
  )
);

-- The ledger newest first, and one instrument's history in a portfolio.
create index transactions_ledger_idx
  on public.transactions (portfolio_id, trade_date desc, sequence desc);
create index transactions_instrument_history_idx
  on public.transactions (portfolio_id, instrument_id, trade_date);
-- Deleting an instrument checks that no transaction uses it.
create index transactions_instrument_id_idx
  on public.transactions (instrument_id) where instrument_id is not null;

-- Instruments a transaction may use: the catalog or the user's own, checked against the tables
-- (security definer) so no writer, however privileged, can point at another user's instrument.
-- Deposits and withdrawals need a portfolio that records cash, as the engine requires.
create or replace function public.check_transaction_references()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.instrument_id is not null and not exists (
    select 1 from public.instruments
    where id = new.instrument_id and (owner_id is null or owner_id = new.user_id)
  ) then
    raise exception using
      errcode = '23503',
      message = 'instrument_not_available',
      detail = 'A transaction may use catalog instruments and the user''s own only.';
  end if;
  if new.type in ('DEPOSIT', 'WITHDRAWAL') and not exists (
    select 1 from public.portfolios where id = new.portfolio_id and records_cash
  ) then
    raise exception using
      errcode = '23514',
      message = 'cash_not_recorded',
      detail = 'Deposits and withdrawals need a portfolio that records cash.';
  end if;
  return new;
end
$$;

create trigger transactions_check_references
  before insert or update on public.transactions
  for each row execute function public.check_transaction_references();

-- Prices -----------------------------------------------------------------------------------------

create table public.prices (
  id bigint generated always as identity primary key,
  instrument_id uuid not null references public.instruments (id) on delete cascade,
  -- null: from a provider, shared; else the user's manual price.
  owner_id uuid default auth.uid() references auth.users (id) on delete cascade,
  price_date date not null constraint prices_price_date_check check (isfinite(price_date)),
  close numeric not null constraint prices_close_check check (close > 0 and close < 'Infinity'),
  source text not null default 'manual'
    constraint prices_source_check check (source ~ '^[a-z0-9_]{1,20}$'),
  updated_at timestamptz not null default now(),
  constraint prices_instrument_owner_date_key
    unique nulls not distinct (instrument_id, owner_id, price_date)
);

-- The price series of an instrument (shared and the caller's own) up to a date.
create index prices_instrument_date_idx
  on public.prices (instrument_id, price_date desc) include (owner_id, close);
create index prices_owner_id_idx on public.prices (owner_id) where owner_id is not null;

-- A manual price is on an instrument its owner may use; a shared price only on the catalog.
create or replace function public.check_price_references()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1 from public.instruments
    where id = new.instrument_id
      and (owner_id is null or owner_id is not distinct from new.owner_id)
  ) then
    raise exception using
      errcode = '23503',
      message = 'instrument_not_available',
      detail = 'A price may be set on catalog instruments and the owner''s own only.';
  end if;
  return new;
end
$$;

create trigger prices_check_references
  before insert or update on public.prices
  for each row execute function public.check_price_references();

-- updated_at -------------------------------------------------------------------------------------

create trigger user_plans_set_updated_at
  before update on public.user_plans
  for each row execute function public.set_updated_at();
create trigger portfolios_set_updated_at
  before update on public.portfolios
  for each row execute function public.set_updated_at();
create trigger transactions_set_updated_at
  before update on public.transactions
  for each row execute function public.set_updated_at();
create trigger prices_set_updated_at
  before update on public.prices
  for each row execute function public.set_updated_at();

-- Row-level security -----------------------------------------------------------------------------

alter table public.user_plans enable row level security;
alter table public.portfolios enable row level security;
alter table public.instruments enable row level security;
alter table public.transactions enable row level security;
alter table public.prices enable row level security;

create policy "users read their plan" on public.user_plans
  for select to authenticated using (user_id = (select auth.uid()));
create policy "a verified second factor is used" on public.user_plans
  as restrictive for all to authenticated
  using (public.mfa_assurance_met()) with check (public.mfa_assurance_met());

create policy "owners read their portfolios" on public.portfolios
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owners add portfolios" on public.portfolios
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "owners change their portfolios" on public.portfolios
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners delete their portfolios" on public.portfolios
  for delete to authenticated using (user_id = (select auth.uid()));
create policy "a verified second factor is used" on public.portfolios
  as restrictive for all to authenticated
  using (public.mfa_assurance_met()) with check (public.mfa_assurance_met());

create policy "everyone reads the catalog" on public.instruments
  for select to anon, authenticated using (owner_id is null);
create policy "owners read their instruments" on public.instruments
  for select to authenticated using (owner_id = (select auth.uid()));
create policy "owners add instruments" on public.instruments
  for insert to authenticated with check (owner_id = (select auth.uid()));
create policy "owners change their instruments" on public.instruments
  for update to authenticated
  using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));
create policy "owners delete their instruments" on public.instruments
  for delete to authenticated using (owner_id = (select auth.uid()));
-- The catalog stays readable at aal1: it is no one's data.
create policy "a verified second factor is used" on public.instruments
  as restrictive for all to authenticated
  using (owner_id is null or public.mfa_assurance_met()) with check (public.mfa_assurance_met());

create policy "owners read their transactions" on public.transactions
  for select to authenticated using (user_id = (select auth.uid()));
create policy "owners add transactions" on public.transactions
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "owners change their transactions" on public.transactions
  for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "owners delete their transactions" on public.transactions
  for delete to authenticated using (user_id = (select auth.uid()));
create policy "a verified second factor is used" on public.transactions
  as restrictive for all to authenticated
  using (public.mfa_assurance_met()) with check (public.mfa_assurance_met());

create policy "everyone reads shared prices" on public.prices
  for select to anon, authenticated using (owner_id is null);
create policy "owners read their prices" on public.prices
  for select to authenticated using (owner_id = (select auth.uid()));
create policy "owners add manual prices" on public.prices
  for insert to authenticated
  with check (owner_id = (select auth.uid()) and source = 'manual');
create policy "owners change their prices" on public.prices
  for update to authenticated
  using (owner_id = (select auth.uid()))
  with check (owner_id = (select auth.uid()) and source = 'manual');
create policy "owners delete their prices" on public.prices
  for delete to authenticated using (owner_id = (select auth.uid()));
create policy "a verified second factor is used" on public.prices
  as restrictive for all to authenticated
  using (owner_id is null or public.mfa_assurance_met()) with check (public.mfa_assurance_met());

-- Grants -----------------------------------------------------------------------------------------

-- Supabase grants everything in `public` to the API roles by default; that includes TRUNCATE,
-- which row-level security does not cover. Each role gets exactly what its policies use, and
-- owners, ids, creation times and keys cannot be updated.
revoke all on public.user_plans, public.portfolios, public.instruments, public.transactions,
  public.prices from anon, authenticated;

grant select on public.user_plans to authenticated;

grant select, insert, delete on public.portfolios to authenticated;
grant update (name, cost_basis_method, updated_at) on public.portfolios to authenticated;

grant select on public.instruments to anon;
grant select, insert, delete on public.instruments to authenticated;
grant update (code, name, type, currency, exchange, isin, slug) on public.instruments
  to authenticated;

grant select, insert, delete on public.transactions to authenticated;
grant update (instrument_id, type, trade_date, currency, fx_rate, quantity, unit_price, amount, fee,
  tax, split_ratio, acquired_date, acquisition_fx_rate, note, updated_at)
  on public.transactions to authenticated;

grant select on public.prices to anon;
grant select, insert, delete on public.prices to authenticated;
grant update (close, source, updated_at) on public.prices to authenticated;

grant all on public.user_plans, public.portfolios, public.instruments, public.transactions,
  public.prices to service_role;

-- Trigger functions are not for calling; the checks are for everyone.
revoke all on function public.set_updated_at(), public.fill_instrument_slug(),
  public.check_transaction_references(), public.check_price_references() from public, anon,
  authenticated;
grant execute on function public.is_valid_isin(text), public.slugify(text, text)
  to anon, authenticated, service_role;
