import type { LookupCandidate, LookupProvider } from '../../shared/api/schemas'
import type { QuoteHttp } from '../quotes/quote-http'
import type { QuoteEnv } from '../quotes/quote-provider'

/**
 * A price service's own search, for instruments the catalog lacks: what it lists under a code,
 * a name or an ISIN, as catalog rows it would price. Like a quote provider, a source only fetches
 * and parses, through the paced, retrying `http` it is given; a failed request or a body not in
 * the service's format throws a `QuoteError`.
 */
export interface LookupSource {
  readonly name: LookupProvider
  /** The least time between two requests to it: its quote provider's. */
  readonly minIntervalMs: number
  /** The instruments it lists that `query` names, best first, each symbol once. */
  search(env: QuoteEnv, query: string, http: QuoteHttp): Promise<LookupCandidate[]>
}

/** The longest name the catalog stores (`instruments_name_check`). */
const NAME_MAX_LENGTH = 120

/** Control characters, which no stored name may hold. */
const CONTROL_CHARACTERS = /\p{Cc}/gu

/**
 * A service's name for an instrument as the catalog stores it: one space between words, at most
 * 120 characters, or null when nothing is left.
 *
 * @example catalogName('  WASHTEC AG    I ') // 'WASHTEC AG I'
 */
export function catalogName(text: string): string | null {
  const name = text.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim()
  return name === '' ? null : name.slice(0, NAME_MAX_LENGTH).trim()
}
