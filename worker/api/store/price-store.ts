import type postgres from 'postgres'
import type { Prices, PricesWrite } from '../../../shared/api/schemas'
import type { SeriesPoint } from '../../portfolio'
import { arrayLiteral, isoTimestamp, plainDecimal } from './sql-values'

type Sql = postgres.TransactionSql

interface PriceRow {
  instrument_id: string
  price_date: string
  close: string
}

function groupByInstrument(rows: readonly PriceRow[]): Record<string, SeriesPoint[]> {
  const series: Record<string, SeriesPoint[]> = {}
  for (const row of rows) {
    const points = (series[row.instrument_id] ??= [])
    const last = points[points.length - 1]
    // Rows come by date; a date met twice keeps its first (the manual price).
    if (last?.date === row.price_date) continue
    points.push({ date: row.price_date, value: row.close })
  }
  return series
}

/**
 * For each of `instrumentIds`, the close in force on each of `dates` (the latest on or before
 * it), as a price series the engine carries forward: enough for a report, which values the
 * portfolio on those dates only. A manual price (the caller's own; row-level security shows no
 * one else's) wins over a provider's of the same day.
 */
export async function closesOn(
  sql: Sql,
  instrumentIds: readonly string[],
  dates: readonly string[],
): Promise<Record<string, SeriesPoint[]>> {
  if (instrumentIds.length === 0 || dates.length === 0) return {}
  const rows = await sql<PriceRow[]>`
    select distinct i.id as instrument_id, p.price_date::text as price_date, p.close
    from unnest(${arrayLiteral(instrumentIds)}::uuid[]) as i (id)
    cross join unnest(${arrayLiteral(dates)}::date[]) as d (on_date)
    cross join lateral (
      select price_date, close from prices
      where instrument_id = i.id and price_date <= d.on_date
      order by price_date desc, owner_id nulls last
      limit 1
    ) as p
    order by 1, 2
  `
  return groupByInstrument(rows)
}

/**
 * For each of `instrumentIds`, the first close on or after each of `dates` (none after its last
 * close), a manual price winning its day: with {@link closesOn}, a year's first and last close.
 */
export async function closesFrom(
  sql: Sql,
  instrumentIds: readonly string[],
  dates: readonly string[],
): Promise<Record<string, SeriesPoint[]>> {
  if (instrumentIds.length === 0 || dates.length === 0) return {}
  const rows = await sql<PriceRow[]>`
    select distinct i.id as instrument_id, p.price_date::text as price_date, p.close
    from unnest(${arrayLiteral(instrumentIds)}::uuid[]) as i (id)
    cross join unnest(${arrayLiteral(dates)}::date[]) as d (on_date)
    cross join lateral (
      select price_date, close from prices
      where instrument_id = i.id and price_date >= d.on_date
      order by price_date, owner_id nulls last
      limit 1
    ) as p
    order by 1, 2
  `
  return groupByInstrument(rows)
}

/**
 * For each instrument of `instruments` (a set of ids as `i (id)`), its last two closes on or
 * before `asOf`, a manual price winning its day: the latest values it, and the move from the one
 * before is its part of the last trading day's change.
 */
async function lastClosesFrom(
  sql: Sql,
  instruments: postgres.PendingQuery<postgres.Row[]>,
  asOf: string,
): Promise<Record<string, SeriesPoint[]>> {
  const rows = await sql<PriceRow[]>`
    select i.id as instrument_id, p.price_date::text as price_date, p.close
    from ${instruments}
    cross join lateral (
      select distinct on (price_date) price_date, close from prices
      where instrument_id = i.id and price_date <= ${asOf}::date
      order by price_date desc, owner_id nulls last
      limit 2
    ) as p
    order by 1, 2
  `
  return groupByInstrument(rows)
}

/** The last two closes on or before `asOf` of these instruments (see {@link lastClosesFrom}). */
export async function lastCloses(
  sql: Sql,
  instrumentIds: readonly string[],
  asOf: string,
): Promise<Record<string, SeriesPoint[]>> {
  if (instrumentIds.length === 0) return {}
  return lastClosesFrom(sql, sql`unnest(${arrayLiteral(instrumentIds)}::uuid[]) as i (id)`, asOf)
}

/** The last two closes on or before `asOf` of every instrument the caller's transactions use. */
export async function lastClosesOfUsedInstruments(
  sql: Sql,
  asOf: string,
): Promise<Record<string, SeriesPoint[]>> {
  return lastClosesFrom(
    sql,
    sql`(select distinct instrument_id from transactions where instrument_id is not null)
      as i (id)`,
    asOf,
  )
}

/**
 * Every close from the one in force on `from` up to `to`, per instrument, a manual price
 * winning over a provider's of the same day: the daily series of a performance chart.
 */
