-- A real catalog (issue #27, point 2): the scheduled job of worker/catalog/ keeps the shared
-- catalog (owner_id null) from public lists — every Borsa Istanbul share, every TEFAS fund, the
-- ETFs and shares Xetra trades, the S&P 500 — and the search finds a line by code, ISIN, WKN and
-- name whatever accents, case or Turkish i the user types. docs/catalog.md explains the sources
-- and the rules; the shapes below mirror worker/catalog/catalog-source.ts.

-- What the sources tell about a line -------------------------------------------------------------

alter table public.instruments
  -- The German securities number: six letters or digits (`716460`, `A0RPWH`).
  add column wkn text constraint instruments_wkn_check check (wkn ~ '^[0-9A-Z]{6}$'),
  -- A TEFAS fund's type as TEFAS names it (`Hisse Senedi Şemsiye Fonu`) and its founder, the
  -- portfolio management company (`AK PORTFÖY YÖNETİMİ A.Ş.`).
  add column fund_type text constraint instruments_fund_type_check
    check (char_length(fund_type) between 1 and 100 and fund_type !~ '^\s|\s$'),
  add column founder text constraint instruments_founder_check
    check (char_length(founder) between 1 and 160 and founder !~ '^\s|\s$'),
  -- The source that keeps the line; null: a line nobody's list carries (the starter catalog's
  -- until a source lists it, crypto) or a user's own instrument.
  add column listed_by text constraint instruments_listed_by_check
    check (listed_by in ('bist', 'tefas', 'xetra', 'us')),
  -- When the line was last missing from its source's list; null while it is listed. Such a line
  -- stays (transactions and prices point at it) and is found after the listed ones.
  add column unlisted_since timestamptz,
  add constraint instruments_listed_by_catalog_check
    check (listed_by is null or owner_id is null),
  add constraint instruments_unlisted_check
    check (unlisted_since is null or listed_by is not null);

create index instruments_wkn_idx on public.instruments (wkn) where wkn is not null;
-- The job reads and marks the lines of one source.
create index instruments_listed_by_idx on public.instruments (listed_by, code)
  where listed_by is not null;

-- Search ----------------------------------------------------------------------------------------

-- Text as the search compares it: Turkish, German and the common Latin letters in ASCII, lower
-- case, and İ, I, ı and i all one letter (`lower` alone maps İ to "i̇" and leaves ı as it is).
-- Letters first, then lower: lower() of the ASCII letters is the same under every collation.
create or replace function public.search_fold(text text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select lower(translate(
    replace(replace(replace(replace(replace(replace(text, 'ß', 'ss'), 'ẞ', 'SS'), 'Æ', 'AE'),
      'æ', 'ae'), 'Œ', 'OE'), 'œ', 'oe'),
    'ÇĞİÖŞÜÄÂÎÛÉÈÊËÁÀÃÓÒÔÕÚÙÑÅØÍÌÏÝçğıöşüäâîûéèêëáàãóòôõúùñåøíìïýÿ',
    'CGIOSUAAIUEEEEAAAOOOOUUNAOIIIYcgiosuaaiueeeeaaaoooouunaoiiiyy'))
$$;

-- A name's words as the search matches them: folded, each word after one space, anything but
-- letters and digits a word break (`Türk Hava Yolları A.O.` → ` turk hava yollari a o`). The
-- leading space lets `like '% hava%'` find words that start with what was typed.
create or replace function public.search_words(text text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select ' ' || trim(regexp_replace(public.search_fold(text), '[^a-z0-9]+', ' ', 'g'))
$$;

-- What was typed as a code, ISIN or WKN: folded, upper case, letters, digits and dots only.
create or replace function public.search_code(text text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select upper(regexp_replace(public.search_fold(text), '[^a-z0-9.]+', '', 'g'))
$$;

-- Names are matched word by word (worker/api/store/instrument-store.ts); the search no longer
-- reads the raw name's trigrams.
drop index public.instruments_name_trgm_idx;
create index instruments_search_words_idx
  on public.instruments using gin (public.search_words(name) extensions.gin_trgm_ops);

grant execute on function public.search_fold(text), public.search_words(text),
  public.search_code(text) to anon, authenticated, service_role;

-- How each source last did, for operators ---------------------------------------------------------

create table public.catalog_source_status (
  source text primary key
    constraint catalog_source_status_source_check
    check (source in ('bist', 'tefas', 'xetra', 'us')),
  last_success_at timestamptz,
  -- The lines the last successful run read from the source.
  last_line_count integer constraint catalog_source_status_count_check
    check (last_line_count >= 0),
  last_error_at timestamptz,
  -- worker/quotes/quote-error.ts's codes: unreachable, server_error, rate_limited, bad_response…
  last_error_code text constraint catalog_source_status_code_check
    check (last_error_code ~ '^[a-z_]{1,40}$'),
  last_error_message text constraint catalog_source_status_message_check
    check (char_length(last_error_message) <= 500),
  updated_at timestamptz not null default now(),
  constraint catalog_source_status_error_check
    check ((last_error_at is null) = (last_error_code is null))
);

-- When the job last asked MKK for the ISIN of a Borsa Istanbul share without one: it asks those
-- asked longest ago (or never) first, so codes MKK does not know cannot hold back the others.
create table public.catalog_isin_lookups (
  exchange text not null constraint catalog_isin_lookups_exchange_check
    check (exchange ~ '^[A-Z0-9]{2,10}$'),
  code text not null constraint catalog_isin_lookups_code_check
    check (code ~ '^[A-Z0-9][A-Z0-9.]{0,19}$'),
  tried_at timestamptz not null,
  primary key (exchange, code)
);

-- Written and read by the job's owner connection only: RLS on, no policy for any API role.
alter table public.catalog_source_status enable row level security;
alter table public.catalog_isin_lookups enable row level security;
revoke all on public.catalog_source_status, public.catalog_isin_lookups from anon, authenticated;
grant all on public.catalog_source_status, public.catalog_isin_lookups to service_role;
