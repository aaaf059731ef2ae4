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

/** Escapes `%`, `_` and `\` so user text matches literally inside a LIKE pattern. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}
