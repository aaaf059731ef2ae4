import { hc, type ClientResponse } from 'hono/client'
import type { SuccessStatusCode } from 'hono/utils/http-status'
import type { ApiApp } from '../../worker/api'
import type { FormatLocale } from '../../shared/i18n/format-locale'
import type { Locale } from '../../shared/i18n/locales'
import { loadMessageGroups } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'

/** One field at fault in a refused request, its message in the UI's language. */
export interface ApiFieldError {
  path: string
  code: string
  message: string
}

/**
 * What the API refused, as it said it: the HTTP status (0 when the server was not reached), the
 * stable `code` for programs, the `message` in the UI's language and, for a form, `fields`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: readonly ApiFieldError[] = [],
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/**
 * The API could not be reached: the device is offline, or the network failed. A change is
 * refused before it is sent while the device says it is offline, so nothing looks saved that
 * is not.
 */
export class OfflineError extends ApiError {
  constructor(message: string) {
    super(0, 'network_error', message)
    this.name = 'OfflineError'
  }
}

/** Statuses worth one more try: the request may well succeed a moment later. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504])

const METHODS_WITHOUT_BODY = new Set(['GET', 'HEAD', 'DELETE'])

/**
 * Whether a failed request is tried once more: only for a retryable status, and only for a
 * method without a body (a POST or PATCH that timed out may have been applied already).
 * @example shouldRetry('GET', 503) // true
 */
export function shouldRetry(method: string, status: number): boolean {
  return METHODS_WITHOUT_BODY.has(method.toUpperCase()) && RETRY_STATUSES.has(status)
}

export interface ApiClientOptions {
  /** The UI's language, sent as `Accept-Language` so messages come back in it. */
  locale: () => Locale
  /**
   * The page's formatting locale, sent before the language (`en-GB, en;q=0.9`) so numbers and
   * dates in messages are written as the page writes them; without it, the language's own.
   */
  formatLocale?: () => FormatLocale
  /** Where the API lives; the page's own origin by default. */
  baseUrl?: string
  fetch?: typeof fetch
  /** How long to wait before the one retry, null for none; {@link retryDelayOf} by default. */
  retryDelayMs?: (response: Response) => number | null
}

/** The longest wait for the one retry: a server asking for more is not kept waiting for. */
export const MAX_RETRY_DELAY_MS = 10_000

const DEFAULT_RETRY_DELAY_MS = 300

/**
 * How long to wait before trying a refused request again: its `Retry-After` (seconds or an HTTP
 * date), else 300 ms; null when that is more than {@link MAX_RETRY_DELAY_MS}, since a retry
 * sooner would be refused again (a rate limit's `Retry-After` is a whole minute).
 * @example retryDelayOf(new Response(null, { status: 503, headers: { 'Retry-After': '2' } })) // 2000
 */
export function retryDelayOf(response: Response, now = Date.now()): number | null {
  const header = response.headers.get('Retry-After')?.trim()
  if (!header) return DEFAULT_RETRY_DELAY_MS
  const delay = /^\d+$/.test(header) ? Number(header) * 1000 : Date.parse(header) - now
  if (Number.isNaN(delay)) return DEFAULT_RETRY_DELAY_MS
  return delay > MAX_RETRY_DELAY_MS ? null : Math.max(delay, 0)
}

async function localMessage(locale: Locale, code: 'network_error' | 'unexpected') {
  const { t } = createTranslator(locale, await loadMessageGroups(locale, ['api']))
  return t(`api.errors.${code}`)
}

/** The API's error answer as an ApiError; a body that is not one (a proxy's page) as `unexpected`. */
async function errorOf(response: Response, locale: Locale): Promise<ApiError> {
  // The schema, and the validation library with it, loads with the first refused request: a
  // screen that reads without errors never downloads it.
  const { apiErrorSchema } = await import('../../shared/api/schemas/common')
  const body = apiErrorSchema.safeParse(await response.json().catch(() => null))
  if (!body.success) {
    return new ApiError(response.status, 'unexpected', await localMessage(locale, 'unexpected'))
  }
  const { code, message, fields } = body.data.error
  return new ApiError(response.status, code, message, fields)
}

/**
 * The fetch the typed client sends with: same-origin cookies, `Accept-Language`, one retry by
 * {@link shouldRetry} after the server's `Retry-After` ({@link retryDelayOf}), any answer that is
 * not 2xx thrown as an {@link ApiError}, and no answer at all as an {@link OfflineError}.
 */
export function createApiFetch(options: ApiClientOptions): typeof fetch {
  const send = options.fetch ?? ((input, init) => fetch(input, init))
  const retryDelay = options.retryDelayMs ?? retryDelayOf
  return async (input, init = {}) => {
    const locale = options.locale()
    const headers = new Headers(init.headers)
    const tag = options.formatLocale?.()
    headers.set('Accept-Language', tag ? `${tag}, ${locale};q=0.9` : locale)
    const request = { ...init, headers, credentials: 'same-origin' as const }
    const method = init.method ?? (input instanceof Request ? input.method : 'GET')
    const offline = async () => new OfflineError(await localMessage(locale, 'network_error'))
    if (method.toUpperCase() !== 'GET' && globalThis.navigator?.onLine === false) {
      throw await offline()
    }
    const attempt = async () => {
      try {
        return await send(input, request)
      } catch {
        throw await offline()
      }
    }
    let response = await attempt()
    const delay = !response.ok && shouldRetry(method, response.status) ? retryDelay(response) : null
    if (delay !== null) {
      await new Promise((resolve) => setTimeout(resolve, delay))
      response = await attempt()
    }
    if (!response.ok) throw await errorOf(response, locale)
    return response
  }
}

/**
 * The typed API client for the browser: paths, parameters and answers typed by the worker's
 * routes (a type-only import; no worker code reaches the bundle).
 *
 * @example
 * const api = createApiClient({ locale: () => 'de' })
 * const { portfolios } = await apiData(api.api.portfolios.$get())
 * await apiData(api.api.portfolios[':id'].report.$get({ param: { id }, query: { asOf } }))
 */
export function createApiClient(options: ApiClientOptions) {
  return hc<ApiApp>(options.baseUrl ?? '/', { fetch: createApiFetch(options) })
}

export type ApiClient = ReturnType<typeof createApiClient>

/** The JSON of a successful answer, typed by its route. */
export type ApiData<R> =
  R extends ClientResponse<infer Body, infer Status, 'json'>
    ? Status extends SuccessStatusCode
      ? Body
      : never
    : never

/**
 * The body of an answer the client's fetch let through: anything not 2xx was thrown, so the
 * route's success type is the one left (the one place an answer's type is narrowed).
 * @example const page = await apiData(api.api.portfolios[':id'].transactions.$get({ param: { id }, query: {} }))
 */
export async function apiData<R extends ClientResponse<unknown, number, string>>(
  response: R | Promise<R>,
): Promise<ApiData<R>> {
  return (await (await response).json()) as ApiData<R>
}
