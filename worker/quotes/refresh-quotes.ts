import type { QuoteErrorCode } from '../../shared/api/schemas'
import { instrumentMarket } from '../../shared/markets/instrument-market'
import { isMarketOpen } from '../../shared/markets/market-calendar'
import type { PriceProvider } from '../../shared/portfolio/price-providers'
import type { DatabaseEnv } from '../db/run-as-user'
import { logJobError } from '../errors/log'
import { addDays } from '../fx/fx-dates'
import { utcDay } from '../portfolio/iso-date'
import { QuoteError } from './quote-error'
import { createQuoteHttp, DEFAULT_HTTP_OPTIONS, type QuoteHttpOptions } from './quote-http'
import type { QuoteEnv, QuoteProvider, QuoteRequest } from './quote-provider'
import { QUOTE_PROVIDERS } from './quote-providers'
import { quoteFeed, type QuoteFeed } from './quote-feed'
import {
  pricedInstruments,
  recordAttempts,
  type QuoteAttempt,
  recordProviderOutcome,
  upsertCloses,
  type PricedInstrument,
  type StoredClose,
} from './quote-store'

/**
 * The Cron Triggers that run this job (wrangler.toml): 01:00 UTC, after the day's exchange
 * closes and CoinGecko's UTC day (published 00:35), and 09:00 UTC, a second chance the same
 * morning after a provider failed (and for TEFAS prices published in the Istanbul morning).
 */
export const QUOTES_CRONS = ['0 1 * * *', '0 9 * * *'] as const

/** How far back an instrument without provider prices is filled: the keyless and free plans' year. */
export const BACKFILL_DAYS = 365

/** How long one provider's run may go on; the rest waits for the next run (a cron may run 15 min). */
export const PROVIDER_BUDGET_MS = 10 * 60_000

/**
 * The most own instruments of one user a provider's run refreshes (beyond symbols the catalog
 * shares): one user's many symbols cannot take the whole budget; the rest wait for later runs.
 */
export const OWN_INSTRUMENTS_PER_USER = 20

/** Failures that are the provider's, not one symbol's: its run stops at the first. */
const PROVIDER_WIDE: ReadonlySet<QuoteErrorCode> = new Set([
  'unreachable',
  'server_error',
  'rate_limited',
  'unauthorized',
  'quota_exceeded',
])

export interface QuotesJobEnv extends DatabaseEnv, QuoteEnv {}

/** What one provider's run did. */
export interface QuotesRefreshResult {
  provider: PriceProvider
  /** Symbol ranges asked for. */
  requested: number
  /** Price rows new or changed. */
  changed: number
  /**
   * The last failure, if any: a provider's is what `quote_provider_status` records; `job_failed`
   * is the job's own (the database's, say), which leaves the status as it was.
   */
  error?: { code: QuoteErrorCode | 'job_failed'; message: string }
}

export interface QuotesRefreshOptions {
  providers?: readonly QuoteProvider[]
  /** Pacing and retries (tests make `sleep` instant). */
  http?: Partial<Omit<QuoteHttpOptions, 'minIntervalMs'>>
  budgetMs?: number
}

/** An instrument with the provider and symbol this installation fetches its closes from. */
export type FedInstrument = PricedInstrument & { feed: QuoteFeed }

/** The instruments fed by one symbol, and the range their closes are missing for. */
export interface SymbolGroup {
  request: QuoteRequest
  instruments: FedInstrument[]
  /** Whether a catalog instrument is among them. */
  catalog: boolean
  /** When the provider was last asked for the symbol; null: never. */
  lastTried: Date | null
}

const symbolKey = (instrument: FedInstrument) => `${instrument.feed.symbol} ${instrument.currency}`

/** The range of closes missing for one instrument: after its newest, up to yesterday. */
function missingRange(instrument: FedInstrument, today: string): QuoteRequest {
  const earliest = addDays(today, -BACKFILL_DAYS)
  const next = instrument.newest === null ? earliest : addDays(instrument.newest, 1)
  // Up to yesterday: the runs come before any market closes the day they run on.
  const to = addDays(today, -1)
  const from = next < earliest ? earliest : next
  return { symbol: instrument.feed.symbol, currency: instrument.currency, from, to }
}

/**
 * The instruments this run refreshes for one provider: every catalog one and every own one a
 * catalog symbol feeds anyway, and of each user's other own instruments missing a close the
 * {@link OWN_INSTRUMENTS_PER_USER} whose symbols were asked for longest ago (never first).
 */
