import type { PriceProvider } from '../../shared/portfolio/price-providers'
import type { QuoteHttp } from './quote-http'

/** The settings the quote providers read (wrangler.toml, `.dev.vars`, secrets). */
export interface QuoteEnv {
  /** Yahoo Finance's chart API (share and ETF prices); default https://query1.finance.yahoo.com */
  QUOTES_YAHOO_URL?: string
  /**
   * Yahoo Finance's search, for looking an instrument up (worker/lookup/); default
   * https://query2.finance.yahoo.com, the host its own pages and the open-source clients ask.
   */
  QUOTES_YAHOO_SEARCH_URL?: string
  /** TEFAS (fund prices); default https://www.tefas.gov.tr (tests and dev use a fixture server). */
  QUOTES_TEFAS_URL?: string
  /** CoinGecko's public API; default https://api.coingecko.com/api/v3 */
  QUOTES_COINGECKO_URL?: string
  /** EODHD's API; default https://eodhd.com/api */
  QUOTES_EODHD_URL?: string
  /**
   * The EODHD API token (a secret: `wrangler secret put EODHD_API_KEY`); without it the EODHD
   * provider is off.
   */
  EODHD_API_KEY?: string
  /**
   * The exchanges EODHD prices instead of Yahoo Finance when it has its key: `LISTING_VENUES`
   * keys separated by commas (`bist,xetra`), or `all`. Default none.
   */
  QUOTES_EODHD_MARKETS?: string
}

/** One symbol to fetch: its daily closes from `from` to `to` (inclusive, `YYYY-MM-DD`). */
export interface QuoteRequest {
  symbol: string
  /** The currency the instruments it feeds are in (CoinGecko prices in any; others check it). */
  currency: string
  from: string
  to: string
}

/** One daily close: `close` is a plain decimal string above zero, never a float. */
export interface QuoteClose {
  symbol: string
  currency: string
  /** `YYYY-MM-DD`, the trading day it closes. */
  date: string
  close: string
}

/** How hard a provider may be asked: its own rate limit. */
export interface QuoteLimits {
  /** The least time between two requests to it, retries included. */
  minIntervalMs: number
  /** How many symbols one fetch may ask for. */
  batchSize: number
  /** How many days one request may span; longer ranges are asked in slices. */
  maxDaysPerRequest: number
  /** How far back from today it serves closes at all (an instrument bought earlier starts there). */
  maxHistoryDays: number
}

/**
 * A source of daily closes. The scheduled job (refresh-quotes.ts) decides what to ask for and
 * stores what comes back; a provider only fetches and parses, through the `http` the job gives it
 * (its rate limit, retries and back-off). A symbol the provider does not know yields no closes;
 * a failed request or a body not in the provider's format throws a `QuoteError`.
 */
export interface QuoteProvider {
  readonly name: PriceProvider
  readonly limits: QuoteLimits
  /** Off (a key nobody configured): the job skips it and the screens say prices are manual. */
  enabled(env: QuoteEnv): boolean
  /** The closes of up to `limits.batchSize` symbols, each over its own range. */
  fetchCloses(env: QuoteEnv, batch: readonly QuoteRequest[], http: QuoteHttp): Promise<QuoteClose[]>
}
