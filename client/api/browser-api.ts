import type { QueryFunctionContext } from '@tanstack/react-query'
import type { ClientRequestOptions, ClientResponse } from 'hono/client'
import { formatLocaleOf } from '../../shared/i18n/format-locale'
import { localeOfPath } from '../../shared/routes/match-route'
import { readerFormats } from '../app/reader-formats'
import { STORED_AT_HEADER } from '../service-worker/cache-names'
import { apiData, createApiClient, type ApiData } from './api-client'

/**
 * The browser's one API client: typed by the worker's routes, speaking the page's language and
 * writing numbers and dates as the page does. Every screen reads and writes through it (queries
 * through {@link apiQuery}).
 */
export const api = createApiClient({
  locale: () => localeOfPath(window.location.pathname),
  formatLocale: () => formatLocaleOf(localeOfPath(window.location.pathname), readerFormats()),
})

/** An API GET's body with when it was read: a copy from the offline cache is older than now. */
export interface Fetched<T> {
  body: T
  /** Epoch milliseconds the server answered. */
  asOf: number
  /** Answered from the service worker's copy (no network). */
  fromCache: boolean
}

/** A query: its key (the path it requests, as the server's snapshot names it) and how to ask. */
export interface ApiQueryOptions<T> {
  queryKey: [string]
  queryFn: (context: QueryFunctionContext) => Promise<Fetched<T>>
}

/** A GET route of the typed client, with the arguments it is asked with. */
interface GetEndpoint<Args, R> {
  $get(args: Args, options?: ClientRequestOptions): Promise<R>
  $path(args: Args): string
}

async function fetched<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<Fetched<ApiData<R>>> {
  const response = await request
  const storedAt = Number(response.headers.get(STORED_AT_HEADER))
  return { body: await apiData(response), asOf: storedAt || Date.now(), fromCache: storedAt > 0 }
}

/**
 * The query of a GET route: keyed by the path it requests (so the server's snapshot, keyed the
 * same, fills it), answered typed by the route.
 * @example useQuery(apiQuery(api.api.portfolios[':id'].report, { param: { id } }))
 */
export function apiQuery<Args, R extends ClientResponse<unknown, number, string>>(
  endpoint: GetEndpoint<Args, R>,
  args: Args,
): ApiQueryOptions<ApiData<R>> {
  return {
    queryKey: [endpoint.$path(args)],
    queryFn: ({ signal }) => fetched(endpoint.$get(args, { init: { signal } })),
  }
}

/**
 * What a screen's API snapshot (or what it has read so far) holds for a query, typed by its
 * route: the snapshot holds exactly what that route answered.
 * @example snapshotBody(loaded, portfolioQueries.report(id))?.asOf
 */
export function snapshotBody<T>(
  loaded: Readonly<Record<string, unknown>>,
  query: ApiQueryOptions<T>,
): T | undefined {
  return loaded[query.queryKey[0]] as T | undefined
}