function chosenInstruments(
  provider: QuoteProvider,
  instruments: readonly FedInstrument[],
  today: string,
): FedInstrument[] {
  const fed = instruments.filter((instrument) => instrument.feed.provider === provider.name)
  const catalogSymbols = new Set(
    fed.filter((instrument) => instrument.ownerId === null).map(symbolKey),
  )
  const chosen: FedInstrument[] = []
  const perUser = new Map<string, FedInstrument[]>()
  for (const instrument of fed) {
    if (instrument.ownerId === null || catalogSymbols.has(symbolKey(instrument))) {
      chosen.push(instrument)
    } else if (mayHaveCloses(provider, missingRange(instrument, today))) {
      perUser.set(instrument.ownerId, [...(perUser.get(instrument.ownerId) ?? []), instrument])
    }
  }
  for (const own of perUser.values()) {
    chosen.push(...own.sort(byLastTried).slice(0, OWN_INSTRUMENTS_PER_USER))
  }
  return chosen
}

/** Never tried first, then the longest ago. */
function byLastTried(a: { lastTried: Date | null }, b: { lastTried: Date | null }): number {
  if (a.lastTried === null || b.lastTried === null) {
    return (a.lastTried === null ? 0 : 1) - (b.lastTried === null ? 0 : 1)
  }
  return a.lastTried.getTime() - b.lastTried.getTime()
}

function groupsOf(instruments: readonly FedInstrument[], today: string): SymbolGroup[] {
  const groups = new Map<string, SymbolGroup>()
  for (const instrument of instruments) {
    const request = missingRange(instrument, today)
    const catalog = instrument.ownerId === null
    const group = groups.get(symbolKey(instrument))
    if (group) {
      if (request.from < group.request.from) group.request.from = request.from
      group.instruments.push(instrument)
      group.catalog ||= catalog
    } else {
      const lastTried = instrument.lastTried
      groups.set(symbolKey(instrument), { request, instruments: [instrument], catalog, lastTried })
    }
  }
  return [...groups.values()]
}

/**
 * The order symbols are asked in: the catalog's first, the stalest of them first; then users'
 * own, the one asked for longest ago first, so a symbol that yields nothing (a typo, a coin the
 * provider lacks) moves to the back instead of going first every run.
 */
function requestOrder(a: SymbolGroup, b: SymbolGroup): number {
  if (a.catalog !== b.catalog) return a.catalog ? -1 : 1
  const tried = a.catalog ? 0 : byLastTried(a, b)
  if (tried !== 0) return tried
  return a.request.from < b.request.from ? -1 : a.request.from > b.request.from ? 1 : 0
}

/** Whether the market a symbol trades on was open on a day in [from, to], so it may have closes. */
export function mayHaveCloses(provider: QuoteProvider, request: QuoteRequest): boolean {
  const market = instrumentMarket({
    priceProvider: provider.name,
    priceSymbol: request.symbol,
    exchange: null,
  })
  for (let day = request.from; day <= request.to; day = addDays(day, 1)) {
    if (isMarketOpen(market, day)) return true
  }
  return false
}

/** A request's range in slices of at most `days` days, oldest first. */
function slices(request: QuoteRequest, days: number): QuoteRequest[] {
  const parts: QuoteRequest[] = []
  for (let from = request.from; from <= request.to; from = addDays(from, days)) {
    const end = addDays(from, days - 1)
    parts.push({ ...request, from, to: end < request.to ? end : request.to })
  }
  return parts
}

/**
 * The scheduled quote refresh: each enabled provider fetches, for every symbol instruments name
 * it with, the closes missing since its newest stored one (at most {@link BACKFILL_DAYS} back)
 * up to yesterday, the catalog's symbols first (see {@link requestOrder}; at most
 * {@link OWN_INSTRUMENTS_PER_USER} own instruments a user), and stores them batch by batch, so
 * what arrived before a failure is kept. Providers run independently: one failing is logged and
 * recorded in its status, and leaves the others. A run without a failure records the provider's
 * success. Storing is idempotent.
 */
export async function refreshQuotes(
  env: QuotesJobEnv,
  now: Date,
  options: QuotesRefreshOptions = {},
): Promise<QuotesRefreshResult[]> {
  const providers = (options.providers ?? Object.values(QUOTE_PROVIDERS)).filter((provider) =>
    provider.enabled(env),
  )
  const today = utcDay(now)
  const names = new Set(providers.map((provider) => provider.name))
  // Instruments that name Yahoo Finance are read too when EODHD prices some of their exchanges.
  const instruments = (await pricedInstruments(env, [...names, 'yahoo']))
    .map((instrument) => ({ ...instrument, feed: quoteFeed(instrument, env) }))
    .filter((instrument) => names.has(instrument.feed.provider))
  return Promise.all(
    providers.map((provider) => refreshProvider(env, provider, instruments, today, options)),
  )
}

