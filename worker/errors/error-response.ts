import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ApiError } from '../../shared/api/schemas'

/** Seconds a client should wait before retrying after a 503. */
export const RETRY_AFTER_SECONDS = 2

/**
 * The one shape of a JSON error answer, whoever refuses (the API, the auth forms, the account
 * routes, the analytics endpoint, the same-origin guard): `{ error: { code, message, fields? } }`,
 * never cached; a 503 says when to try again.
 */
export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  error: ApiError['error'],
): Response {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' }
  if (status === 503) headers['Retry-After'] = String(RETRY_AFTER_SECONDS)
  return c.json({ error }, status, headers)
}
