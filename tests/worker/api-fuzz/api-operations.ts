import type { JsonSchema } from './json-schema-arbitrary'

/** The kinds of row a path id can name; each user of the fuzz owns one or more of each. */
export const RESOURCES = ['portfolio', 'transaction', 'instrument', 'mapping', 'invoice'] as const
export type Resource = (typeof RESOURCES)[number]

/**
 * Which resource a path parameter names, by the path segment before it (`/portfolios/{id}` names
 * a portfolio). A new route whose parameter follows another segment fails the fuzz until its
 * resource is added here, with rows of it planted for every user.
 */
const RESOURCE_OF_SEGMENT: Record<string, Resource> = {
  portfolios: 'portfolio',
  transactions: 'transaction',
  instruments: 'instrument',
  'import-mappings': 'mapping',
  invoices: 'invoice',
}

/**
 * Path parameters that are values anyone may name, not ids of anyone's rows (a year), by the
 * segment before them, each with a value the route takes: drawn from the parameter's schema,
 * that value and malformed ones.
 */
const VALUE_OF_SEGMENT: Record<string, string> = {
  'tax-years': '2024',
  germany: '2024',
  turkey: '2024',
}

/**
 * Operations of the document the fuzz does not drive, each with the reason. An operation the fuzz
 * cannot drive and that is not listed here fails the test.
 */
export const UNDRIVEN: Record<string, string> = {
  // It acts on the caller alone (no id of anyone's to try) and would end the fuzz's own users;
  // tests/worker/account.test.ts and billing.test.ts drive it.
  'POST /api/account/delete': "deletes the caller's own account, and nothing else",
}

/**
 * A form each multipart operation accepts, by operation id: the fuzz cannot draw a file that
 * reads, so it sends this one (and forms drawn from the schema, which are refused). A multipart
 * operation without one here cannot be driven.
 */
export const MULTIPART_FORMS: Record<string, () => Record<string, string | File>> = {
  // A preview only (dryRun): the caller's own portfolio answers 200 and nothing is written.
  'POST /api/portfolios/{id}/imports': () => ({
    file: new File(
      ['Date,Type,Code,Quantity,Price,Currency\n2024-01-02,BUY,THYAO,1,10,TRY\n'],
      'fuzz.csv',
      { type: 'text/csv' },
    ),
    dryRun: 'true',
  }),
}

/**
 * Writes whose body is not JSON, so the JSON bad-input classes do not apply, each with the reason
 * and where their bad input is tested instead. A write with another body that is not listed here
 * fails the bad-input test.
 */
export const NOT_JSON_WRITES: Record<string, string> = {
  'POST /api/portfolios/{id}/imports':
    'a multipart file upload: bad files and form fields are tested in tests/worker/api-import.test.ts',
}

/** Request body media types the fuzz knows how to send. */
export const DRIVEN_MEDIA_TYPES = ['application/json', 'multipart/form-data'] as const
export type DrivenMediaType = (typeof DRIVEN_MEDIA_TYPES)[number]

/** A path parameter: an id of a resource, or a value (see VALUE_OF_SEGMENT). */
export type PathParam =
  | { name: string; resource: Resource }
  | { name: string; value: { valid: string; schema: JsonSchema } }

export interface QueryParam {
  name: string
  required: boolean
  schema: JsonSchema
}

export interface Operation {
  /** `GET /api/portfolios/{id}`: how failures name it. */
  id: string
  method: string
  path: string
  pathParams: PathParam[]
  query: QueryParam[]
  body: { mediaType: DrivenMediaType; schema: JsonSchema } | null
}

interface OpenApiParameter {
  name: string
  in: string
  required?: boolean
  schema?: JsonSchema
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>
  components?: { schemas?: Record<string, JsonSchema> }
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete'])

function pathParamsOf(path: string, declared: OpenApiParameter[]): PathParam[] | string {
  const segments = path.split('/')
  const params: PathParam[] = []
  for (const [index, segment] of segments.entries()) {
    const name = /^\{(\w+)\}$/.exec(segment)?.[1]
    if (!name) continue
    const before = segments[index - 1] ?? ''
    const resource = RESOURCE_OF_SEGMENT[before]
    const valid = VALUE_OF_SEGMENT[before]
    if (resource) params.push({ name, resource })
    else if (valid) {
      const schema = declared.find((param) => param.in === 'path' && param.name === name)?.schema
      params.push({ name, value: { valid, schema: schema ?? {} } })
    } else return `path parameter {${name}} after "${before}" names no known resource`
  }
  return params
}

function bodyOf(id: string, operation: OpenApiOperation): Operation['body'] | string {
  const content = operation.requestBody?.content
  if (!content) return null
  for (const mediaType of DRIVEN_MEDIA_TYPES) {
    const schema = content[mediaType]?.schema
    if (!schema) continue
    if (mediaType === 'multipart/form-data' && !(id in MULTIPART_FORMS)) {
      return 'a multipart body with no form in MULTIPART_FORMS'
    }
    return { mediaType, schema }
  }
  return `request body of media type ${Object.keys(content).join(', ')}`
}

/**
 * Every operation of the API's OpenAPI document, ready to drive; and the ones that cannot be
 * driven (and are not in `UNDRIVEN`), each with what is missing.
 */
export function operationsOf(document: OpenApiDocument): {
  operations: Operation[]
  undrivable: string[]
} {
  const operations: Operation[] = []
  const undrivable: string[] = []
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue
      const id = `${method.toUpperCase()} ${path}`
      if (id in UNDRIVEN) continue
      const params = operation.parameters ?? []
      const unknownPlace = params.find((param) => param.in !== 'path' && param.in !== 'query')
      const pathParams = pathParamsOf(path, params)
      const body = bodyOf(id, operation)
      const problem = unknownPlace
        ? `parameter ${unknownPlace.name} in ${unknownPlace.in}`
        : typeof pathParams === 'string'
          ? pathParams
          : typeof body === 'string'
            ? body
            : null
      if (problem !== null || typeof pathParams === 'string' || typeof body === 'string') {
        undrivable.push(`${id}: ${problem}`)
        continue
      }
      operations.push({
        id,
        method: method.toUpperCase(),
        path,
        pathParams,
        query: params
          .filter((param) => param.in === 'query')
          .map((param) => ({
            name: param.name,
            required: param.required ?? false,
            schema: param.schema ?? {},
          })),
        body,
      })
    }
  }
  return { operations, undrivable }
}

/** The path with its parameters filled in (each encoded as a path segment). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''))
}