async function refreshProvider(
  env: QuotesJobEnv,
  provider: QuoteProvider,
  instruments: readonly FedInstrument[],
  today: string,
  options: QuotesRefreshOptions,
): Promise<QuotesRefreshResult> {
  const httpOptions = { ...DEFAULT_HTTP_OPTIONS, ...options.http }
  const result: QuotesRefreshResult = { provider: provider.name, requested: 0, changed: 0 }
  const groups = groupsOf(chosenInstruments(provider, instruments, today), today)
    .filter((group) => mayHaveCloses(provider, group.request))
    .sort(requestOrder)
  try {
    const outcome = await fetchGroups(env, provider, groups, {
      http: httpOptions,
      deadline: httpOptions.now() + (options.budgetMs ?? PROVIDER_BUDGET_MS),
      where: 'quotes-refresh',
    })
    result.requested = outcome.requested
    result.changed = outcome.changed
    if (outcome.failure) {
      result.error = outcome.failure
      const at = new Date()
      await recordProviderOutcome(env, provider.name, { ok: false, at, ...outcome.failure })
    } else if (result.requested > 0) {
      await recordProviderOutcome(env, provider.name, { ok: true, at: new Date() })
    }
  } catch (error) {
    // Not the provider's failure (the database's, say): logged, and its status left as it was.
    logJobError('quotes-refresh', error, { provider: provider.name, changed: result.changed })
    const message = error instanceof Error ? error.message : String(error)
    result.error = { code: 'job_failed', message }
  }
  return result
}

/** What asking one provider for some symbols did. */
export interface FetchOutcome {
  /** Symbol ranges asked for. */
  requested: number
  /** Price rows new or changed. */
  changed: number
  /** The last failure that was the provider's or a symbol's, if any. */
  failure?: { code: QuoteErrorCode; message: string }
}

/**
 * Asks `provider` for each group's range, in slices and batches as its limits say, paced and
 * retried, and stores each batch as it arrives, so what arrived before a failure is kept. Goes on
 * after a symbol's failure (recorded as an attempt) and stops at the provider's, or at the
 * deadline. A failure of the database throws.
 */
export async function fetchGroups(
  env: QuotesJobEnv,
  provider: QuoteProvider,
  groups: readonly SymbolGroup[],
  options: { http: Omit<QuoteHttpOptions, 'minIntervalMs'>; deadline: number; where: string },
): Promise<FetchOutcome> {
  const http = createQuoteHttp({ ...options.http, minIntervalMs: provider.limits.minIntervalMs })
  const requests = groups.flatMap((group) =>
    slices(group.request, provider.limits.maxDaysPerRequest).map((request) => ({ request, group })),
  )
  const outcome: FetchOutcome = { requested: 0, changed: 0 }
  for (let start = 0; start < requests.length; start += provider.limits.batchSize) {
    if (options.http.now() > options.deadline) break
    const batch = requests.slice(start, start + provider.limits.batchSize)
    outcome.requested += batch.length
    try {
      const closes = await provider.fetchCloses(
        env,
        batch.map((item) => item.request),
        http,
      )
      outcome.changed += await upsertCloses(env, storedCloses(provider.name, batch, closes))
      await recordAttempts(env, batchSymbols(batch), new Date())
    } catch (error) {
      if (!(error instanceof QuoteError)) throw error
      // The symbol's failure: it was tried. The provider's says nothing of the symbol.
      if (!PROVIDER_WIDE.has(error.code)) {
        await recordAttempts(env, batchSymbols(batch), new Date())
      }
      outcome.failure = { code: error.code, message: error.message }
      logJobError(options.where, error, { provider: provider.name, code: error.code })
      if (PROVIDER_WIDE.has(error.code)) break
    }
  }
  return outcome
}

/**
 * The sources a batch asked for, each once (a long range is asked in several slices), as its
 * instruments name them: a symbol EODHD was asked for in Yahoo Finance's place is recorded as
 * the Yahoo Finance symbol the instruments name, so the order of requests follows it.
 */
function batchSymbols(batch: readonly { group: SymbolGroup }[]): QuoteAttempt[] {
  const symbols = new Map<string, QuoteAttempt>()
  for (const { group } of batch) {
    for (const { provider, symbol, currency } of group.instruments) {
      symbols.set(`${provider} ${symbol} ${currency}`, { provider, symbol, currency })
    }
  }
  return [...symbols.values()]
}

/** The closes of a batch for each instrument its symbols feed, within each asked range. */
function storedCloses(
  source: PriceProvider,
  batch: readonly { request: QuoteRequest; group: SymbolGroup }[],
  closes: readonly { symbol: string; currency: string; date: string; close: string }[],
): StoredClose[] {
  const stored: StoredClose[] = []
  for (const { request, group } of batch) {
    for (const close of closes) {
      if (close.symbol !== request.symbol || close.currency !== request.currency) continue
      if (close.date < request.from || close.date > request.to) continue
      for (const instrument of group.instruments) {
        stored.push({
          instrumentId: instrument.id,
          ownerId: instrument.ownerId,
          date: close.date,
          close: close.close,
          source,
        })
      }
    }
  }
  return stored
}
