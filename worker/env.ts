import type { PaddleEnv } from './billing/paddle-settings'

/** The worker's bindings and settings (wrangler.toml, `.dev.vars` locally, secrets in production). */
export interface Env extends PaddleEnv {
  ASSETS: Fetcher
  HYPERDRIVE: Hyperdrive
  /** The API's budget of writes per caller (worker/api/api-rate-limit.ts). */
  API_WRITE_LIMITER: RateLimit
  /** The API's budget of reads per caller. */
  API_READ_LIMITER: RateLimit
  /** Asking a price service now, per caller ("refresh prices now"). */
  API_PRICE_REFRESH_LIMITER: RateLimit
  /** Looking an instrument up at the price services, per caller (worker/lookup/). */
  API_LOOKUP_LIMITER: RateLimit
  /** Calling Paddle for a caller: a checkout, a portal link, a period change, an invoice. */
  API_BILLING_LIMITER: RateLimit
  /** Sign-in, sign-up, code and recovery attempts per visitor address (worker/auth/attempt-limits.ts). */
  AUTH_VISITOR_LIMITER: RateLimit
  /** The same attempts per email address, across all visitors. */
  AUTH_EMAIL_LIMITER: RateLimit
  /** Base URL of Supabase (auth at `${SUPABASE_URL}/auth/v1`). */
  SUPABASE_URL: string
  SUPABASE_ANON_KEY?: string
  /**
   * The project's secret API key (`sb_secret_…`, a secret: `wrangler secret put SUPABASE_SECRET_KEY`).
   * With it, the worker's auth requests tell the auth service each visitor's address
   * (`Sb-Forwarded-For`), so its per-address limits count visitors, not the worker; it also signs
   * the known-device cookie. Optional: docs/security.md says what changes without it.
   */
  SUPABASE_SECRET_KEY?: string
  /** The public origin, e.g. https://kiymet.app; without it, the request's origin is used. */
  SITE_URL?: string
  /** Workers Analytics Engine dataset for page views; without it, page views are dropped. */
  ANALYTICS?: AnalyticsEngineDataset
  /** Base URL of the ECB's reference rates; default https://www.ecb.europa.eu/stats/eurofxref. */
  FX_ECB_URL?: string
  /** Base URL of the TCMB's indicative rates; default https://www.tcmb.gov.tr/kurlar. */
  FX_TCMB_URL?: string
  /** Base URL of Yahoo Finance's chart API (share and ETF prices); default https://query1.finance.yahoo.com. */
  QUOTES_YAHOO_URL?: string
  /** Base URL of Yahoo Finance's search (looking instruments up); default https://query2.finance.yahoo.com. */
  QUOTES_YAHOO_SEARCH_URL?: string
  /** Base URL of TEFAS (fund prices); default https://www.tefas.gov.tr. */
  QUOTES_TEFAS_URL?: string
  /** Base URL of CoinGecko's public API; default https://api.coingecko.com/api/v3. */
  QUOTES_COINGECKO_URL?: string
  /** Base URL of EODHD's API; default https://eodhd.com/api. */
  QUOTES_EODHD_URL?: string
  /** The EODHD API token (a secret: `wrangler secret put EODHD_API_KEY`); without it, EODHD is off. */
  EODHD_API_KEY?: string
  /** The exchanges EODHD prices instead of Yahoo Finance (`bist,xetra`, or `all`); default none. */
  QUOTES_EODHD_MARKETS?: string
  /** Base URL of Borsa Istanbul (the catalog's shares, `/datum/hisse_endeks_ds.csv`); default https://www.borsaistanbul.com. */
  CATALOG_BIST_URL?: string
  /** Base URL of MKK's ISIN portal (Borsa Istanbul shares' ISINs); default https://www.isinturkiye.com.tr. */
  CATALOG_MKK_URL?: string
  /** Base URL of TEFAS (the catalog's funds); default https://www.tefas.gov.tr. */
  CATALOG_TEFAS_URL?: string
  /** Base URL of Deutsche Börse's cash market site (Xetra's instruments file); default https://www.cashmarket.deutsche-boerse.com. */
  CATALOG_XETRA_URL?: string
  /** Base URL of Nasdaq Trader's symbol directory (US exchanges); default https://www.nasdaqtrader.com. */
  CATALOG_NASDAQ_URL?: string
  /** Base URL of the S&P 500 constituents list; default https://raw.githubusercontent.com/datasets/s-and-p-500-companies/main. */
  CATALOG_SP500_URL?: string
}

/** The Hono environment of every route and middleware of the worker. */
export type AppEnv = { Bindings: Env }

/** The name of a Rate Limiting binding of `Env`. */
type RateLimitBinding = {
  [Name in keyof Env]-?: Env[Name] extends RateLimit ? Name : never
}[keyof Env]

/**
 * A budget counted by a Rate Limiting binding: at most `limit` in each `period` (seconds, 10 or
 * 60), as wrangler.toml's `[[ratelimits]]` declare it (the numbers here are for messages,
 * `Retry-After` and the docs; tests hold both equal).
 */
export interface RateBudget {
  binding: RateLimitBinding
  limit: number
  period: 10 | 60
}
