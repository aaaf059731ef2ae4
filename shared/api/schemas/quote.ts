import { z } from 'zod'
import { PRICE_PROVIDERS } from '../../portfolio/price-providers'
import { isoDate, timestamp } from './common'

export const priceProviderSchema = z
  .enum(PRICE_PROVIDERS)
  .describe('Where the scheduled job fetches the daily closes (docs/quotes.md)')

/**
 * Why a provider's last attempt failed (`quote_provider_status.last_error_code`): not reached
 * (network, timeout), its servers failed (5xx), it kept limiting the rate (429), it refused the
 * key (401, 403) or the plan's quota (402), its answer was not in its format, or another 4xx.
 */
export const QUOTE_ERROR_CODES = [
  'unreachable',
  'server_error',
  'rate_limited',
  'unauthorized',
  'quota_exceeded',
  'bad_response',
  'http_error',
] as const
export type QuoteErrorCode = (typeof QUOTE_ERROR_CODES)[number]

/**
 * Where an instrument's price comes from, how that provider last did, and the day of the newest
 * close a provider wrote for it. `provider` null, or `enabled` false (a provider that needs a key
 * nobody configured), means prices are entered by hand.
 */
export const quoteStatusSchema = z.object({
  provider: priceProviderSchema.nullable(),
  symbol: z.string().nullable(),
  enabled: z.boolean(),
  /** The end of the provider's last run without an error; null before its first. */
  lastSuccessAt: timestamp.nullable(),
  /**
   * The provider's last failed run, when there was one. Only its code: the message operators read
   * (`quote_provider_status.last_error_message`) names symbols, other users' own ones too.
   */
  lastError: z.object({ at: timestamp, code: z.enum(QUOTE_ERROR_CODES) }).nullable(),
  /**
   * The newest close a provider wrote for this instrument (not a manual price), as the caller
   * may see it; null before the first, and when prices are entered by hand.
   */
  latestClose: z
    .object({ date: isoDate })
    .nullable()
    .describe('The day of the newest provider-written close; null before the first or by hand'),
})
export type QuoteStatus = z.infer<typeof quoteStatusSchema>

/** What asking the price service now did ("refresh prices now"). */
export const priceRefreshSchema = z.object({
  /** Price rows new or changed. */
  changed: z.number().int().nonnegative(),
  /** Why the price service's answer could not be used, when it could not. */
  error: z.enum(QUOTE_ERROR_CODES).nullable(),
  status: quoteStatusSchema,
})
export type PriceRefresh = z.infer<typeof priceRefreshSchema>
