import type { z } from 'zod'
import { apiErrorSchema, uuid } from '../../../shared/api/schemas'
import { z as zod } from 'zod'
import { API_RATE_BUDGETS } from '../api-rate-limit'

const { write, read } = API_RATE_BUDGETS

const ERROR_DESCRIPTIONS = {
  400: 'Malformed JSON, text that is not well-formed Unicode (`invalid_text`: a lone surrogate), or a query or path parameter that is not valid (`fields` names each).',
  401: 'Not signed in: no session cookie and no valid `Authorization: Bearer` token.',
  403: "Past the plan's limit (`plan_limit_portfolios`, `plan_limit_transactions`), or a cookie write from another site.",
  404: "No such resource for this caller (another user's ids are not found either), or Pro is not sold here (`checkout_unavailable`).",
  409: 'Conflicts with the stored data (an instrument still used, a code taken, an idempotency key already used for another request, Pro bought already).',
  413: 'The body is larger than 1 MB.',
  415: 'The body is not JSON.',
  422: 'The body is not valid (`fields` names each field), or the portfolio engine refuses the change (selling more than held…).',
  429: `Too many requests from this caller (\`rate_limited\`): at most ${write.limit} writes every ${write.period} s and ${read.limit} reads every ${read.period} s; retry after \`Retry-After\` seconds.`,
  502: 'A price service or the payment provider did not answer, or answered in a way that could not be read (`lookup_unavailable`, `payment_provider_unavailable`).',
  503: 'The database or the auth server cannot be reached; retry after `Retry-After` seconds.',
} as const

type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS

const errorContent = { 'application/json': { schema: apiErrorSchema } }

const retryAfter = {
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer' as const },
  },
}

interface ErrorResponse {
  description: string
  content: typeof errorContent
  headers?: typeof retryAfter
}

/**
 * The documented error answers of a route: `{ error: { code, message, fields? } }`. Every route
 * spends the caller's budget, so each may answer 429.
 */
export function errorResponses<S extends Exclude<ErrorStatus, 429>>(
  ...statuses: S[]
): Record<S | 429, ErrorResponse> {
  const responses = {} as Record<S | 429, ErrorResponse>
  for (const status of [...statuses, 429 as const]) {
    responses[status] = {
      description: ERROR_DESCRIPTIONS[status],
      content: errorContent,
      ...(status === 429 || status === 503 ? { headers: retryAfter } : {}),
    }
  }
  return responses
}

/** A JSON answer of a route. */
export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } }
}

/** A required JSON body of a route. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { 'application/json': { schema } } }
}

export const idParams = zod.object({ id: uuid })
export const transactionParams = zod.object({ id: uuid, txId: uuid })

/** Every route that reads or writes a user's data answers these. */
export const DATA_ERRORS = [400, 401, 404, 503] as const
