import type { QuoteErrorCode } from '../../shared/api/schemas'
import { addDays } from '../fx/fx-dates'
import { utcDay } from '../portfolio/iso-date'
import { quoteFeed } from './quote-feed'
import { DEFAULT_HTTP_OPTIONS, type QuoteHttpOptions } from './quote-http'
import { QUOTE_PROVIDERS } from './quote-providers'
import { pricedInstruments } from './quote-store'
import {
  BACKFILL_DAYS,
  fetchGroups,
  mayHaveCloses,
  PROVIDER_BUDGET_MS,
  type FedInstrument,
  type QuotesJobEnv,
  type SymbolGroup,
} from './refresh-quotes'

/** An instrument whose prices are wanted from `from` (a transaction's day) up to today. */
export interface HistoryTarget {
  instrumentId: string
  /** `YYYY-MM-DD` */
  from: string
}

/**
 * A user waits for these requests: two attempts, a short back-off and timeout, so a provider
 * that is down costs seconds, not the night job's minute.
 */
export const ON_DEMAND_HTTP: Omit<QuoteHttpOptions, 'minIntervalMs'> = {
  ...DEFAULT_HTTP_OPTIONS,
  maxAttempts: 2,
  baseDelayMs: 1_000,
  maxDelayMs: 5_000,
  timeoutMs: 6_000,
}

export interface FillHistoryOptions {
  /** Ask even when the stored closes already reach `from` and today (the user asked for it). */
  force?: boolean
  /** Pacing and retries (tests make `sleep` instant). */
  http?: Partial<Omit<QuoteHttpOptions, 'minIntervalMs'>>
}

/** What filling did: price rows new or changed, and the last failure, if any. */
export interface FillHistoryResult {
  changed: number
  error: QuoteErrorCode | null
}

/**
 * Whether an instrument's stored closes already cover `from` up to today: the first close within
 * a week of `from` (a holiday, a weekend before it), and none missing since the newest.
 */
function covered(instrument: FedInstrument, from: string, today: string): boolean {
  const { newest, oldest, feed, currency } = instrument
  if (newest === null || oldest === null || oldest > addDays(from, 7)) return false
  const since = { symbol: feed.symbol, currency, from: addDays(newest, 1), to: today }
  return !mayHaveCloses(QUOTE_PROVIDERS[feed.provider], since)
}

/**
 * Fetches at once the closes instruments are missing from their targets' days (a year back at
 * least) up to today, as far back as each provider serves (an instrument just added, a purchase
 * dated before its first close), so its screens are right when they appear. A close of today is
 * the latest price; the night's run asks for the day again and keeps its final close.
 * Instruments without a provider, or whose provider is off here, are left alone; a provider's
 * failure is logged and answered, and nothing stored before it is lost.
 */
export async function fillHistory(
  env: QuotesJobEnv,
  targets: readonly HistoryTarget[],
  now: Date,
  options: FillHistoryOptions = {},
): Promise<FillHistoryResult> {
  const today = utcDay(now)
  // A year at least, so the instrument's own chart has its year whenever it was bought.
  const aYearAgo = addDays(today, -BACKFILL_DAYS)
  const wanted = new Map<string, string>()
  for (const { instrumentId, from } of targets) {
    const known = wanted.get(instrumentId) ?? aYearAgo
    wanted.set(instrumentId, from < known ? from : known)
  }
  const result: FillHistoryResult = { changed: 0, error: null }
  if (wanted.size === 0) return result
  const providers = Object.values(QUOTE_PROVIDERS).filter((provider) => provider.enabled(env))
  const instruments = (
    await pricedInstruments(
      env,
      providers.map((provider) => provider.name),
      [...wanted.keys()],
    )
  ).map((instrument): FedInstrument => ({ ...instrument, feed: quoteFeed(instrument, env) }))
  const http = { ...ON_DEMAND_HTTP, ...options.http }
  for (const provider of providers) {
    const groups = new Map<string, SymbolGroup>()
    for (const instrument of instruments) {
      if (instrument.feed.provider !== provider.name) continue
      const earliest = addDays(today, -provider.limits.maxHistoryDays)
      const asked = wanted.get(instrument.id) ?? today
      const from = asked < earliest ? earliest : asked
      if (!options.force && covered(instrument, from, today)) continue
      const key = `${instrument.feed.symbol} ${instrument.currency}`
      const group = groups.get(key)
      if (group) {
        if (from < group.request.from) group.request.from = from
        group.instruments.push(instrument)
      } else {
        const request = { symbol: instrument.feed.symbol, currency: instrument.currency, from }
        groups.set(key, {
          request: { ...request, to: today },
          instruments: [instrument],
          catalog: instrument.ownerId === null,
          lastTried: instrument.lastTried,
        })
      }
    }
    if (groups.size === 0) continue
    const outcome = await fetchGroups(env, provider, [...groups.values()], {
      http,
      deadline: http.now() + PROVIDER_BUDGET_MS,
      where: 'quotes-fill',
    })
    result.changed += outcome.changed
    if (outcome.failure) result.error = outcome.failure.code
  }
  return result
}
