import type { QuoteErrorCode } from '../../shared/api/schemas'
import type { DatabaseEnv } from '../db/run-as-user'
import { logJobError } from '../errors/log'
import { badResponse, QuoteError } from '../quotes/quote-error'
import { createQuoteHttp, DEFAULT_HTTP_OPTIONS, type QuoteHttpOptions } from '../quotes/quote-http'
import { bistSource } from './bist-source'
import {
  bistSharesWithoutIsin,
  listedLineCount,
  recordSourceOutcome,
  storeBistIsins,
  storeCatalogLines,
  type StoredCatalog,
} from './catalog-store'
import type { CatalogEnv, CatalogSource, CatalogSourceName } from './catalog-source'
import { lookUpBistIsins } from './mkk-isin'
import { tefasSource } from './tefas-source'
import { usSource } from './us-source'
import { xetraSource } from './xetra-source'

/**
 * The Cron Trigger of this job (wrangler.toml): weekdays at 05:00 UTC, after the night's quote
 * run and before the morning's, so the catalog's TEFAS requests do not share TEFAS's six a minute
 * with the quote job's; the sources change on trading days.
 */
export const CATALOG_CRON = '0 5 * * 1-5'

/** Every source, in the order their results are reported. */
export const CATALOG_SOURCE_LIST: readonly CatalogSource[] = [
  bistSource,
  tefasSource,
  xetraSource,
  usSource,
]

/**
 * A list shorter than this share of the lines its source keeps now is refused whole: a source
 * that answers a cut-short or emptied list would otherwise mark most of its lines unlisted.
 */
export const MIN_LIST_SHARE = 0.5

/** Borsa Istanbul shares whose ISIN is asked of MKK a run (each takes one to four requests). */
export const ISIN_LOOKUPS_PER_RUN = 30

/** MKK's portal asks for a low rate. */
const MKK_INTERVAL_MS = 1_000

export interface CatalogJobEnv extends DatabaseEnv, CatalogEnv {}

/** What one source's run did. */
export interface CatalogRefreshResult extends StoredCatalog {
  source: CatalogSourceName
  /** Lines the source listed. */
  lines: number
  /** Borsa Istanbul shares whose ISIN MKK gave this run. */
  isins?: number
  /**
   * The failure, if any: a source's is what `catalog_source_status` records; `job_failed` is
   * the job's own (the database's, say), which leaves the status as it was.
   */
  error?: { code: QuoteErrorCode | 'job_failed'; message: string }
}

export interface CatalogRefreshOptions {
  sources?: readonly CatalogSource[]
  /** Pacing and retries (tests make `sleep` instant). */
  http?: Partial<Omit<QuoteHttpOptions, 'minIntervalMs'>>
}

/**
 * The scheduled catalog refresh: each source's list is fetched and stored whole (see
 * `storeCatalogLines`), then MKK is asked for the ISINs of a few Borsa Istanbul shares without
 * one. Sources run side by side and independently: one failing is logged and recorded in its
 * status, stores nothing, and leaves the others. Running it again changes nothing.
 */
export async function refreshCatalog(
  env: CatalogJobEnv,
  now: Date,
  options: CatalogRefreshOptions = {},
): Promise<CatalogRefreshResult[]> {
  const sources = options.sources ?? CATALOG_SOURCE_LIST
  return Promise.all(sources.map((source) => refreshSource(env, source, now, options)))
}

async function refreshSource(
  env: CatalogJobEnv,
  source: CatalogSource,
  now: Date,
  options: CatalogRefreshOptions,
): Promise<CatalogRefreshResult> {
  const httpOptions = { ...DEFAULT_HTTP_OPTIONS, ...options.http }
  const http = createQuoteHttp({ ...httpOptions, minIntervalMs: source.minIntervalMs })
  const result: CatalogRefreshResult = {
    source: source.name,
    lines: 0,
    added: 0,
    changed: 0,
    unlisted: 0,
  }
  try {
    try {
      const lines = await source.fetchLines(env, http)
      result.lines = lines.length
      const kept = await listedLineCount(env, source.name)
      if (lines.length === 0 || lines.length < kept * MIN_LIST_SHARE) {
        throw badResponse(source.name, `${lines.length} lines where the catalog lists ${kept}`)
      }
      Object.assign(result, await storeCatalogLines(env, source.name, lines, now))
      if (source.name === 'bist') result.isins = await lookUpIsins(env, httpOptions, now)
      await recordSourceOutcome(env, source.name, { ok: true, at: new Date(), lines: lines.length })
    } catch (error) {
      if (!(error instanceof QuoteError)) throw error
      result.error = { code: error.code, message: error.message }
      logJobError('catalog-refresh', error, { source: source.name, code: error.code })
      await recordSourceOutcome(env, source.name, {
        ok: false,
        at: new Date(),
        code: error.code,
        message: error.message,
      })
    }
  } catch (error) {
    // Not the source's failure (the database's, say): logged, and its status left as it was.
    logJobError('catalog-refresh', error, { source: source.name })
    const message = error instanceof Error ? error.message : String(error)
    result.error = { code: 'job_failed', message }
  }
  return result
}

/**
 * Asks MKK for the ISINs of the shares without one that it was asked about longest ago, and
 * records the asking; a failure of MKK is the Borsa Istanbul source's (the shares stay stored).
 */
async function lookUpIsins(
  env: CatalogJobEnv,
  httpOptions: Omit<QuoteHttpOptions, 'minIntervalMs'>,
  now: Date,
): Promise<number> {
  const shares = await bistSharesWithoutIsin(env, ISIN_LOOKUPS_PER_RUN)
  const http = createQuoteHttp({ ...httpOptions, minIntervalMs: MKK_INTERVAL_MS })
  const found = await lookUpBistIsins(env, http, shares)
  return storeBistIsins(
    env,
    shares.map((share) => share.code),
    found,
    now,
  )
}
