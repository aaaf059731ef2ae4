import type { PaddleEnv } from './billing/paddle-settings'
import type { CatalogEnv } from './catalog/catalog-source'
import type { FxEnv } from './fx/refresh-fx-rates'
import type { PriceIndexEnv } from './indices/refresh-price-indices'
import type { QuoteEnv } from './quotes/quote-provider'

/**
 * The worker's bindings and settings (wrangler.toml, `.dev.vars` locally, secrets in production);
 * each job's and provider's own settings are declared where they are read.
 */
export interface Env extends PaddleEnv, FxEnv, PriceIndexEnv, QuoteEnv, CatalogEnv {
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
