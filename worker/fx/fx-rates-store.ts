import { withOwnerTransaction } from '../db/run-as-owner'
import type { DatabaseEnv } from '../db/run-as-user'
import type { FxRate, FxSource } from './fx-provider'

/** Rows per insert statement: a whole ECB history (about 200,000 rows) goes in slices. */
const ROWS_PER_STATEMENT = 5_000

/** A backfill's slices may take a while; a request's 5 s would cut it off. */
const STATEMENT_TIMEOUT_MS = 60_000

/** The newest day stored for a source, `YYYY-MM-DD`, or null when it has none. */
export async function newestRateDate(env: DatabaseEnv, source: FxSource): Promise<string | null> {
  const [row] = await withOwnerTransaction(
    env,
    (sql) => sql<{ newest: string | null }[]>`
      select max(rate_date)::text as newest from public.fx_rates where source = ${source}
    `,
  )
  return row?.newest ?? null
}

/**
 * Inserts the rates in one transaction, replacing a stored rate a source has since corrected;
 * storing the same rates again changes nothing. Returns how many rows were new or changed.
 */
export async function upsertRates(env: DatabaseEnv, rates: FxRate[]): Promise<number> {
  if (rates.length === 0) return 0
  return withOwnerTransaction(
    env,
    async (sql) => {
      let changed = 0
      for (let start = 0; start < rates.length; start += ROWS_PER_STATEMENT) {
        const slice = rates.slice(start, start + ROWS_PER_STATEMENT)
        // JSON keeps the rates decimal strings all the way to numeric.
        const result = await sql`
          insert into public.fx_rates (source, base, quote, rate_date, rate)
          select r.source, r.base, r.quote, r."rateDate", r.rate
          from jsonb_to_recordset(${sql.json(slice)})
            as r(source text, base text, quote text, "rateDate" date, rate numeric)
          on conflict (source, base, quote, rate_date) do update
            set rate = excluded.rate, fetched_at = excluded.fetched_at
            where public.fx_rates.rate <> excluded.rate
        `
        changed += result.count
      }
      return changed
    },
    { statementTimeoutMs: STATEMENT_TIMEOUT_MS },
  )
}
