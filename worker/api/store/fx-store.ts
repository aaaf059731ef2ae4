import type postgres from 'postgres'
import type { FxRate } from '../../../client/api/schemas'
import type { SeriesPoint } from '../../portfolio'
import { arrayLiteral, plainDecimal } from './sql-values'

type Sql = postgres.TransactionSql

interface RateRow {
  rate_date: string
  rate: string
  source: string
}

/** `quote` units per 1 `base` in force on `date` (`public.fx_rate_on`), or null when none is. */
export async function fxRateOn(
  sql: Sql,
  base: string,
  quote: string,
  date: string,
): Promise<FxRate | null> {
  const [row] = await sql<RateRow[]>`
    select rate_date::text as rate_date, rate, source
    from public.fx_rate_on(${base}, ${quote}, ${date}::date)
  `
  if (!row) return null
  return {
    base,
    quote,
    date,
    rateDate: row.rate_date,
    rate: plainDecimal(row.rate),
    source: row.source,
  }
}

function series(rows: readonly { rate_date: string; rate: string }[]): SeriesPoint[] {
  const points: SeriesPoint[] = []
  for (const row of rows) {
    const last = points[points.length - 1]
    // One point per day, ascending, as the engine requires.
    if (last && last.date >= row.rate_date) continue
    points.push({ date: row.rate_date, value: row.rate })
  }
  return points
}

/** The rates of `currency/base` (base units per 1 `currency`) in force on each of `dates`. */
export async function fxRatesOn(
  sql: Sql,
  currency: string,
  base: string,
  dates: readonly string[],
): Promise<SeriesPoint[]> {
  const rows = await sql<RateRow[]>`
    select distinct r.rate_date::text as rate_date, r.rate, r.source
    from unnest(${arrayLiteral(dates)}::date[]) as d (on_date)
    cross join lateral public.fx_rate_on(${currency}, ${base}, d.on_date) as r
    order by 1
  `
  return series(rows)
}

/** The series of `currency/base` from the rate in force on `from` to `to` (`fx_rates_between`). */
export async function fxRatesBetween(
  sql: Sql,
  currency: string,
  base: string,
  from: string,
  to: string,
): Promise<SeriesPoint[]> {
  const rows = await sql<RateRow[]>`
    select rate_date::text as rate_date, rate, source
    from public.fx_rates_between(${currency}, ${base}, ${from}::date, ${to}::date)
    order by rate_date
  `
  return series(rows)
}
