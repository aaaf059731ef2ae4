import postgres from 'postgres'
import { addMonths, monthOfDay } from '../worker/indices/months'
import { PRICE_INDICES } from '../worker/indices/price-index-catalog'
import { inventedIndex } from './market/index-series'

/**
 * Writes every price index the dev market server publishes (its invented months up to the month
 * before `today`'s, as the price index job would store them), once, on a data folder that has
 * none: the job runs only when its Cron Trigger is fired by hand, and without the indices the
 * performance panel's real returns would say they are unavailable. Stored months are kept.
 * @returns what to tell the developer
 */
export async function fillIndicesOnce(databaseUrl: string, today: string): Promise<string> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => undefined })
  try {
    const [row] = await sql<{ months: number }[]>`
      select count(*)::int as months from public.price_indices
    `
    if ((row?.months ?? 0) > 0) return `${row?.months ?? 0} months already stored`
    const until = addMonths(monthOfDay(today), -1)
    const rows = PRICE_INDICES.flatMap(({ code }) =>
      [...inventedIndex(code, until)].map(([month, value]) => ({
        index_code: code,
        month: `${month}-01`,
        value,
      })),
    )
    // One JSON parameter: the months are more than a statement's parameters allow.
    await sql`
      insert into public.price_indices (index_code, month, value)
      select r.index_code, r.month, r.value
      from jsonb_to_recordset(${sql.json(rows)}) as r(index_code text, month date, value numeric)
      on conflict (index_code, month) do nothing
    `
    return `${rows.length} months of ${PRICE_INDICES.length} indices written`
  } finally {
    await sql.end()
  }
}
