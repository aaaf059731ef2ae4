import type { Context } from 'hono'
import { LinearRouter } from 'hono/router/linear-router'
import type { Params } from 'hono/router'
import type { z } from 'zod'
import { fieldIssues } from './field-issues'
import type { ApiAnswer } from '../../shared/api/api-snapshot'
import { databaseUnavailable, withUserTransaction } from '../db/run-as-user'
import type { AppEnv } from '../env'
import { utcDay } from '../portfolio/iso-date'
import { quoteFeed, type QuoteFeed } from '../quotes/quote-feed'
import { enabledPriceProviders } from '../quotes/quote-providers'
import { API_TRANSACTION_OPTIONS } from './api-database'
import { problemBody, toProblem } from './api-error-response'
import { ApiProblem } from './api-problem'
import { GET_READERS, type GetReader } from './get-readers'
import { requestFormatLocale } from '../i18n/request-locale'
import { formatConventions } from '../../shared/i18n/format-locale'

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
 * would (the same statuses and JSON bodies), with the session the page request already verified
 * (cookies are not read again: a refreshed token must not be used twice). All paths share one
 * transaction as the user, each in a savepoint, so one failing path leaves the others whole. A path that fails gets the API's
 * status and error body (`{ error: { code, message } }`); nothing is thrown, unless `outage`
 * is `'throw'`: then a database outage (unreachable, refusing, too slow) is thrown as the
 * `DatabaseUnavailableError` it is, for a page to answer 503 as a whole. An outage ends the
 * transaction at once: the other paths would only wait for it too.
 *
 * @example
 * const answers = await readApiSnapshot(c, ['/api/portfolios', `/api/portfolios/${id}/report`])
 * answers['/api/portfolios'] // { status: 200, body: { portfolios: [...], limits: {...} } }
 */
export async function readApiSnapshot(
  c: Context<AppEnv>,
  paths: string[],
  outage: 'answer' | 'throw' = 'answer',
): Promise<Record<string, ApiAnswer>> {
  const formatLocale = requestFormatLocale(c)
  const results: Record<string, ApiAnswer> = {}
  const fail = async (path: string, error: unknown): Promise<void> => {
    const problem = toProblem(c, error)
    results[path] = { status: problem.status, body: await problemBody(problem, formatLocale) }
  }
  const session = c.get('auth')?.session ?? { status: 'signed-out' }
  if (session.status !== 'signed-in') {
    const problem = new ApiProblem(
      session.status === 'unavailable' ? 'auth_unavailable' : 'not_authenticated',
    )
    for (const path of paths) await fail(path, problem)
    return results
  }
  const db = {
    claims: session.claims,
    locale: formatConventions(formatLocale).language,
    formatLocale,
    today: utcDay(new Date()),
    priceProviders: enabledPriceProviders(c.env),
    quoteFeed: (source: QuoteFeed) => quoteFeed(source, c.env),
  }
  try {
    await withUserTransaction(
      c.env,
      session.claims,
      async (sql) => {
        for (const path of paths) {
          const match = matchPath(path)
          if (match instanceof ApiProblem) {
            await fail(path, match)
            continue
          }
          try {
            const body = await sql.savepoint((savepoint) =>
              match.reader.read({ ...db, sql: savepoint }, match.input),
            )
            results[path] = { status: 200, body }
          } catch (error) {
            if (databaseUnavailable(error)) throw error
            await fail(path, error)
          }
        }
      },
      API_TRANSACTION_OPTIONS,
    )
  } catch (error) {
    const unavailable = databaseUnavailable(error)
    if (unavailable && outage === 'throw') throw unavailable
    for (const path of paths) if (!(path in results)) await fail(path, error)
  }
  return results
}
