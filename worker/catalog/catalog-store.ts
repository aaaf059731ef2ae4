import type { QuoteErrorCode } from '../../shared/api/schemas'
import { withOwnerTransaction } from '../db/run-as-owner'
import type { DatabaseEnv } from '../db/run-as-user'
import type { CatalogLine, CatalogSourceName } from './catalog-source'
import { isinCountry } from '../../shared/portfolio/countries'

/** Writing a few thousand lines may take longer than a request's 5 s. */
const STATEMENT_TIMEOUT_MS = 60_000

/** What storing one source's list changed. */
export interface StoredCatalog {
  /** Lines new to the catalog. */
  added: number
  /** Lines already there whose details changed, or that came back after missing. */
  changed: number
  /** Lines of this source missing from its list for the first time. */
  unlisted: number
}

/** How many of the catalog's lines a source keeps and still lists. */
export async function listedLineCount(
  env: DatabaseEnv,
  source: CatalogSourceName,
): Promise<number> {
  const [row] = await withOwnerTransaction(
    env,
    (sql) => sql<{ count: number }[]>`
      select count(*)::int as count from public.instruments
      where owner_id is null and listed_by = ${source} and unlisted_since is null
    `,
  )
  return row?.count ?? 0
}

/**
 * Stores a source's whole list in one transaction, as shared catalog rows (owner null), keyed by
 * code and exchange, so a line keeps its id (prices and transactions point at it):
 * - a new line is added with the source's name, type, currency and price symbol;
 * - a line already there (the starter catalog's too) keeps its name, type, currency and price
 *   source, takes the source's ISIN, WKN, fund category, type and TEFAS class, country and
 *   founder where given, and is the source's from now on; one that was missing is listed again;
 * - a line of this source missing from the list is marked `unlisted_since`, never deleted.
 * Users' own instruments are never touched. Running it again with the same list changes nothing.
 */
export async function storeCatalogLines(
  env: DatabaseEnv,
  source: CatalogSourceName,
  lines: readonly CatalogLine[],
  at: Date,
): Promise<StoredCatalog> {
  return withOwnerTransaction(
    env,
    async (sql) => {
      const rows = sql.json(
        lines.map((line) => ({
          code: line.code,
          name: line.name,
          type: line.type,
          currency: line.currency,
          exchange: line.exchange,
          isin: line.isin,
          wkn: line.wkn,
          fund_category: line.fundCategory,
          fund_type: line.fundType,
          tefas_fund_class: line.tefasFundClass,
          country: line.country,
          founder: line.founder,
          price_provider: line.priceProvider,
          price_symbol: line.priceSymbol,
        })),
      )
      const written = await sql<{ added: boolean }[]>`
        insert into public.instruments as i (owner_id, code, name, type, currency, exchange, isin,
          wkn, fund_category, fund_type, tefas_fund_class, country, founder, price_provider,
          price_symbol, listed_by)
        select null, l.code, l.name, l.type, l.currency, l.exchange, l.isin, l.wkn,
          l.fund_category, l.fund_type, l.tefas_fund_class, l.country, l.founder,
          l.price_provider, l.price_symbol, ${source}
        from jsonb_to_recordset(${rows}) as l(code text, name text, type text, currency text,
          exchange text, isin text, wkn text, fund_category text, fund_type text,
          tefas_fund_class public.tefas_fund_class, country text, founder text,
          price_provider text, price_symbol text)
        on conflict (owner_id, code, exchange) do update set
          isin = coalesce(excluded.isin, i.isin),
          wkn = coalesce(excluded.wkn, i.wkn),
          fund_category = coalesce(excluded.fund_category, i.fund_category),
          -- A line keeps its type: a fund type on a line the starter catalog has as a share
          -- would break instruments_fund_type_fund_check.
          fund_type = case when i.type in ('FUND', 'ETF')
            then coalesce(excluded.fund_type, i.fund_type) end,
          -- Likewise a class only on a fund the line's own price source says is TEFAS's
          -- (instruments_tefas_fund_class_fund_check).
          tefas_fund_class = case when i.type in ('FUND', 'ETF')
              and coalesce(i.price_provider, excluded.price_provider) = 'tefas'
            then coalesce(excluded.tefas_fund_class, i.tefas_fund_class) end,
          country = coalesce(excluded.country, i.country),
          founder = coalesce(excluded.founder, i.founder),
          price_provider = coalesce(i.price_provider, excluded.price_provider),
          price_symbol = case when i.price_provider is null then excluded.price_symbol
            else i.price_symbol end,
          listed_by = excluded.listed_by,
          unlisted_since = null
        where (i.isin, i.wkn, i.fund_category, i.fund_type, i.tefas_fund_class, i.country,
            i.founder, i.price_provider, i.listed_by, i.unlisted_since)
          is distinct from (coalesce(excluded.isin, i.isin), coalesce(excluded.wkn, i.wkn),
            coalesce(excluded.fund_category, i.fund_category),
            case when i.type in ('FUND', 'ETF') then coalesce(excluded.fund_type, i.fund_type) end,
            case when i.type in ('FUND', 'ETF')
                and coalesce(i.price_provider, excluded.price_provider) = 'tefas'
              then coalesce(excluded.tefas_fund_class, i.tefas_fund_class) end,
            coalesce(excluded.country, i.country), coalesce(excluded.founder, i.founder),
            coalesce(i.price_provider, excluded.price_provider), excluded.listed_by, null)
        returning xmax = 0 as added
      `
      const unlisted = await sql`
        update public.instruments i set unlisted_since = ${at}
        where i.owner_id is null and i.listed_by = ${source} and i.unlisted_since is null
          and not exists (
            select 1 from jsonb_to_recordset(${rows}) as l(code text, exchange text)
            where l.code = i.code and l.exchange = i.exchange
          )
      `
      const added = written.filter((row) => row.added).length
      return { added, changed: written.length - added, unlisted: unlisted.count }
    },
    { statementTimeoutMs: STATEMENT_TIMEOUT_MS },
  )
}

