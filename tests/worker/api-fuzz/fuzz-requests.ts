import fc from 'fast-check'
import {
  fillPath,
  MULTIPART_FORMS,
  type Operation,
  type PathParam,
  type Resource,
} from './api-operations'
import type { ApiCall, AuthMode } from './fuzz-users'
import {
  arbitraryOf,
  HOSTILE_STRINGS,
  mutationOf,
  type JsonSchema,
  type ValueSource,
} from './json-schema-arbitrary'

/** Whose ids a request may carry. */
export interface IdPools {
  /** The acting caller's own rows (empty when they may see none of them). */
  own: Record<Resource, string[]>
  /** Rows of users the caller must never reach. */
  others: Record<Resource, string[]>
  /** Rows everyone may read: the catalog's instruments. */
  shared: Record<Resource, string[]>
}

/** Path ids that are not uuids: each must be refused as a malformed request, never a 5xx. */
const MALFORMED_IDS = [
  'not-a-uuid',
  '0',
  '-1',
  "1' or '1'='1",
  '00000000-0000-0000-0000-00000000000g',
  '%00',
  '\u0000',
  '{id}',
  '🙂',
  'x'.repeat(300),
]

/** One generated request, as data, so the same request can be sent with other ids. */
export interface FuzzRequest {
  mode: AuthMode
  method: string
  /** The operation's path with its parameters named, and their values. */
  path: string
  pathValues: Record<string, string>
  query: Record<string, string>
  body: { mediaType: string; value: unknown; raw: boolean } | null
}

function idPool(pools: IdPools, resource: Resource, includeMalformed: boolean) {
  const choices: fc.Arbitrary<string>[] = [
    fc.uuid({ version: 4 }),
    ...[pools.own[resource], pools.others[resource], pools.shared[resource]]
      .filter((ids) => ids.length > 0)
      .map((ids) => fc.constantFrom(...ids)),
  ]
  if (includeMalformed) choices.push(fc.constantFrom(...MALFORMED_IDS))
  return fc.oneof(...choices)
}

/** A path parameter's values: an id from the pools, or a value drawn from its schema. */
function pathValue(pools: IdPools, param: PathParam, source: ValueSource) {
  if ('resource' in param) return idPool(pools, param.resource, true)
  return fc.oneof(
    arbitraryOf(param.value.schema, source, param.name).map(String),
    fc.constant(param.value.valid),
    fc.constantFrom(...MALFORMED_IDS),
  )
}

/** Which resource a uuid field of a body or query names, by its name (`instrumentId`). */
function resourceOfField(field: string): Resource | null {
  if (/instrument/i.test(field)) return 'instrument'
  if (/portfolio/i.test(field)) return 'portfolio'
  if (/^tx|transaction/i.test(field)) return 'transaction'
  return null
}

function valueSource(pools: IdPools, resolveRef: (ref: string) => JsonSchema): ValueSource {
  return {
    uuidFor(field) {
      const resource = resourceOfField(field)
      return resource ? idPool(pools, resource, false) : null
    },
    resolveRef,
  }
}

function queryValue(schema: JsonSchema, name: string, source: ValueSource) {
  return fc.oneof(
    { weight: 4, arbitrary: arbitraryOf(schema, source, name).map(String) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  )
}

/**
 * Requests of one operation: path ids drawn from the caller's own rows, other users', unknown
 * and malformed ones; query and body from the operation's schemas, valid or broken in one place.
 */
export function requestsOf(
  operation: Operation,
  pools: IdPools,
  resolveRef: (ref: string) => JsonSchema,
  modes: AuthMode[],
): fc.Arbitrary<FuzzRequest> {
  const source = valueSource(pools, resolveRef)
  const pathValues = fc.record(
    Object.fromEntries(
      operation.pathParams.map((param) => [param.name, pathValue(pools, param, source)]),
    ),
  )
  const query = fc.record(
    Object.fromEntries(
      operation.query.map((param) => [param.name, queryValue(param.schema, param.name, source)]),
    ),
    { requiredKeys: operation.query.filter((param) => param.required).map((param) => param.name) },
  )
  const bodySchema = operation.body
  const form = MULTIPART_FORMS[operation.id]
  const body = bodySchema
    ? fc
        .oneof(
          ...(form && bodySchema.mediaType === 'multipart/form-data'
            ? [{ weight: 3, arbitrary: fc.constant(null).map(form) }]
            : []),
          { weight: 3, arbitrary: arbitraryOf(bodySchema.schema, source) },
          { weight: 1, arbitrary: mutationOf(arbitraryOf(bodySchema.schema, source)) },
        )
        .map((value) => ({ mediaType: bodySchema.mediaType, value, raw: false }))
    : fc.constant(null)
  return fc
    .record({ mode: fc.constantFrom(...modes), pathValues, query, body })
    .map((parts) => ({ ...parts, method: operation.method, path: operation.path }))
}

function formOf(value: unknown): FormData {
  const form = new FormData()
  const fields = value && typeof value === 'object' ? Object.entries(value) : [['value', value]]
  for (const [name, field] of fields) {
    form.append(
      String(name),
      typeof field === 'string' || field instanceof Blob
        ? field
        : new Blob([JSON.stringify(field ?? null)]),
    )
  }
  return form
}

/** The request as the API receives it. */
export function callOf(request: FuzzRequest): ApiCall {
  const search = new URLSearchParams(request.query).toString()
  const path = `${fillPath(request.path, request.pathValues)}${search ? `?${search}` : ''}`
  if (!request.body) return { method: request.method, path }
  const { mediaType, value, raw } = request.body
  const payload =
    mediaType === 'multipart/form-data'
      ? formOf(value)
      : raw
        ? String(value)
        : (JSON.stringify(value) ?? 'null')
  return { method: request.method, path, body: { mediaType, payload } }
}

/** Every string in the request: its path values, query values and the body's strings. */
export function stringsOf(request: FuzzRequest): string[] {
  const strings: string[] = [...Object.values(request.pathValues), ...Object.values(request.query)]
  const walk = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value)
    else if (Array.isArray(value)) value.forEach(walk)
    else if (value && typeof value === 'object') Object.values(value).forEach(walk)
  }
  walk(request.body?.value)
  return strings
}

/** An id nobody has, of the same shape: a uuid, or a Paddle id (`txn_` and 26 characters). */
function unknownIdLike(id: string): string {
  const paddle = /^([a-z]+)_[a-z0-9]{26}$/.exec(id)
  if (!paddle) return crypto.randomUUID()
  const body = crypto.randomUUID().replaceAll('-', '').slice(0, 26)
  return `${paddle[1]}_${body}`
}

/** The same request with each of `ids` (anywhere in it) replaced by an id nobody has. */
export function withUnknownIds(request: FuzzRequest, ids: ReadonlySet<string>): FuzzRequest {
  const replacements = new Map<string, string>()
  const swap = (text: string) => {
    if (!ids.has(text)) return text
    let fresh = replacements.get(text)
    if (!fresh) {
      fresh = unknownIdLike(text)
      replacements.set(text, fresh)
    }
    return fresh
  }
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return swap(value)
    if (value instanceof Blob) return value
    if (Array.isArray(value)) return value.map(walk)
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item)]))
    }
    return value
  }
  return {
    ...request,
    pathValues: walk(request.pathValues) as Record<string, string>,
    query: walk(request.query) as Record<string, string>,
    body: request.body ? { ...request.body, value: walk(request.body.value) } : null,
  }
}
