import type postgres from 'postgres'
import { isinCountry } from '../../../shared/portfolio/countries'
import type { InstrumentType } from '../../../shared/portfolio/portfolio-kinds'
import { withinPlan } from './plan-store'
import { arrayLiteral, plainDecimal } from './sql-values'
import type { TransactionValues } from './transaction-store'

type Sql = postgres.TransactionSql

/** An instrument an import row may name: the catalog's or the caller's own. */
export interface ImportableInstrument {
  id: string
  code: string
  name: string
  type: InstrumentType
  currency: string
  exchange: string | null
  isin: string | null
  own: boolean
}

/** The instruments the caller can see whose ISIN or code is one of these (one query). */
export async function instrumentsByCodeOrIsin(
  sql: Sql,
  codes: readonly string[],
  isins: readonly string[],
): Promise<ImportableInstrument[]> {
  if (codes.length === 0 && isins.length === 0) return []
  return sql<ImportableInstrument[]>`
    select id, code, name, type, currency, exchange, isin, owner_id is not null as own
    from instruments
    where code = any(${arrayLiteral(codes)}::text[]) or isin = any(${arrayLiteral(isins)}::text[])
    order by owner_id is not null desc, exchange nulls first, code, id
  `
}

/**
 * The reference rate (base units per 1 `currency`, `public.fx_rate_on`) in force on each date
 * asked, keyed `currency|date`; a pair with no rate is absent. One query for every pair.
 */
export async function fxRatesToBase(
  sql: Sql,
  base: string,
  wanted: readonly { currency: string; date: string }[],
): Promise<Map<string, string>> {
  if (wanted.length === 0) return new Map()
  const rows = await sql<{ currency: string; on_date: string; rate: string }[]>`
    select x.currency, x.on_date::text as on_date, r.rate
    from unnest(
      ${arrayLiteral(wanted.map((pair) => pair.currency))}::text[],
      ${arrayLiteral(wanted.map((pair) => pair.date))}::date[]
    ) as x (currency, on_date)
    cross join lateral public.fx_rate_on(x.currency, ${base}, x.on_date) as r
  `
  return new Map(rows.map((row) => [`${row.currency}|${row.on_date}`, plainDecimal(row.rate)]))
}

/** A user-defined instrument an import creates. */
export type NewInstrument = Omit<ImportableInstrument, 'id' | 'own'>

/** What tells the caller's instruments apart (their unique key): code and exchange. */
export function instrumentKey(code: string, exchange: string | null): string {
  return `${code}|${exchange ?? ''}`
}

/**
 * Creates the caller's instruments in one statement, each with its ISIN's country (as one defined
 * without a country); their ids by {@link instrumentKey}.
 */
export async function insertInstruments(
  sql: Sql,
  instruments: readonly NewInstrument[],
): Promise<Map<string, string>> {
  if (instruments.length === 0) return new Map()
  const rows = instruments.map((instrument) => ({
    ...instrument,
    country: isinCountry(instrument.isin),
  }))
  const inserted = await sql<{ id: string; code: string; exchange: string | null }[]>`
    insert into instruments (owner_id, code, name, type, currency, exchange, isin, country)
    select auth.uid(), x.code, x.name, x.type, x.currency, x.exchange, x.isin, x.country
    from jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb) as x (code text, name text,
      type text, currency text, exchange text, isin text, country text)
    returning id, code, exchange
  `
  return new Map(inserted.map((row) => [instrumentKey(row.code, row.exchange), row.id]))
}

/**
 * Inserts transactions in one statement, in the given order (their sequence follows it): each
 * column travels as one array parameter (`unnest` reads them side by side), so 10,000 rows are
 * one round trip with nothing to plan per row, and the statement's triggers (references, plan
 * limit) run once. 403 past the plan's transactions per portfolio.
 */
export async function insertTransactions(
  sql: Sql,
  portfolioId: string,
  rows: readonly TransactionValues[],
): Promise<void> {
  if (rows.length === 0) return
  const column = (pick: (values: TransactionValues) => string | null) =>
    arrayLiteral(rows.map(pick))
  await withinPlan(
    sql,
    (savepoint) => savepoint`
      insert into transactions (user_id, portfolio_id, instrument_id, type, trade_date, currency,
        fx_rate, quantity, unit_price, amount, fee, tax, split_ratio, acquired_date,
        acquisition_fx_rate, to_currency, to_amount, note)
      select auth.uid(), ${portfolioId}, x.instrument_id, x.type, x.trade_date, x.currency,
        x.fx_rate, x.quantity, x.unit_price, x.amount, coalesce(x.fee, 0), coalesce(x.tax, 0),
        x.split_ratio, x.acquired_date, x.acquisition_fx_rate, x.to_currency, x.to_amount, x.note
      from unnest(
        ${column((row) => row.instrumentId)}::uuid[], ${column((row) => row.type)}::text[],
        ${column((row) => row.tradeDate)}::date[], ${column((row) => row.currency)}::text[],
        ${column((row) => row.fxRate)}::numeric[], ${column((row) => row.quantity)}::numeric[],
        ${column((row) => row.unitPrice)}::numeric[], ${column((row) => row.amount)}::numeric[],
        ${column((row) => row.fee)}::numeric[], ${column((row) => row.tax)}::numeric[],
        ${column((row) => row.splitRatio)}::text[], ${column((row) => row.acquiredDate)}::date[],
        ${column((row) => row.acquisitionFxRate)}::numeric[],
        ${column((row) => row.toCurrency)}::text[], ${column((row) => row.toAmount)}::numeric[],
        ${column((row) => row.note)}::text[]
      ) with ordinality as x (instrument_id, type, trade_date, currency, fx_rate, quantity,
        unit_price, amount, fee, tax, split_ratio, acquired_date, acquisition_fx_rate,
        to_currency, to_amount, note, ord)
      order by x.ord
    `,
  )
}
