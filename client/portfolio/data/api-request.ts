import { ApiError, createApiFetch } from '../../api/api-client'
import { localeOfPath } from '../../../shared/routes/match-route'
import { STORED_AT_HEADER } from '../../service-worker/cache-names'

/** An API GET's body with when it was read: a copy from the offline cache is older than now. */
export interface Fetched<T> {
  body: T
  /** Epoch milliseconds the server answered. */
  asOf: number
  /** Answered from the service worker's copy (no network). */
  fromCache: boolean
}

/** The request never reached the API: the device is offline. */
export class OfflineError extends Error {
  constructor() {
    super('offline')
    this.name = 'OfflineError'
  }
}

// The typed client's fetch: cookies, the page's language, one retry where safe, and every
// answer that is not 2xx thrown as an ApiError with the API's localized message.
const apiFetch = createApiFetch({ locale: () => localeOfPath(window.location.pathname) })

async function send(path: string, init: RequestInit): Promise<Response> {
  // A change is refused before it is sent: offline, nothing may look saved that is not.
  if (init.method !== 'GET' && !navigator.onLine) throw new OfflineError()
  try {
    return await apiFetch(path, init)
  } catch (error) {
    if (error instanceof ApiError && error.status === 0) throw new OfflineError()
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
  if (response.status === 204) return null
  return (await response.json()) as T
}

/**
 * POSTs a multipart form (a file with its fields) and returns the answer's JSON. The browser
 * sets the multipart `Content-Type` with its boundary; like every POST it is never retried.
 */
export async function apiSendForm<T>(path: string, form: FormData): Promise<T> {
  const response = await send(path, {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: form,
  })
  return (await response.json()) as T
}
