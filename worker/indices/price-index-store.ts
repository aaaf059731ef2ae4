import { withOwnerTransaction } from '../db/run-as-owner'
import type { DatabaseEnv } from '../db/run-as-user'
import type { IndexValue } from './price-index-provider'

/** The newest month stored for an index, `YYYY-MM`, or null when it has none. */
export async function newestIndexMonth(env: DatabaseEnv, code: string): Promise<string | null> {
  const [row] = await withOwnerTransaction(
    env,
    (sql) => sql<{ newest: string | null }[]>`
      select to_char(max(month), 'YYYY-MM') as newest
      from public.price_indices where index_code = ${code}
    `,
  )
  return row?.newest ?? null
}

/**
 * Inserts the values in one transaction, replacing a value its source has since revised; storing
 * the same values again changes nothing. Returns how many rows were new or changed.
 */
export async function upsertIndexValues(env: DatabaseEnv, values: IndexValue[]): Promise<number> {
  if (values.length === 0) return 0
  return withOwnerTransaction(env, async (sql) => {
    // JSON keeps the values decimal strings all the way to numeric.
    const result = await sql`
      insert into public.price_indices (index_code, month, value)
      select v."index", (v.month || '-01')::date, v.value
      from jsonb_to_recordset(${sql.json(values)}) as v("index" text, month text, value numeric)
      on conflict (index_code, month) do update
        set value = excluded.value, fetched_at = excluded.fetched_at
        where public.price_indices.value <> excluded.value
    `
    return result.count
  })
}
