-- What the Turkish tax needs to know of an instrument (issue 35, point 1; docs/tax-turkey.md
-- rules 2, 3 and 6): a Turkish fund's class, which sets the stopaj on its gains. Where a share
-- trades (Borsa İstanbul or abroad) needs no column: it is the instrument's exchange
-- (shared/portfolio/share-market.ts), which a user may change on their own instruments.

-- The names are shared/portfolio/portfolio-kinds.ts's TEFAS_FUND_CLASSES: equity-intensive
-- (`hisse senedi yoğun`); the group the reduced rates left out (variable, mixed, eurobond,
-- foreign, hedge, a title saying `döviz`, external debt); money-market, debt, gold and precious
-- metals, participation; venture-capital (GSYF) and real-estate (GYF) funds; any other fund.
create type public.tefas_fund_class as enum (
  'equityIntensive',
  'variable',
  'mixed',
  'eurobond',
  'foreign',
  'hedge',
  'fx',
  'externalDebt',
  'moneyMarket',
  'debt',
  'gold',
  'participation',
  'gsyf',
  'gyf',
  'other'
);

alter table public.instruments
  -- Null: not known, or not a Turkish fund.
  add column tefas_fund_class public.tefas_fund_class,
  -- Only a fund or ETF has one, and in the catalog only a fund TEFAS prices: the catalog's other
  -- funds are foreign ones. A user's own fund may be any fund they hold in Türkiye.
  add constraint instruments_tefas_fund_class_fund_check
    check (tefas_fund_class is null
      or (type in ('FUND', 'ETF') and (owner_id is not null or price_provider = 'tefas')));

-- A user sets it on their own instruments (row-level security keeps them to those); the
-- catalog's is written by the catalog job and the service role only. The catalog job classifies
-- its TEFAS funds on its next run (docs/catalog.md).
grant update (tefas_fund_class) on public.instruments to authenticated;
