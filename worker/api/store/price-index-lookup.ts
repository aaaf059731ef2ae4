import type postgres from 'postgres'
import { plainDecimal } from './sql-values'

type Sql = postgres.TransactionSql

/** An index's value for a month (`public.price_indices_between`: docs/price-indices.md). */
export interface PriceIndexPoint {
  /** The month asked for, `YYYY-MM`. */
  month: string
  /** The value, a plain decimal string exactly as published. */
  value: string
  /** The month the value was published for: `month`, or the newest one when provisional. */
  valueMonth: string
  /** Carried forward from the newest published month: the source has not published `month` yet. */
  provisional: boolean
  /** The index's base, `2003=100`: values of one index share it. */
  base: string
}

interface PointRow {
  month: string
  value: string
  value_month: string
  provisional: boolean
  base: string
}

function point(row: PointRow): PriceIndexPoint {
  return {
    month: row.month,
    value: plainDecimal(row.value),
    valueMonth: row.value_month,
    provisional: row.provisional,
    base: row.base,
  }
}

/**
 * The values of index `code` (`TR-YIUFE-2003`) for each month from `from` to `to` (`YYYY-MM`,
 * inclusive), oldest first: a month the source never published, or before its first value, has
 * none; a month after its newest is that newest value, provisional (never for a discontinued
 * index). An unknown code has none.
 */
export async function priceIndicesBetween(
  sql: Sql,
  code: string,
  from: string,
  to: string,
): Promise<PriceIndexPoint[]> {
  const rows = await sql<PointRow[]>`
    select to_char(month, 'YYYY-MM') as month, value::text as value,
      to_char(value_month, 'YYYY-MM') as value_month, provisional, base
    from public.price_indices_between(${code}, ${`${from}-01`}::date, ${`${to}-01`}::date)
  `
  return rows.map(point)
}

/** The value of index `code` for `month` (`YYYY-MM`), as {@link priceIndicesBetween}; or null. */
export async function priceIndexOn(
  sql: Sql,
  code: string,
  month: string,
): Promise<PriceIndexPoint | null> {
  const [row] = await priceIndicesBetween(sql, code, month, month)
  return row ?? null
}
