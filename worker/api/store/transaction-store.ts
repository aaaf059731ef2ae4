import type postgres from 'postgres'
import type { Transaction, TransactionPage } from '../../../shared/api/schemas'
import type { TransactionType } from '../../../shared/portfolio/portfolio-kinds'
import type { TransactionInput } from '../../portfolio'
import { postgresError } from '../api-error-response'
import { ApiProblem } from '../api-problem'
import { instrumentsById } from './instrument-store'
import { withinPlan } from './plan-store'
import { arrayLiteral, isoTimestamp, plainDecimal } from './sql-values'

type Sql = postgres.TransactionSql

/** A transaction's stored values, as written (decimals as strings, dates as YYYY-MM-DD). */
export interface TransactionValues {
  type: TransactionType
  tradeDate: string
  instrumentId: string | null
  currency: string
  fxRate: string | null
  quantity: string | null
  unitPrice: string | null
  amount: string | null
  fee: string | null
  tax: string | null
  splitRatio: string | null
  acquiredDate: string | null
  acquisitionFxRate: string | null
  toCurrency: string | null
  toAmount: string | null
  note: string | null
}

interface TransactionRow {
  id: string
  portfolio_id: string
  sequence: string
  type: TransactionType
  trade_date: string
  instrument_id: string | null
  currency: string
  fx_rate: string | null
  quantity: string | null
  unit_price: string | null
  amount: string | null
  fee: string
  tax: string
  split_ratio: string | null
  acquired_date: string | null
  acquisition_fx_rate: string | null
  to_currency: string | null
  to_amount: string | null
  note: string | null
  created_at: Date
  updated_at: Date
}

function transactionColumns(sql: Sql) {
  return sql`t.id, t.portfolio_id, t.sequence, t.type, t.trade_date::text as trade_date,
    t.instrument_id, t.currency, t.fx_rate, t.quantity, t.unit_price, t.amount, t.fee, t.tax,
    t.split_ratio, t.acquired_date::text as acquired_date, t.acquisition_fx_rate, t.to_currency,
    t.to_amount, t.note, t.created_at, t.updated_at`
}

/** Rows as the API answers them, each with its instrument. */
async function transactionsOf(sql: Sql, rows: readonly TransactionRow[]): Promise<Transaction[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.instrument_id ? [row.instrument_id] : [])))]
  const instruments = await instrumentsById(sql, ids)
  return rows.map((row) => ({
    id: row.id,
    portfolioId: row.portfolio_id,
    sequence: Number(row.sequence),
    type: row.type,
    tradeDate: row.trade_date,
    instrument: row.instrument_id ? (instruments.get(row.instrument_id) ?? null) : null,
    currency: row.currency,
    fxRate: plainDecimal(row.fx_rate),
    quantity: plainDecimal(row.quantity),
    unitPrice: plainDecimal(row.unit_price),
    amount: plainDecimal(row.amount),
    fee: plainDecimal(row.fee),
    tax: plainDecimal(row.tax),
    splitRatio: row.split_ratio,
    acquiredDate: row.acquired_date,
    acquisitionFxRate: plainDecimal(row.acquisition_fx_rate),
    toCurrency: row.to_currency,
    toAmount: plainDecimal(row.to_amount),
    note: row.note,
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
  }))
}

/** Where the next page starts: after the last row's trade date and sequence. */
const CURSOR = /^(\d{4}-\d{2}-\d{2})~(\d{1,19})$/

function cursorOf(row: TransactionRow): string {
  return `${row.trade_date}~${row.sequence}`
}

function parseCursor(cursor: string): { tradeDate: string; sequence: string } {
  const match = CURSOR.exec(cursor)
  if (!match?.[1] || !match[2]) {
    throw new ApiProblem('invalid_query', {}, [{ path: 'cursor', code: 'invalid' }])
  }
  return { tradeDate: match[1], sequence: match[2] }
}

/** Each instrument a portfolio has transactions of, with the day of its first. */
export async function instrumentFirstDays(
  sql: Sql,
  portfolioId: string,
): Promise<{ instrumentId: string; from: string }[]> {
  const rows = await sql<{ instrument_id: string; first: string }[]>`
    select instrument_id, min(trade_date)::text as first from transactions
    where portfolio_id = ${portfolioId} and instrument_id is not null
    group by instrument_id
  `
  return rows.map((row) => ({ instrumentId: row.instrument_id, from: row.first }))
}

/** The day of the caller's first transaction of an instrument, in any of their portfolios. */
export async function firstTransactionDay(sql: Sql, instrumentId: string): Promise<string | null> {
  const [row] = await sql<{ first: string | null }[]>`
    select min(trade_date)::text as first from transactions where instrument_id = ${instrumentId}
  `
  return row?.first ?? null
}

