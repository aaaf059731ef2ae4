import { parseDecimal } from '../../portfolio'

/** A numeric column read as text, as a plain decimal string without trailing zeros. */
export function plainDecimal(text: string): string
export function plainDecimal(text: string | null): string | null
export function plainDecimal(text: string | null): string | null {
  if (text === null) return null
  const value = parseDecimal(text)
  if (value === null) throw new Error(`Not a decimal from Postgres: ${text}`)
  return value.toString()
}

/** A timestamptz column (postgres.js reads it as a Date) as an ISO 8601 instant. */
export function isoTimestamp(value: Date): string {
  return value.toISOString()
}

/**
 * A Postgres array literal of texts (`{"a","b"}`), to pass as one parameter cast to the array
 * type (`${arrayLiteral(ids)}::uuid[]`): the connection does not fetch array types, so a
 * JavaScript array would not be sent as one. A null is the array's NULL.
 */
export function arrayLiteral(values: readonly (string | null)[]): string {
  const element = (value: string | null) =>
    value === null ? 'NULL' : `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`
  return `{${values.map(element).join(',')}}`
}
