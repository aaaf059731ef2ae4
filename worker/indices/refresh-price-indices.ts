import type { DatabaseEnv } from '../db/run-as-user'
import { logJobError } from '../errors/log'
import { utcDay } from '../portfolio/iso-date'
import { createBlsProvider } from './bls-provider'
import { createBundesbankProvider } from './bundesbank-provider'
import { createEcbIndexProvider } from './ecb-provider'
import { createEvdsProvider } from './evds-provider'
import { addMonths, monthOfDay, monthRanges } from './months'
import { PRICE_INDICES, type PriceIndexDefinition } from './price-index-catalog'
import type { PriceIndexProvider } from './price-index-provider'
import { newestIndexMonth, upsertIndexValues } from './price-index-store'

/**
 * The Cron Trigger this job runs on (wrangler.toml): the FX job's weekday run at 16:30 UTC, as
 * the free plan allows five triggers and all five are taken. By then every source has published
 * what it publishes that day (TÜİK 10:00 Istanbul, Destatis and Eurostat in the European
 * morning, the BLS 8:30 in Washington).
 */
export const PRICE_INDICES_CRON = '30 16 * * 1-5'

/**
 * Each run asks again for this many months before the newest stored one: a source that revises
 * a recent month (a flash estimate replaced, a correction) has it replaced within a few runs.
 */
export const REVISION_MONTHS = 3

/** The settings the price index job reads (tests and dev point the URLs at a stand-in). */
export interface PriceIndexEnv extends DatabaseEnv {
  /** The TCMB's EVDS 3 web service; default https://evds3.tcmb.gov.tr/igmevdsms-dis */
  INDICES_EVDS_URL?: string
  /**
   * The user's EVDS API key (a secret: `wrangler secret put EVDS_API_KEY`; free with an EVDS
   * account). Without it, Turkey's indices are not fetched and lookups find none.
   */
  EVDS_API_KEY?: string
  /** The ECB Data Portal's web service; default https://data-api.ecb.europa.eu/service */
  INDICES_ECB_URL?: string
  /** The Bundesbank's SDMX web service; default https://api.statistiken.bundesbank.de/rest */
  INDICES_BUNDESBANK_URL?: string
  /**
   * The BLS Public Data API; default https://api.bls.gov/publicAPI/v1, or …/v2 with a key.
   */
  INDICES_BLS_URL?: string
  /**
   * Optional: a free BLS registration key (a secret: `wrangler secret put BLS_API_KEY`), for
   * version 2's 500 requests a day; version 1's 25 are shared by everyone on the Worker's address.
   */
  BLS_API_KEY?: string
}

/** What one index's refresh did: rows new or changed, and the error that stopped it, if any. */
export interface PriceIndexRefreshResult {
  index: string
  changed: number
  error?: string
}

/** The providers `env` allows: EVDS only with its key. */
export function priceIndexProviders(env: PriceIndexEnv): PriceIndexProvider[] {
  const evds = createEvdsProvider({ baseUrl: env.INDICES_EVDS_URL, key: env.EVDS_API_KEY })
  return [
    ...(evds ? [evds] : []),
    createEcbIndexProvider({ baseUrl: env.INDICES_ECB_URL }),
    createBundesbankProvider({ baseUrl: env.INDICES_BUNDESBANK_URL }),
    createBlsProvider({ baseUrl: env.INDICES_BLS_URL, key: env.BLS_API_KEY }),
  ]
}

/**
 * The scheduled price index refresh: every index whose source has a provider gets the months it
 * lacks up to `now`'s month — from its first month on an empty table, else from
 * {@link REVISION_MONTHS} before its newest stored month — asked a part at a time (a source's
 * limit on one request) and stored part by part, so what arrived before a failure is kept. A
 * discontinued index that has values is not asked again. Sources run side by side, the indices
 * of one source one after another; one failing is logged and leaves the others. Storing is
 * idempotent, so runs may overlap or repeat.
 */
export async function refreshPriceIndices(
  env: PriceIndexEnv,
  now: Date,
  providers: PriceIndexProvider[] = priceIndexProviders(env),
): Promise<PriceIndexRefreshResult[]> {
  const thisMonth = monthOfDay(utcDay(now))
  const perSource = await Promise.all(
    providers.map(async (provider) => {
      const results: PriceIndexRefreshResult[] = []
      for (const index of PRICE_INDICES.filter((entry) => entry.source === provider.source)) {
        results.push(await refreshIndex(env, provider, index, thisMonth))
      }
      return results
    }),
  )
  return perSource.flat()
}

async function refreshIndex(
  env: PriceIndexEnv,
  provider: PriceIndexProvider,
  index: PriceIndexDefinition,
  thisMonth: string,
): Promise<PriceIndexRefreshResult> {
  const result: PriceIndexRefreshResult = { index: index.code, changed: 0 }
  try {
    const newest = await newestIndexMonth(env, index.code)
    if (newest !== null && index.discontinued) return result
    const revised = newest === null ? index.firstMonth : addMonths(newest, -REVISION_MONTHS)
    const from = revised > index.firstMonth ? revised : index.firstMonth
    for (const range of monthRanges(from, thisMonth, provider.monthsPerRequest)) {
      const values = await provider.fetchMonths(index, range.from, range.to)
      result.changed += await upsertIndexValues(env, values)
    }
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error)
    logJobError('price-index-refresh', error, { index: index.code, changed: result.changed })
  }
  return result
}
