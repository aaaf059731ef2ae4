import { INSTRUMENT_CODE_PATTERN } from '../../shared/api/schemas/instrument'
import { isValidIsin } from '../../shared/portfolio/isin'
import { priceSourceProblem } from '../../shared/portfolio/price-providers'
import type { CatalogLine } from './catalog-source'

/** The longest name the catalog stores (`instruments_name_check`). */
const NAME_MAX = 120

/**
 * A source's name as the catalog stores it: spaces collapsed, at most 120 characters (cut at a
 * word where it can be); null when nothing is left.
 */
export function lineName(text: string): string | null {
  const name = text.replace(/\s+/g, ' ').trim()
  if (name.length <= NAME_MAX) return name === '' ? null : name
  const cut = name.slice(0, NAME_MAX + 1)
  const space = cut.lastIndexOf(' ')
  return (space > NAME_MAX / 2 ? cut.slice(0, space) : cut.slice(0, NAME_MAX)).trim()
}

/** An ISIN as given, upper case, or null when it is empty or fails its check digit. */
export function lineIsin(text: string | null | undefined): string | null {
  const isin = (text ?? '').trim().toUpperCase()
  return isValidIsin(isin) ? isin : null
}

/**
 * Whether a line fits the catalog's checks: its code, and its price symbol's shape and currency
 * as `shared/portfolio/price-providers.ts` (and the database) take them.
 */
export function isStorableLine(line: CatalogLine): boolean {
  return (
    INSTRUMENT_CODE_PATTERN.test(line.code) &&
    priceSourceProblem(line.priceProvider, line.priceSymbol, line.currency) === null
  )
}

/** Each (code, exchange) once, the first kept: a source may list a line more than once. */
export function uniqueLines(lines: readonly CatalogLine[]): CatalogLine[] {
  const seen = new Set<string>()
  return lines.filter((line) => {
    const key = `${line.code} ${line.exchange}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
