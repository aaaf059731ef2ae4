import type postgres from 'postgres'
import { WORKER_BUILD_ID } from '../../build/worker-build-id'
import { arrayLiteral } from './sql-values'

type Sql = postgres.TransactionSql

/** What a stored analysis answers (the stored_analyses migration). */
export type AnalysisKind = 'report' | 'sales' | 'lots' | 'performance' | 'summary'

/** One stored answer: a portfolio's, of a kind, to a question (its date or range). */
export interface AnalysisKey {
  portfolioId: string
  kind: AnalysisKind
  params: string
}

/**
 * The stamps of the caller's portfolios by id: the versions of everything their analyses read
 * (the market's data, the caller's own, the portfolio's and its settings) and of the code that
 * computes them. Read BEFORE anything an analysis reads, the portfolio's settings included: a
 * write that lands in between then leaves a stamp older than the data, which the next request
 * recomputes, never the other way round.
 */
export async function analysisStamps(sql: Sql): Promise<Map<string, string>> {
  const rows = await sql<{ portfolio_id: string; stamp: string }[]>`
    select portfolio_id, stamp from analysis_stamps()
  `
  return new Map(rows.map((row) => [row.portfolio_id, `${row.stamp}/${WORKER_BUILD_ID}`]))
}

/** The stored answer to `key`, when it was stored under `stamp`. */
export async function storedAnalysis<T>(
  sql: Sql,
  key: AnalysisKey,
  stamp: string,
): Promise<T | undefined> {
  const [row] = await sql<{ body: T }[]>`
    select body from stored_analyses
    where portfolio_id = ${key.portfolioId} and kind = ${key.kind} and params = ${key.params}
      and stamp = ${stamp}
  `
  return row?.body
}

/** The stored answers of a kind to one question for each portfolio whose stamp they carry. */
export async function storedAnalysesOf<T>(
  sql: Sql,
  kind: AnalysisKind,
  params: string,
  stamps: ReadonlyMap<string, string>,
): Promise<Map<string, T>> {
  if (stamps.size === 0) return new Map()
  const rows = await sql<{ portfolio_id: string; body: T }[]>`
    select s.portfolio_id, s.body
    from stored_analyses s
    join unnest(
      ${arrayLiteral([...stamps.keys()])}::uuid[],
      ${arrayLiteral([...stamps.values()])}::text[]
    ) as current (id, stamp)
      on current.id = s.portfolio_id and current.stamp = s.stamp
    where s.kind = ${kind} and s.params = ${params}
  `
  return new Map(rows.map((row) => [row.portfolio_id, row.body]))
}

/**
 * A page of a stored array (`offset`, at most `limit` items) with how many it holds, when it was
 * stored under `stamp`; `where` keeps only the items whose `instrument.id` it names. Postgres
 * cuts the page out, so a long list never travels whole.
 */
export async function storedPage<T>(
  sql: Sql,
  key: AnalysisKey,
  stamp: string,
  page: { offset: number; limit: number; instrumentId: string | undefined },
): Promise<{ items: T[]; total: number } | undefined> {
  const [row] = await sql<{ items: T[]; total: number }[]>`
    select
      coalesce(jsonb_path_query_array(kept, '$[$from to $to]', jsonb_build_object(
        'from', ${page.offset}::int, 'to', ${page.offset + page.limit - 1}::int
      )), '[]') as items,
      jsonb_array_length(kept) as total
    from (
      select case when ${page.instrumentId ?? null}::text is null then body
        else jsonb_path_query_array(body, '$[*] ? (@.instrument.id == $id)',
          jsonb_build_object('id', ${page.instrumentId ?? null}::text))
        end as kept
      from stored_analyses
      where portfolio_id = ${key.portfolioId} and kind = ${key.kind} and params = ${key.params}
        and stamp = ${stamp}
    ) as stored
  `
  return row
}

/** One member of a stored object, when it was stored under `stamp` (null: it has none). */
export async function storedMember<T>(
  sql: Sql,
  key: AnalysisKey,
  stamp: string,
  member: string,
): Promise<{ value: T | null } | undefined> {
  const [row] = await sql<{ value: T | null }[]>`
    select body -> ${member}::text as value from stored_analyses
    where portfolio_id = ${key.portfolioId} and kind = ${key.kind} and params = ${key.params}
      and stamp = ${stamp}
  `
  return row
}

/**
 * Stores answers under `stamp`, replacing what was stored for the same questions, and drops the
 * portfolio's answers of the same kinds stored under another stamp, or for another question more
 * than a day ago (yesterday's report): one portfolio keeps few rows.
 */
export async function storeAnalyses(
  sql: Sql,
  stamp: string,
  entries: readonly { key: AnalysisKey; body: unknown }[],
): Promise<void> {
  for (const { key, body } of entries) {
    await sql`
      delete from stored_analyses
      where portfolio_id = ${key.portfolioId} and kind = ${key.kind} and params <> ${key.params}
        and (stamp <> ${stamp} or stored_at < now() - interval '1 day')
    `
    await sql`
      insert into stored_analyses (portfolio_id, kind, params, stamp, body)
      values (${key.portfolioId}, ${key.kind}, ${key.params}, ${stamp}, ${sql.json(body as postgres.JSONValue)})
      on conflict (portfolio_id, kind, params)
      do update set stamp = excluded.stamp, body = excluded.body, stored_at = now()
    `
  }
}