/** The day of a portfolio's first transaction; null without one. */
export async function portfolioFirstDay(sql: Sql, portfolioId: string): Promise<string | null> {
  const [row] = await sql<{ first: string | null }[]>`
    select min(trade_date)::text as first from transactions where portfolio_id = ${portfolioId}
  `
  return row?.first ?? null
}

/** One page of a portfolio's transactions, newest first (trade date, then sequence). */
export async function listTransactions(
  sql: Sql,
  portfolioId: string,
  query: { instrumentId?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<TransactionPage> {
  const after = query.cursor === undefined ? null : parseCursor(query.cursor)
  const rows = await sql<TransactionRow[]>`
    select ${transactionColumns(sql)} from transactions t
    where t.portfolio_id = ${portfolioId}
      ${query.instrumentId ? sql`and t.instrument_id = ${query.instrumentId}` : sql``}
      ${after ? sql`and (t.trade_date, t.sequence) < (${after.tradeDate}::date, ${after.sequence}::bigint)` : sql``}
    order by t.trade_date desc, t.sequence desc
    limit ${query.limit + 1}
  `
  const page = rows.slice(0, query.limit)
  const last = page[page.length - 1]
  return {
    transactions: await transactionsOf(sql, page),
    nextCursor: rows.length > query.limit && last ? cursorOf(last) : null,
  }
}

/** Every transaction of a portfolio with its instrument, in applying order (for the export). */
export async function allTransactions(sql: Sql, portfolioId: string): Promise<Transaction[]> {
  const rows = await sql<TransactionRow[]>`
    select ${transactionColumns(sql)} from transactions t
    where t.portfolio_id = ${portfolioId}
    order by t.trade_date, t.sequence
  `
  return transactionsOf(sql, rows)
}

/** One transaction of a portfolio; 404 for anyone else's or none. */
export async function findTransaction(
  sql: Sql,
  portfolioId: string,
  id: string,
): Promise<Transaction> {
  const rows = await sql<TransactionRow[]>`
    select ${transactionColumns(sql)} from transactions t
    where t.portfolio_id = ${portfolioId} and t.id = ${id}
  `
  const [transaction] = await transactionsOf(sql, rows)
  if (!transaction) throw new ApiProblem('transaction_not_found')
  return transaction
}

/** A creating request's idempotency key, and the digest of what it asked for (see createTransaction). */
export interface IdempotentRequest {
  key: string
  /** SHA-256 (hex) of the request; null for rows that have none (imported, or older). */
  digest: string | null
}

/**
 * The transaction an idempotency key created, if any (in whichever of the caller's portfolios),
 * with the digest of the request that created it.
 */
export async function transactionByIdempotencyKey(
  sql: Sql,
  key: string,
): Promise<{ transaction: Transaction; digest: string | null } | null> {
  const rows = await sql<(TransactionRow & { request_digest: string | null })[]>`
    select ${transactionColumns(sql)}, t.request_digest from transactions t
    where t.idempotency_key = ${key}
  `
  const [transaction] = await transactionsOf(sql, rows)
  return transaction ? { transaction, digest: rows[0]!.request_digest } : null
}

/** The database's own refusals of a transaction row, as the API reports them. */
function refusal(error: unknown): unknown {
  const postgres = postgresError(error)
  if (postgres?.message === 'instrument_not_available')
    return new ApiProblem('instrument_not_found')
  if (postgres?.message === 'cash_not_recorded')
    return new ApiProblem({ engine: 'cash_not_recorded' })
  return error
}

/**
 * Inserts a transaction unless its idempotency key was used already (then nothing is written
 * and null comes back); 403 past the plan's transactions per portfolio.
 */
export async function insertTransaction(
  sql: Sql,
  portfolioId: string,
  request: IdempotentRequest,
  values: TransactionValues,
): Promise<string | null> {
  const rows = await withinPlan(
    sql,
    (savepoint) => savepoint<{ id: string }[]>`
      insert into transactions (user_id, portfolio_id, instrument_id, type, trade_date, currency,
        fx_rate, quantity, unit_price, amount, fee, tax, split_ratio, acquired_date,
        acquisition_fx_rate, to_currency, to_amount, note, idempotency_key, request_digest)
      values (auth.uid(), ${portfolioId}, ${values.instrumentId}, ${values.type},
        ${values.tradeDate}, ${values.currency}, ${values.fxRate}, ${values.quantity},
        ${values.unitPrice}, ${values.amount}, coalesce(${values.fee}::numeric, 0),
        coalesce(${values.tax}::numeric, 0), ${values.splitRatio}, ${values.acquiredDate},
        ${values.acquisitionFxRate}, ${values.toCurrency}, ${values.toAmount}, ${values.note},
        ${request.key}, ${request.digest})
      on conflict do nothing
      returning id
    `,
  ).catch((error: unknown) => {
    throw refusal(error)
  })
  return rows[0]?.id ?? null
}

/** Replaces every field of a transaction; 404 when the caller has no such transaction. */
export async function updateTransaction(
  sql: Sql,
  portfolioId: string,
  id: string,
  values: TransactionValues,
): Promise<void> {
  const updated = await sql`
    update transactions set
      instrument_id = ${values.instrumentId}, type = ${values.type},
      trade_date = ${values.tradeDate}, currency = ${values.currency},
      fx_rate = ${values.fxRate}, quantity = ${values.quantity},
      unit_price = ${values.unitPrice}, amount = ${values.amount},
      fee = coalesce(${values.fee}::numeric, 0), tax = coalesce(${values.tax}::numeric, 0),
      split_ratio = ${values.splitRatio}, acquired_date = ${values.acquiredDate},
      acquisition_fx_rate = ${values.acquisitionFxRate}, to_currency = ${values.toCurrency},
      to_amount = ${values.toAmount}, note = ${values.note}
    where portfolio_id = ${portfolioId} and id = ${id}
    returning id
  `.catch((error: unknown) => {
    throw refusal(error)
  })
  if (updated.length === 0) throw new ApiProblem('transaction_not_found')
}

export async function deleteTransaction(sql: Sql, portfolioId: string, id: string): Promise<void> {
  const deleted = await sql`
    delete from transactions where portfolio_id = ${portfolioId} and id = ${id} returning id
  `
  if (deleted.length === 0) throw new ApiProblem('transaction_not_found')
}

/** What the engine reads of a row: no note or timestamps. */
type EngineRow = Omit<TransactionRow, 'note' | 'created_at' | 'updated_at'>

function engineColumns(sql: Sql) {
  return sql`t.id, t.portfolio_id, t.sequence, t.type, t.trade_date::text as trade_date,
    t.instrument_id, t.currency, t.fx_rate, t.quantity, t.unit_price, t.amount, t.fee, t.tax,
    t.split_ratio, t.acquired_date::text as acquired_date, t.acquisition_fx_rate, t.to_currency,
    t.to_amount`
}

/** A row as the engine reads it. Instruments are keyed by id: the engine's `instrumentCode`. */
function engineInput(row: EngineRow): TransactionInput {
  return {
    id: row.id,
    sequence: Number(row.sequence),
    type: row.type,
    tradeDate: row.trade_date,
    instrumentCode: row.instrument_id,
    currency: row.currency,
    fxRate: row.fx_rate,
    quantity: row.quantity,
    unitPrice: row.unit_price,
    amount: row.amount,
    fee: row.fee,
    tax: row.tax,
    splitRatio: row.split_ratio,
    acquiredDate: row.acquired_date,
    acquisitionFxRate: row.acquisition_fx_rate,
    toCurrency: row.to_currency,
    toAmount: row.to_amount,
  }
}

/**
 * Every transaction of a portfolio as the engine reads it, in applying order (the engine then
 * skips its sort; `sequence` is unique, so trade date and sequence order them fully).
 */
export async function engineTransactions(
  sql: Sql,
  portfolioId: string,
): Promise<TransactionInput[]> {
  const rows = await sql<EngineRow[]>`
    select ${engineColumns(sql)} from transactions t where t.portfolio_id = ${portfolioId}
    order by t.trade_date, t.sequence
  `
  return rows.map(engineInput)
}

/** Rows fetched at a time by {@link engineTransactionsByPortfolio}. */
const ROWS_PER_FETCH = 2_000

/**
 * Every transaction of the caller's `portfolios` as the engine reads it, one portfolio at a time
 * (portfolios without transactions are not met), from one query read in batches: however many
 * portfolios, one round trip per batch, and only one portfolio's rows held while the engine runs
 * on them.
 */
export async function* engineTransactionsByPortfolio(
  sql: Sql,
  portfolios: readonly string[],
): AsyncGenerator<{ portfolioId: string; transactions: TransactionInput[] }> {
  let portfolioId: string | null = null
  let transactions: TransactionInput[] = []
  const batches = sql<EngineRow[]>`
    select ${engineColumns(sql)} from transactions t
    where t.portfolio_id = any(${arrayLiteral(portfolios)}::uuid[])
    order by t.portfolio_id, t.trade_date, t.sequence
  `.cursor(ROWS_PER_FETCH)
  for await (const batch of batches) {
    for (const row of batch) {
      if (row.portfolio_id !== portfolioId) {
        if (portfolioId !== null) yield { portfolioId, transactions }
        portfolioId = row.portfolio_id
        transactions = []
      }
      transactions.push(engineInput(row))
    }
  }
  if (portfolioId !== null) yield { portfolioId, transactions }
}
