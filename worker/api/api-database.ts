import type { Context } from 'hono'
import type postgres from 'postgres'
import type { FormatLocale } from '../../shared/i18n/format-locale'
import type { Locale } from '../../shared/i18n/locales'
import type { AuthClaims } from '../auth/session'
import { withUserTransaction, type TransactionOptions } from '../db/run-as-user'
import type { AppEnv } from '../env'
import type { PriceProvider } from '../../shared/portfolio/price-providers'
import { quoteFeed, type QuoteFeed } from '../quotes/quote-feed'
import { enabledPriceProviders } from '../quotes/quote-providers'
import { dayInZone } from '../../shared/time/day-in-zone'
import { userTimeZone, zoneSettingsOf } from '../../shared/time/user-time-zone'
import { taxSettingsOf, type TaxSettings } from '../../shared/tax/tax-settings'
import { callerClaims } from './api-caller'
import { requestFormatLocale, requestLocale } from '../i18n/request-locale'

/** What every API query runs with: the transaction as the caller, who they are, their language. */
export interface ApiDb {
  sql: postgres.TransactionSql
  claims: AuthClaims
  locale: Locale
  /** How numbers and dates in its messages are written (requestFormatLocale). */
  formatLocale: FormatLocale
  /**
   * The caller's today (callerToday): the default date of reports, ranges and exports, and the
   * latest a transaction may have.
   */
  today: string
  /**
   * The caller's tax settings from their profile (residence, joint assessment, church tax), read
   * from the access token's user metadata as the zone is; unknown values count as not set.
   */
  tax: TaxSettings
  /** The quote providers that run here (EODHD only with its key): whose prices are fed. */
  priceProviders: ReadonlySet<PriceProvider>
  /** Where this installation fetches a price source's closes (an exchange EODHD prices). */
  quoteFeed: (source: QuoteFeed) => QuoteFeed
}

/**
 * An API request must answer within 3 s even when Postgres is down or stuck: 2 s to connect and
 * have the first statement answered (behind a pooler, an outage shows only there), and 2 s for
 * any one statement (a lock held elsewhere, an overloaded server), so the caller gets a 503
 * instead of a hang. The API's queries take milliseconds (docs/api.md, "Budget of the report").
 */
export const API_TRANSACTION_OPTIONS: TransactionOptions = {
  connectTimeout: 2,
  statementTimeoutMs: 2_000,
}

/**
 * An import writes up to IMPORT_LIMITS.rows transactions in one statement and lets the engine
 * check the whole portfolio inside the transaction: seconds, not milliseconds, at 50,000 rows.
 * Connecting keeps the API's 2 s limit, so an outage still answers 503 at once.
 */
export const IMPORT_TRANSACTION_OPTIONS: TransactionOptions = {
  connectTimeout: 2,
  statementTimeoutMs: 20_000,
}

/**
 * Runs `fn` in ONE Postgres transaction as the signed-in caller, so row-level security decides
 * what they see: another user's rows are simply not there (404, never 403). Throws 401 before
 * touching the database when nobody is signed in.
 *
 * @example const list = await asCaller(c, (db) => listPortfolios(db))
 */
export async function asCaller<T>(
  c: Context<AppEnv>,
  fn: (db: ApiDb) => Promise<T>,
  options: TransactionOptions = API_TRANSACTION_OPTIONS,
): Promise<T> {
  const claims = await callerClaims(c)
  return withUserTransaction(c.env, claims, (sql) => fn(apiDb(c, sql, claims)), options)
}

/**
 * What an API query runs with, in `sql` (a transaction as `claims`): the request's language and
 * formats, today, the caller's tax settings, and the price sources of this installation.
 */
export function apiDb(c: Context<AppEnv>, sql: postgres.TransactionSql, claims: AuthClaims): ApiDb {
  const locale = requestLocale(c)
  return {
    sql,
    claims,
    locale,
    formatLocale: requestFormatLocale(c),
    today: callerToday(claims, locale, new Date()),
    tax: taxSettingsOf(claims.user_metadata),
    priceProviders: enabledPriceProviders(c.env),
    quoteFeed: (source) => quoteFeed(source, c.env),
  }
}

/**
 * The day it is at `now` where the caller lives: in the zone their profile names, else their
 * language's, else that of the request's language (shared/time/user-time-zone.ts). Both are in
 * the access token's user metadata, which every request verifies anyway: no query is needed.
 * @example callerToday(claims, 'tr', new Date('2026-01-01T22:30:00Z')) // '2026-01-02' (Istanbul)
 */
function callerToday(claims: AuthClaims, requestLocale: Locale, now: Date): string {
  const { zone } = userTimeZone(zoneSettingsOf(claims.user_metadata), requestLocale)
  return dayInZone(now, zone)
}
