import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

const API_VERSION_HEADER = 'X-Supabase-Api-Version'
const API_VERSION_2024 = '2024-01-01'

/**
 * An error the hosted service answers with. Handlers throw it; `respondWithError` turns it into
 * the wire format the request asked for, so the handlers never spell a response shape.
 */
export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
    this.name = 'AuthError'
  }
}

/** OAuth 2 style error (`{error, error_description}`, always 400), as GoTrue's OAuthError. */
export class OAuthStyleError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`)
    this.name = 'OAuthStyleError'
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message)
export const unauthorized = (code: string, message: string) => new AuthError(401, code, message)
export const forbidden = (code: string, message: string) => new AuthError(403, code, message)
export const notFound = (code: string, message: string) => new AuthError(404, code, message)
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message)

function wantsVersionedErrors(c: Context): boolean {
  const requested = c.req.header(API_VERSION_HEADER)
  return requested !== undefined && requested >= API_VERSION_2024
}

export function respondWithError(c: Context, error: unknown): Response {
  if (error instanceof OAuthStyleError) {
    return c.json({ error: error.error, error_description: error.description }, 400)
  }
  const known =
    error instanceof AuthError
      ? error
      : new AuthError(
          500,
          'unexpected_failure',
          'Unexpected failure, please check server logs for more information',
        )
  if (!(error instanceof AuthError)) console.error('[auth] unexpected failure:', error)
  c.header('x-sb-error-code', known.code)
  if (wantsVersionedErrors(c)) {
    c.header(API_VERSION_HEADER, API_VERSION_2024)
    return c.json({ code: known.code, message: known.message, ...known.extra }, known.status)
  }
  return c.json(
    { code: known.status, error_code: known.code, msg: known.message, ...known.extra },
    known.status,
  )
}
