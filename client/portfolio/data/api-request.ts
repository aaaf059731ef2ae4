import { apiErrorSchema, type ApiError } from '../../api/schemas'
import { STORED_AT_HEADER } from '../../service-worker/cache-names'

/** An API GET's body with when it was read: a copy from the offline cache is older than now. */
export interface Fetched<T> {
  body: T
  /** Epoch milliseconds the server answered. */
  asOf: number
  /** Answered from the service worker's copy (no network). */
  fromCache: boolean
}

/** The API refused a request: its status, code and localized message (and fields at fault). */
export class ApiRequestError extends Error {
  readonly status: number
  readonly code: string
  readonly fields: NonNullable<ApiError['error']['fields']>

  constructor(status: number, error: ApiError['error']) {
    super(error.message)
    this.name = 'ApiRequestError'
    this.status = status
    this.code = error.code
    this.fields = error.fields ?? []
  }
}

/** The request never reached the API: the device is offline. */
export class OfflineError extends Error {
  constructor() {
    super('offline')
    this.name = 'OfflineError'
  }
}

async function errorOf(response: Response): Promise<ApiRequestError> {
  const parsed = apiErrorSchema.safeParse(await response.json().catch(() => null))
  return new ApiRequestError(
    response.status,
    parsed.success ? parsed.data.error : { code: 'http_error', message: response.statusText },
  )
}

/** What fetch throws without a network is a TypeError; everything else is the API's answer. */
async function send(path: string, init: RequestInit): Promise<Response> {
  if (typeof navigator !== 'undefined' && !navigator.onLine && init.method !== 'GET') {
    throw new OfflineError()
  }
  // The API answers in the page's language (the document's lang is the locale's full tag).
  const headers = new Headers(init.headers)
  if (typeof document !== 'undefined') headers.set('Accept-Language', document.documentElement.lang)
  try {
    return await fetch(path, { ...init, headers, credentials: 'same-origin' })
  } catch (error) {
    if (error instanceof TypeError) throw new OfflineError()
    throw error
  }
}

/** GETs an API path (a query key) as JSON; a copy the service worker kept says so. */
export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<Fetched<T>> {
  const response = await send(path, {
    method: 'GET',
    headers: { Accept: 'application/json' },
    signal,
  })
  if (!response.ok) throw await errorOf(response)
  const storedAt = Number(response.headers.get(STORED_AT_HEADER))
  return {
    body: (await response.json()) as T,
    asOf: storedAt || Date.now(),
    fromCache: storedAt > 0,
  }
}

/** Sends a change (POST, PUT, PATCH, DELETE) and returns the answer's JSON body, if any. */
export async function apiSend<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T | null> {
  const response = await send(path, {
    method,
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw await errorOf(response)
  if (response.status === 204) return null
  return (await response.json()) as T
}
