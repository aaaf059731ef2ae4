-- What the tax rules need to know of an instrument (issue 34, point 1; docs/tax-germany.md rules
-- 7 and 8): the type of a fund for the Teilfreistellung, and the country of the issuer (where a
-- company or a fund is domiciled) for the foreign tax withheld on its dividends. The catalog sets
-- both for its lines (docs/catalog.md); users set them on their own instruments.
--
-- The column `fund_type` held TEFAS's name of a fund's type (`Hisse Senedi Şemsiye Fonu`): that
-- is a category to show, now `fund_category`, and `fund_type` is the type the tax reads.

alter table public.instruments rename column fund_type to fund_category;
alter table public.instruments
  rename constraint instruments_fund_type_check to instruments_fund_category_check;

alter table public.instruments
  -- A fund's type (§ 20 InvStG): at least 51 % in shares (equity), at least 25 % (mixed), real
  -- estate, mainly foreign real estate, or any other fund. Null: not known, or not a fund. The
  -- names are shared/portfolio/portfolio-kinds.ts's FUND_TYPES.
  add column fund_type text constraint instruments_fund_type_check
    check (fund_type in ('equity', 'mixed', 'realEstate', 'foreignRealEstate', 'other')),
  -- ISO 3166-1 alpha-2 (`DE`, `IE`, `TR`); null: not known.
  add column country char(2) constraint instruments_country_check
    check (country ~ '^[A-Z]{2}$'),
  -- Only funds have a fund type: a share's dividends and gains are never partly exempt.
  add constraint instruments_fund_type_fund_check
    check (fund_type is null or type in ('FUND', 'ETF'));

-- A user sets both on their own instruments (row-level security keeps them to those); the
-- catalog's are written by the catalog job and the service role only.
grant update (fund_type, country) on public.instruments to authenticated;

-- The catalog's lines as they are: the country their ISIN was issued under, where its prefix is
-- a country (the codes of shared/portfolio/countries.ts; not `XS` or `EU`). Only a default: a
-- company may list under another country's ISIN. The catalog job sets it from then on.
update public.instruments
set country = left(isin, 2)
where owner_id is null and isin is not null and country is null
  and left(isin, 2) in (
    'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX',
    'AZ', 'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ',
    'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK',
    'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM',
    'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR',
    'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS',
    'GT', 'GU', 'GW', 'GY', 'HK', 'HM', 'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN',
    'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN',
    'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV',
    'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ',
    'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA', 'NC', 'NE', 'NF', 'NG', 'NI',
    'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM',
    'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW', 'SA', 'SB', 'SC',
    'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV',
    'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR',
    'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
    'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW'
  );

-- TEFAS lists Turkish funds only, and gives no ISIN.
update public.instruments
set country = 'TR'
where owner_id is null and exchange = 'TEFAS' and country is null;

-- The starter catalog's ETFs (20261126000150_instrument_catalog.sql) all track share indexes.
-- The catalog job classifies the sources' funds and ETFs on its next run.
update public.instruments
set fund_type = 'equity'
where owner_id is null and type = 'ETF' and exchange = 'XETRA' and fund_type is null
  and code in ('EUNL', 'VWCE', 'VGWL', 'SXR8', 'VUSA', 'SXRV', 'IS3N', 'XDWD', 'EXS1');
