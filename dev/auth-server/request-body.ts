import type { Context } from 'hono'
import type { z } from 'zod'
import { badRequest } from './errors'
import { assertNoControlCharacters } from './request-hygiene'

/**
 * Parses the JSON body against `schema`. Like GoTrue, the content type is not consulted: a body
 * that is not JSON (a form post, say) or has a field of the wrong type is `bad_json`. An empty
 * body counts as `{}` only where every field is optional (`emptyAllowed`). A top-level `null`
 * means "not given", as in Go (the official client sends `code_challenge: null`, for one).
 * A NUL or control character in any string is `validation_failed`.
 */
export async function readJsonBody<T extends z.ZodType>(
  c: Context,
  schema: T,
  { emptyAllowed = false } = {},
): Promise<z.infer<T>> {
  const text = await c.req.text()
  let value: unknown
  if (text.trim() === '' && emptyAllowed) {
    value = {}
  } else {
    try {
      value = JSON.parse(text)
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'invalid JSON'
      throw badRequest('bad_json', `Could not parse request body as JSON: ${reason}`)
    }
  }
  assertNoControlCharacters(value)
  const parsed = schema.safeParse(withoutNulls(value))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.join('.') || 'body'
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: ${where}: ${issue?.message ?? 'invalid'}`,
    )
  }
  return parsed.data
}

function withoutNulls(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null))
}
