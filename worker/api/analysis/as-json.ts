import { Decimal } from '../../portfolio'

/** An engine record as JSON carries it: every Decimal a plain decimal string. */
export type AsJson<T> = T extends Decimal
  ? string
  : T extends readonly (infer Item)[]
    ? AsJson<Item>[]
    : T extends object
      ? { [Key in keyof T]: AsJson<T[Key]> }
      : T

/**
 * Turns the engine's Decimals into decimal strings, deeply, with types to match: the figures
 * stay exact (never a float) in the API's JSON.
 * @example asJson({ value: decimal('1.50') }) // { value: '1.5' }
 */
export function asJson<T>(value: T): AsJson<T> {
  if (value instanceof Decimal) return value.toString() as AsJson<T>
  if (Array.isArray(value)) return value.map((item: unknown) => asJson(item)) as AsJson<T>
  if (typeof value === 'object' && value !== null) {
    const result: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) result[key] = asJson(item)
    return result as AsJson<T>
  }
  return value as AsJson<T>
}
