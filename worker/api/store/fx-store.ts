import type postgres from 'postgres'
import type { FxRate } from '../../../shared/api/schemas'
import type { SeriesPoint } from '../../portfolio'
import { arrayLiteral, plainDecimal } from './sql-values'

type Sql = postgres.TransactionSql

interface RateRow {
  rate_date: string
  rate: string
  source: string
}

/** A row as the engine's point: from `rate_date` on, carried no further than `valid_through`. */
interface PointRow {
  rate_date: string
  rate: string
  /** The rate's last day in force (its publication + 10 days); null for the identity. */
  valid_through: string | null
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

/** The engine's points of `rows`, ascending by `rate_date`. */
function series(rows: readonly PointRow[]): SeriesPoint[] {
  const points: SeriesPoint[] = []
  for (const row of rows) {
    const last = points[points.length - 1]
    // One point per day, ascending, as the engine requires.
    if (last && last.date >= row.rate_date) continue
    points.push(
      row.valid_through === null
        ? { date: row.rate_date, value: row.rate }
        : { date: row.rate_date, value: row.rate, validThrough: row.valid_through },
    )
  }
  return points
}

/**
 * For each pair of `pairs` (a set as `pairs (currency, base)`), the rates of `currency/base`
 * (base units per 1 `currency`) in force on each of `dates`, keyed `'USD/TRY'` as the engine
 * reads them. Each is dated by the day asked, not by its publication: read on that day, it is
 * what fx_rate_on answers even where a less preferred bank's older rate answers a later day. On a
 * day asked that has none, an earlier day's has expired (its `validThrough` is before it).
 */
async function fxRatesOnFrom(
  sql: Sql,
  pairs: postgres.PendingQuery<postgres.Row[]>,
  dates: readonly string[],
): Promise<Record<string, SeriesPoint[]>> {
  const rows = await sql<(PointRow & { pair: string })[]>`
    select pairs.currency || '/' || pairs.base as pair, d.on_date::text as rate_date, r.rate,
      r.valid_through::text as valid_through
    from ${pairs}
    cross join unnest(${arrayLiteral(dates)}::date[]) as d (on_date)
    cross join lateral public.fx_rate_on(pairs.currency, pairs.base, d.on_date) as r
    order by 1, 2
  `
  const byPair: Record<string, PointRow[]> = {}
  for (const row of rows) (byPair[row.pair] ??= []).push(row)
  return Object.fromEntries(Object.entries(byPair).map(([pair, list]) => [pair, series(list)]))
}

/** The rates of `currency/base` (base units per 1 `currency`) in force on each of `dates`. */
export async function fxRatesOn(
  sql: Sql,
  currency: string,
  base: string,
  dates: readonly string[],
): Promise<SeriesPoint[]> {
  const pair = sql`(select ${currency}::text, ${base}::text) as pairs (currency, base)`
  return (await fxRatesOnFrom(sql, pair, dates))[`${currency}/${base}`] ?? []
}

/**
 * The rates on each of `dates` of every pair the caller's transactions need: each foreign
 * currency (an exchange's received one too) to its portfolio's base currency.
 */
export async function fxRatesOfUsedPairsOn(
  sql: Sql,
  dates: readonly string[],
): Promise<Record<string, SeriesPoint[]>> {
  return fxRatesOnFrom(
    sql,
    sql`(
      select t.currency, p.base_currency from transactions t
      join portfolios p on p.id = t.portfolio_id
      where t.currency <> p.base_currency
      union
      select t.to_currency, p.base_currency from transactions t
      join portfolios p on p.id = t.portfolio_id
      where t.to_currency <> p.base_currency
    ) as pairs (currency, base)`,
    dates,
  )
}

/** The series of `currency/base` from the rate in force on `from` to `to` (`fx_rates_between`). */
export async function fxRatesBetween(
  sql: Sql,
  currency: string,
  base: string,
  from: string,
  to: string,
): Promise<SeriesPoint[]> {
  const rows = await sql<PointRow[]>`
    select rate_date::text as rate_date, rate, valid_through::text as valid_through
    from public.fx_rates_between(${currency}, ${base}, ${from}::date, ${to}::date)
    order by rate_date
  `
  return series(rows)
}