export async function closesBetween(
  sql: Sql,
  instrumentIds: readonly string[],
  from: string,
  to: string,
): Promise<Record<string, SeriesPoint[]>> {
  if (instrumentIds.length === 0) return {}
  const rows = await sql<PriceRow[]>`
    select instrument_id, price_date, close from (
      select p.instrument_id, p.price_date::text as price_date, p.close,
        p.owner_id is null as shared
      from prices p
      where p.instrument_id = any(${arrayLiteral(instrumentIds)}::uuid[])
        and p.price_date > ${from}::date and p.price_date <= ${to}::date
      union all
      select i.id, p.price_date::text, p.close, p.shared
      from unnest(${arrayLiteral(instrumentIds)}::uuid[]) as i (id)
      cross join lateral (
        select price_date, close, owner_id is null as shared from prices
        where instrument_id = i.id and price_date <= ${from}::date
        order by price_date desc, owner_id nulls last
        limit 1
      ) as p
    ) as closes
    order by instrument_id, price_date, shared
  `
  return groupByInstrument(rows)
}

/** One instrument's closes in a date range, oldest first, a manual price winning its day. */
export async function instrumentPrices(
  sql: Sql,
  instrumentId: string,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<Prices> {
  const rows = await sql<{ price_date: string; close: string; source: string }[]>`
    select distinct on (price_date) price_date::text as price_date, close, source
    from prices
    where instrument_id = ${instrumentId}
      ${range.from ? sql`and price_date >= ${range.from}::date` : sql``}
      ${range.to ? sql`and price_date <= ${range.to}::date` : sql``}
    order by price_date, owner_id nulls last
  `
  return {
    prices: rows.map((row) => ({
      date: row.price_date,
      close: plainDecimal(row.close),
      source: row.source,
    })),
  }
}

/**
 * Writes the caller's manual closes of an instrument, one per day (a day given again replaces
 * its price; within one request the last wins). Answers the closes as stored.
 */
export async function writeManualPrices(
  sql: Sql,
  instrumentId: string,
  input: PricesWrite,
): Promise<Prices> {
  const byDate = new Map(input.prices.map((point) => [point.date, point.close]))
  const points = [...byDate].map(([date, close]) => ({ date, close }))
  const rows = await sql<{ price_date: string; close: string }[]>`
    insert into prices (instrument_id, owner_id, price_date, close, source)
    select ${instrumentId}, auth.uid(), point.date, point.close, 'manual'
    from jsonb_to_recordset(${sql.json(points)}) as point (date date, close numeric)
    on conflict (instrument_id, owner_id, price_date)
      do update set close = excluded.close, source = excluded.source
    returning price_date::text as price_date, close
  `
  return {
    prices: rows
      .map((row) => ({ date: row.price_date, close: plainDecimal(row.close), source: 'manual' }))
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
  }
}

/**
 * Every manual close of the caller's, for the data export (not the closes a provider fetched
 * for their own instruments, which carry their id too).
 */
export async function ownManualPrices(sql: Sql) {
  const rows = await sql<
    { instrument_id: string; price_date: string; close: string; updated_at: Date }[]
  >`
    select instrument_id, price_date::text as price_date, close, updated_at from prices
    where owner_id is not null and source = 'manual'
    order by instrument_id, price_date
  `
  return rows.map((row) => ({
    instrumentId: row.instrument_id,
    date: row.price_date,
    close: plainDecimal(row.close),
    updatedAt: isoTimestamp(row.updated_at),
  }))
}

/** How far back a close still describes a trade's day: a long weekend and a holiday or two. */
const CLOSE_REACH_DAYS = 7

/**
 * For each instrument and date, the close in force on that day (the latest on or before it,
 * at most a week earlier) and its date, keyed `id|date`: what a row's price is compared with.
 */
export async function closesNear(
  sql: Sql,
  pairs: readonly { instrumentId: string; date: string }[],
): Promise<Map<string, { close: string; date: string }>> {
  if (pairs.length === 0) return new Map()
  const rows = await sql<
    { instrument_id: string; on_date: string; price_date: string; close: string }[]
  >`
    select q.instrument_id::text as instrument_id, q.on_date::text as on_date,
      p.price_date::text as price_date, p.close
    from unnest(
      ${arrayLiteral(pairs.map((pair) => pair.instrumentId))}::uuid[],
      ${arrayLiteral(pairs.map((pair) => pair.date))}::date[]
    ) as q (instrument_id, on_date)
    cross join lateral (
      select price_date, close from prices
      where instrument_id = q.instrument_id and price_date <= q.on_date
        and price_date > q.on_date - ${CLOSE_REACH_DAYS}::int
      order by price_date desc, owner_id nulls last
      limit 1
    ) as p
  `
  return new Map(
    rows.map((row) => [
      `${row.instrument_id}|${row.on_date}`,
      { close: plainDecimal(row.close), date: row.price_date },
    ]),
  )
}
