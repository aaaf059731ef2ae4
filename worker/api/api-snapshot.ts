import type { Context } from 'hono'
import type postgres from 'postgres'
import { LinearRouter } from 'hono/router/linear-router'
import type { Params } from 'hono/router'
import type { z } from 'zod'
import { fieldIssues } from './field-issues'
import type { ApiAnswer } from '../../shared/api/api-snapshot'
import { databaseUnavailable } from '../db/run-as-user'
import type { AuthClaims } from '../auth/session'
import type { AppEnv } from '../env'
import { apiDb } from './api-database'
import { problemBody, toProblem } from './api-error-response'
import { ApiProblem } from './api-problem'
import { GET_READERS, type GetReader } from './get-readers'

type Match = { reader: GetReader; input: { params: unknown; query: unknown } } | ApiProblem

const API_PREFIX = '/api'

// Hono's router, fed the same route paths the API app serves (`{id}` written `:id`).
const ROUTER = new LinearRouter<GetReader>()
for (const reader of GET_READERS) {
  ROUTER.add('GET', API_PREFIX + reader.route.path.replace(/\{(\w+)\}/g, ':$1'), reader)
}

function parsed(schema: unknown, value: Record<string, string>): { data: unknown } | ApiProblem {
  if (schema === undefined) return { data: {} }
  const result = (schema as z.ZodType).safeParse(value)
  return result.success
    ? { data: result.data }
    : new ApiProblem('invalid_query', {}, fieldIssues(result.error))
}

/** The GET route a path names, with its parameters validated as the API validates them. */
function matchPath(path: string): Match {
  const url = new URL(path, 'https://snapshot.invalid')
  // The linear router answers each match with its parameters by name.
  const [matches] = ROUTER.match('GET', url.pathname) as [[GetReader, Params][]]
  const [reader, pathParams] = matches[0] ?? []
  if (!reader || !pathParams) return new ApiProblem('not_found')
  const params = parsed(reader.route.request?.params, pathParams)
  if (params instanceof ApiProblem) return params
  const query = parsed(reader.route.request?.query, Object.fromEntries(url.searchParams))
  if (query instanceof ApiProblem) return query
  return { reader, input: { params: params.data, query: query.data } }
}

/**
 * A screen's API snapshot: answers GET API paths for a page's first render exactly as the API
 * would (the same statuses and JSON bodies), in the page's transaction as the signed-in user
 * (`sql`; cookies are not read again: a refreshed token must not be used twice). Each path runs
 * in a savepoint, so one failing path leaves the others whole, and gets the API's status and
 * error body (`{ error: { code, message } }`). A database outage (unreachable, refusing, too
 * slow) is thrown as the `DatabaseUnavailableError` it is, for the page to answer 503 as a whole.
 *
 * @example
 * const answers = await readApiSnapshot(c, sql, claims, ['/api/portfolios'])
 * answers['/api/portfolios'] // { status: 200, body: { portfolios: [...], limits: {...} } }
 */
export async function readApiSnapshot(
  c: Context<AppEnv>,
  sql: postgres.TransactionSql,
  claims: AuthClaims,
  paths: string[],
): Promise<Record<string, ApiAnswer>> {
  const db = apiDb(c, sql, claims)
  const results: Record<string, ApiAnswer> = {}
  for (const path of paths) {
    const match = matchPath(path)
    try {
      if (match instanceof ApiProblem) throw match
      const body = await sql.savepoint((savepoint) =>
        match.reader.read({ ...db, sql: savepoint }, match.input),
      )
      results[path] = { status: 200, body }
    } catch (error) {
      const unavailable = databaseUnavailable(error)
      if (unavailable) throw unavailable
      const problem = toProblem(c, error)
      results[path] = { status: problem.status, body: await problemBody(problem, db.formatLocale) }
    }
  }
  return results
}