/** What a source's run ended with, for `catalog_source_status`. */
export type SourceOutcome =
  | { ok: true; at: Date; lines: number }
  | { ok: false; at: Date; code: QuoteErrorCode; message: string }

/** Records a source's last success and its line count, or its last error (keeping the success). */
export async function recordSourceOutcome(
  env: DatabaseEnv,
  source: CatalogSourceName,
  outcome: SourceOutcome,
): Promise<void> {
  await withOwnerTransaction(env, (sql) =>
    outcome.ok
      ? sql`
          insert into public.catalog_source_status (source, last_success_at, last_line_count)
          values (${source}, ${outcome.at}, ${outcome.lines})
          on conflict (source) do update
            set last_success_at = excluded.last_success_at,
              last_line_count = excluded.last_line_count, updated_at = now()
        `
      : sql`
          insert into public.catalog_source_status
            (source, last_error_at, last_error_code, last_error_message)
          values (${source}, ${outcome.at}, ${outcome.code}, ${outcome.message.slice(0, 500)})
          on conflict (source) do update
            set last_error_at = excluded.last_error_at,
              last_error_code = excluded.last_error_code,
              last_error_message = excluded.last_error_message,
              updated_at = now()
        `,
  )
}

/**
 * Borsa Istanbul shares the catalog lists without an ISIN, at most `limit`, those MKK was asked
 * about longest ago (or never) first.
 */
export async function bistSharesWithoutIsin(
  env: DatabaseEnv,
  limit: number,
): Promise<{ code: string; name: string }[]> {
  return withOwnerTransaction(
    env,
    (sql) => sql<{ code: string; name: string }[]>`
      select i.code, i.name from public.instruments i
      left join public.catalog_isin_lookups t on t.exchange = i.exchange and t.code = i.code
      where i.owner_id is null and i.listed_by = 'bist' and i.exchange = 'BIST'
        and i.isin is null and i.unlisted_since is null
      order by t.tried_at nulls first, i.code
      limit ${limit}
    `,
  )
}

/**
 * Stores the ISINs found, with the country each was issued under where the line has none, and
 * records that MKK was asked about every code in `asked`.
 */
export async function storeBistIsins(
  env: DatabaseEnv,
  asked: readonly string[],
  found: ReadonlyMap<string, string>,
  at: Date,
): Promise<number> {
  if (asked.length === 0) return 0
  return withOwnerTransaction(env, async (sql) => {
    const isins = sql.json(
      [...found].map(([code, isin]) => ({ code, isin, country: isinCountry(isin) })),
    )
    const updated = await sql`
      update public.instruments i set isin = f.isin, country = coalesce(i.country, f.country)
      from jsonb_to_recordset(${isins}) as f(code text, isin text, country text)
      where i.owner_id is null and i.exchange = 'BIST' and i.code = f.code and i.isin is null
    `
    await sql`
      insert into public.catalog_isin_lookups (exchange, code, tried_at)
      select 'BIST', code, ${at} from jsonb_array_elements_text(${sql.json([...asked])}) as code
      on conflict (exchange, code) do update set tried_at = excluded.tried_at
    `
    return updated.count
  })
}
