import type { JsonSchema } from './json-schema-arbitrary'

type Path = (string | number)[]

/** A leaf of a body with the schema that describes it. */
export interface Leaf {
  path: Path
  schema: JsonSchema
  /** The schema takes null here too. */
  nullable: boolean
}

function takesNull(schema: JsonSchema | undefined): boolean {
  if (!schema) return false
  if (schema.type === 'null') return true
  if (Array.isArray(schema.type) && schema.type.includes('null')) return true
  return (schema.anyOf ?? schema.oneOf ?? []).some(takesNull)
}

/** The schema at `path` before its nullable alternatives are taken apart. */
function rawSchemaAt(schema: JsonSchema, path: Path, resolveRef: (ref: string) => JsonSchema) {
  if (path.length === 0) return schema
  const parent = schemaAt(schema, path.slice(0, -1), resolveRef)
  const last = path.at(-1)
  return typeof last === 'number' ? parent?.items : parent?.properties?.[last ?? '']
}

/** The schema of a value at `path`, following `$ref`s and nullable alternatives. */
export function schemaAt(
  schema: JsonSchema,
  path: Path,
  resolveRef: (ref: string) => JsonSchema,
): JsonSchema | null {
  let current: JsonSchema | undefined = schema
  for (const step of ['', ...path]) {
    while (current?.$ref || current?.anyOf || current?.oneOf) {
      if (current.$ref) current = resolveRef(current.$ref)
      else current = (current.anyOf ?? current.oneOf)?.find((alt) => alt.type !== 'null')
    }
    if (!current) return null
    if (step === '') continue
    current = typeof step === 'number' ? current.items : current.properties?.[step]
  }
  return current ?? null
}

export function leavesOf(
  value: unknown,
  schema: JsonSchema,
  resolveRef: (ref: string) => JsonSchema,
  path: Path = [],
): Leaf[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => leavesOf(item, schema, resolveRef, [...path, index]))
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      leavesOf(item, schema, resolveRef, [...path, key]),
    )
  }
  return [
    {
      path,
      schema: schemaAt(schema, path, resolveRef) ?? {},
      nullable: takesNull(rawSchemaAt(schema, path, resolveRef)),
    },
  ]
}

/** A text field that takes any words (a name, a note): markup or quotes in it are just text. */
export function isFreeText(schema: JsonSchema): boolean {
  return schema.type === 'string' && !schema.pattern && !schema.format && !schema.enum
}

export function withValueAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement
  const [head, ...rest] = path as [string | number, ...Path]
  if (Array.isArray(value)) {
    const copy = [...value]
    copy[Number(head)] = withValueAt(copy[Number(head)], rest, replacement)
    return copy
  }
  const copy = { ...(value as Record<string, unknown>) }
  copy[head] = withValueAt(copy[head], rest, replacement)
  return copy
}

export function withoutValueAt(value: unknown, path: Path): unknown {
  if (path.length === 0) return undefined
  if (path.length === 1) {
    if (Array.isArray(value)) return value.filter((_, index) => index !== path[0])
    const copy = { ...(value as Record<string, unknown>) }
    delete copy[path[0] as string]
    return copy
  }
  const [head, ...rest] = path as [string | number, ...Path]
  const inner = (value as Record<string | number, unknown>)[head]
  return withValueAt(value, [head], withoutValueAt(inner, rest))
}

/** A raw body for a class of bad input, and whether it may be accepted as plain text. */
export interface BadBody {
  label: string
  raw: string
  /** A hostile string in a free-text field: storing it verbatim is right, refusing it is too. */
  textMayPass?: { path: Path; text: string }
}

const DEEP = 10_000
const OVERSIZE = 'x'.repeat(1_200_000)

