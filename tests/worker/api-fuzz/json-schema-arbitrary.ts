import fc from 'fast-check'

/** The part of JSON Schema (OpenAPI 3.1) the API's generated document uses. */
export interface JsonSchema {
  $ref?: string
  type?: string | string[]
  format?: string
  pattern?: string
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  additionalProperties?: boolean | JsonSchema
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minItems?: number
  maxItems?: number
  default?: unknown
}

/** Where the generator finds values that are not random: the ids of real rows, by field name. */
export interface ValueSource {
  /** A uuid for a field of this name (an instrument id, say), or null for a random one. */
  uuidFor(field: string): fc.Arbitrary<string> | null
  resolveRef(ref: string): JsonSchema
  /** Every property of every object, not only the required ones. */
  allProperties?: boolean
}

// Arrays stay short: the fuzz is about who may see what, not about volume (oversize has its own
// bad-input class).
const MAX_ITEMS = 4
const COMMON_CURRENCIES = ['TRY', 'USD', 'EUR']

const isoDay = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z') })
  .filter((date) => !Number.isNaN(date.getTime()))
  .map((date) => date.toISOString().slice(0, 10))

function stringArbitrary(schema: JsonSchema, field: string, source: ValueSource) {
  if (schema.format === 'uuid') return source.uuidFor(field) ?? fc.uuid({ version: 4 })
  if (schema.format === 'date') return isoDay
  if (schema.format === 'date-time') return isoDay.map((day) => `${day}T12:00:00Z`)
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern))
  return fc.string({
    minLength: schema.minLength ?? 0,
    maxLength: Math.min(schema.maxLength ?? 40, 40),
  })
}

/** One of the values; of the currencies, the fuzz users' own half the time, so writes succeed. */
function enumArbitrary(values: unknown[]) {
  const common = COMMON_CURRENCIES.filter((code) => values.includes(code))
  const any = fc.constantFrom(...values)
  return common.length > 0 ? fc.oneof(fc.constantFrom(...common), any) : any
}

function numberArbitrary(schema: JsonSchema, integer: boolean) {
  const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_000) + (integer ? 1 : 0)
  const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_000) - (integer ? 1 : 0)
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true })
}

function objectArbitrary(schema: JsonSchema, source: ValueSource) {
  const required = new Set(schema.required ?? [])
  const entries = Object.entries(schema.properties ?? {})
  return fc.record(
    Object.fromEntries(
      entries.map(([name, property]) => [name, arbitraryOf(property, source, name)]),
    ),
    {
      requiredKeys: entries
        .map(([name]) => name)
        .filter((name) => source.allProperties || required.has(name)),
    },
  )
}

/**
 * Values that satisfy `schema` as JSON Schema sees it (the API's own refinements, such as which
 * fields a transaction type needs, may still refuse them: the fuzz expects those 4xx too).
 *
 * @example fc.sample(arbitraryOf({ type: 'string', format: 'date' }, source), 1) // ['2004-07-19']
 */
export function arbitraryOf(
  schema: JsonSchema,
  source: ValueSource,
  field = '',
): fc.Arbitrary<unknown> {
  if (schema.$ref) return arbitraryOf(source.resolveRef(schema.$ref), source, field)
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum) return enumArbitrary(schema.enum)
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives) return fc.oneof(...alternatives.map((alt) => arbitraryOf(alt, source, field)))
  if (schema.allOf?.[0]) return arbitraryOf(schema.allOf[0], source, field)
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => arbitraryOf({ ...schema, type }, source, field)))
  }
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema, field, source)
    case 'integer':
      return numberArbitrary(schema, true)
    case 'number':
      return numberArbitrary(schema, false)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}, source, field), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(
          schema.minItems ?? 0,
          Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS),
        ),
      })
    case 'object':
      return objectArbitrary(schema, source)
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

/** Strings an attacker tries in every text field: injections, control characters, extremes. */
export const HOSTILE_STRINGS = [
  "'; drop table public.portfolios; --",
  "' or '1'='1",
  '1; select pg_sleep(10)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'a\u0000b',
  '\u0000',
  '\u0001\u0007\u001b[31m\u007f',
  '\r\n\r\nSet-Cookie: x=1',
  '../../../../etc/passwd',
  '%00%27',
  '1234567890123456789012345678901234567890.1234567890123456789012345678901234567890',
  '1e309',
  '-0',
  'NaN',
  'Infinity',
  '0001-01-01',
  '9999-12-31',
  '2024-02-30',
  '+275760-09-13',
  '\ud800',
  'x'.repeat(5000),
] as const

/** JSON values of the wrong kind for any field. */
const WRONG_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  {},
  [[[[[]]]]],
  { $gt: '' },
  ...HOSTILE_STRINGS,
]

type Path = (string | number)[]

function leafPaths(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leafPaths(item, [...path, index]))
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...path, key]))
  }
  return [path]
}

function withValueAt(value: unknown, path: Path, replacement: unknown, drop = false): unknown {
  if (path.length === 0) return replacement
  const [head, ...rest] = path as [string | number, ...Path]
  if (Array.isArray(value)) {
    const copy = [...value]
    if (drop && rest.length === 0) copy.splice(Number(head), 1)
    else copy[Number(head)] = withValueAt(copy[Number(head)], rest, replacement, drop)
    return copy
  }
  const copy = { ...(value as Record<string, unknown>) }
  if (drop && rest.length === 0) delete copy[head]
  else copy[head] = withValueAt(copy[head], rest, replacement, drop)
  return copy
}

/**
 * A value of `base` broken in one place: a field dropped, given a value of the wrong kind or a
 * hostile string, an unknown field added, or the whole body replaced.
 */
export function mutationOf(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(base, fc.nat(), fc.constantFrom(...WRONG_VALUES), fc.nat({ max: 3 }))
    .map(([value, pick, wrong, kind]) => {
      const paths = leafPaths(value)
      const path = paths[pick % paths.length] ?? []
      if (kind === 0) return withValueAt(value, path, undefined, true)
      if (kind === 1 && value && typeof value === 'object' && !Array.isArray(value)) {
        return { ...value, ['__proto__x']: wrong, constructor: { prototype: wrong } }
      }
      if (kind === 2) return wrong
      return withValueAt(value, path, wrong)
    })
}
