import type {
  LookupAdd,
  LookupCandidate,
  LookupList,
  LookupProvider,
} from '../../shared/api/schemas'
import { logJobError } from '../errors/log'
import { ON_DEMAND_HTTP } from '../quotes/fill-history'
import { QuoteError } from '../quotes/quote-error'
import { createQuoteHttp, type QuoteHttpOptions } from '../quotes/quote-http'
import type { QuoteEnv } from '../quotes/quote-provider'
import { coinGeckoLookup } from './coingecko-lookup'
import type { LookupSource } from './lookup-source'
import { yahooLookup } from './yahoo-lookup'

/** Every service an instrument can be looked up at, in the order their candidates are listed. */
export const LOOKUP_SOURCES: Readonly<Record<LookupProvider, LookupSource>> = {
  yahoo: yahooLookup,
  coingecko: coinGeckoLookup,
}

/** Pacing and retries: a user waits, as for prices at once (tests make `sleep` instant). */
export type LookupHttpOptions = Partial<Omit<QuoteHttpOptions, 'minIntervalMs'>>

function searchAt(
  source: LookupSource,
  env: QuoteEnv,
  query: string,
  options: LookupHttpOptions,
): Promise<LookupCandidate[]> {
  const http = createQuoteHttp({
    ...ON_DEMAND_HTTP,
    ...options,
    minIntervalMs: source.minIntervalMs,
  })
  return source.search(env, query, http).catch((error: unknown) => {
    if (error instanceof QuoteError)
      logJobError('instrument-lookup', error, { provider: source.name })
    throw error
  })
}

/**
 * What every service lists under `query`, asked side by side. A service that fails is named in
 * `unavailable` and the others' candidates answer; when all fail, the first failure is thrown
 * (a `QuoteError`).
 */
export async function lookUpInstruments(
  env: QuoteEnv,
  query: string,
  options: LookupHttpOptions = {},
): Promise<LookupList> {
  const sources = Object.values(LOOKUP_SOURCES)
  const answers = await Promise.all(
    sources.map((source) =>
      searchAt(source, env, query, options).then(
        (candidates) => ({ source, candidates, error: null }),
        (error: unknown) => ({ source, candidates: [], error }),
      ),
    ),
  )
  const list: LookupList = { candidates: [], unavailable: [] }
  for (const { source, candidates, error } of answers) {
    // Anything but a service's failure is a bug, and no list hides it.
    if (error !== null && !(error instanceof QuoteError)) throw error
    if (error !== null) list.unavailable.push(source.name)
    list.candidates.push(...candidates)
  }
  const failure = answers.find((answer) => answer.error !== null)?.error
  if (list.unavailable.length === sources.length && failure) throw failure
  return list
}

/**
 * The one candidate a service lists under `symbol`, asked again (a client's name or currency is
 * never trusted), by the ISIN it was found by when one is given; null when it lists none. A
 * service that fails throws a `QuoteError`.
 */
export async function lookUpSymbol(
  env: QuoteEnv,
  wanted: LookupAdd,
  options: LookupHttpOptions = {},
): Promise<LookupCandidate | null> {
  const source = LOOKUP_SOURCES[wanted.provider]
  const candidates = await searchAt(source, env, wanted.isin ?? wanted.symbol, options)
  return candidates.find((candidate) => candidate.symbol === wanted.symbol) ?? null
}