const SQL_AND_HTML = [
  "'; drop table public.portfolios; --",
  "' or '1'='1' --",
  '1); delete from public.transactions; --',
  '<script>alert(1)</script>',
  '"><svg onload=alert(1)>',
]
const CONTROL = ['a\u0000b', '\u0000', '\u0001\u0002\u001f', 'a\u001bb', 'a\u007fb\u009f']
const HUGE_NUMBERS = [
  '1234567890123456789012345678901234567890',
  '0.1234567890123456789012345678901234567890123',
  '-99999999999999999999999999999999999999999.5',
]
const RAW_HUGE_NUMBERS = ['1e309', '-1e400', '123456789012345678901234567890123456789012345']
const DATES_OUT_OF_RANGE = ['0001-01-01', '1899-12-31', '2100-01-01', '9999-12-31', '2024-02-30']
const WRONG_TYPES: unknown[] = [null, 0, true, [], {}, ['a'], { nested: { deeper: 1 } }]

/** Whether a value is of a JSON kind the leaf's schema takes (then it is not a wrong type). */
function ofKindTaken(leaf: Leaf, value: unknown): boolean {
  if (value === null) return leaf.nullable
  const types = [leaf.schema.type ?? []].flat()
  if (typeof value === 'number') return types.includes('number') || types.includes('integer')
  if (typeof value === 'boolean') return types.includes('boolean')
  return false
}

/**
 * The bad-input classes for a write whose valid body is `base`: malformed JSON, wrong types,
 * oversize, deep nesting, NUL and control characters, SQL and HTML injection, huge numbers and
 * 40+ digit decimals, dates out of range. Each must be refused (4xx, the error shape) and write
 * nothing, save hostile text in a free-text field, which may be kept verbatim.
 */
export function badBodies(base: unknown, leaves: Leaf[]): BadBody[] {
  const json = (value: unknown) => JSON.stringify(value)
  const bodies: BadBody[] = [
    { label: 'malformed JSON: cut short', raw: json(base).slice(0, -1) },
    { label: 'malformed JSON: single quotes', raw: "{'name': 'x'}" },
    { label: 'malformed JSON: trailing comma', raw: '{"a": 1,}' },
    { label: 'malformed JSON: empty', raw: '' },
    { label: 'malformed JSON: NUL byte', raw: '\u0000' },
    { label: 'wrong type: a bare string', raw: '"text"' },
    { label: 'wrong type: an array', raw: json([base]) },
    { label: `deep nesting: ${DEEP} arrays`, raw: `${'['.repeat(DEEP)}${']'.repeat(DEEP)}` },
    { label: 'oversize: 1.2 MB', raw: json({ ...(base as object), padding: OVERSIZE }) },
  ]
  for (const leaf of leaves) {
    const { path, schema } = leaf
    const at = path.join('.')
    const put = (label: string, value: unknown) =>
      bodies.push({ label: `${label} at ${at}`, raw: json(withValueAt(base, path, value)) })
    for (const wrong of WRONG_TYPES) {
      if (!ofKindTaken(leaf, wrong)) put(`wrong type ${json(wrong)}`, wrong)
    }
    put(`deep nesting`, JSON.parse(`${'['.repeat(DEEP / 10)}${']'.repeat(DEEP / 10)}`) as unknown)
    for (const text of CONTROL) put(`control characters ${json(text)}`, text)
    for (const text of SQL_AND_HTML) {
      bodies.push({
        label: `${json(text)} at ${at}`,
        raw: json(withValueAt(base, path, text)),
        ...(isFreeText(schema) ? { textMayPass: { path, text } } : {}),
      })
    }
    for (const number of HUGE_NUMBERS) {
      // In a free-text field (a name, a note) digits are words like any other.
      bodies.push({
        label: `huge number ${number} at ${at}`,
        raw: json(withValueAt(base, path, number)),
        ...(isFreeText(schema) ? { textMayPass: { path, text: number } } : {}),
      })
    }
    for (const number of RAW_HUGE_NUMBERS) {
      bodies.push({
        label: `raw number ${number} at ${at}`,
        raw: json(withValueAt(base, path, '@@number@@')).replace('"@@number@@"', number),
      })
    }
    if (schema.format === 'date') {
      for (const date of DATES_OUT_OF_RANGE) put(`date ${date}`, date)
    }
  }
  return bodies
}
