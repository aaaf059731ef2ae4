import type { DatabaseEnv } from '../db/run-as-user'
import { logJobError } from '../errors/log'
import { createEcbProvider } from './ecb-provider'
import { utcDay } from '../portfolio/iso-date'
import { addDays, previousWeekday } from './fx-dates'
import type { FxProvider, FxSource } from './fx-provider'
import { upsertRates, newestRateDate } from './fx-rates-store'
import { createTcmbProvider } from './tcmb-provider'

/** The settings the FX job reads: base URLs of the providers (tests and dev use fixture servers). */
export interface FxEnv extends DatabaseEnv {
  /** Base URL of the ECB's reference rates; default https://www.ecb.europa.eu/stats/eurofxref */
  FX_ECB_URL?: string
  /** Base URL of the TCMB's indicative rates; default https://www.tcmb.gov.tr/kurlar */
  FX_TCMB_URL?: string
}

/** What one provider's refresh did: rows new or changed, and the error that stopped it, if any. */
export interface FxRefreshResult {
  source: FxSource
  changed: number
  error?: string
}

/** The providers of a run on `today` (`YYYY-MM-DD`, UTC). */
export function fxProviders(env: FxEnv, today: string): FxProvider[] {
  return [
    createEcbProvider({ baseUrl: env.FX_ECB_URL, today }),
    createTcmbProvider({ baseUrl: env.FX_TCMB_URL }),
  ]
}

/**
 * The scheduled FX refresh: each provider fills what the table lacks up to `now`'s day — the
 * latest document when the newest stored day is the previous weekday or later, else the history
 * since the newest stored day (or the source's first day, within its backfill limit). Providers
 * run independently: one failing is logged and leaves the others, and every batch stored before
 * the failure, in place. Storing is idempotent, so runs may overlap or repeat.
 */
export async function refreshFxRates(
  env: FxEnv,
  now: Date,
  providers: FxProvider[] = fxProviders(env, utcDay(now)),
): Promise<FxRefreshResult[]> {
  const today = utcDay(now)
  return Promise.all(providers.map((provider) => refreshProvider(env, provider, today)))
}

async function refreshProvider(
  env: FxEnv,
  provider: FxProvider,
  today: string,
): Promise<FxRefreshResult> {
  const result: FxRefreshResult = { source: provider.id, changed: 0 }
  try {
    const newest = await newestRateDate(env, provider.id)
    if (newest !== null && newest >= previousWeekday(today)) {
      result.changed += await upsertRates(env, await provider.fetchLatest())
    } else {
      let from = newest === null ? provider.firstDate : addDays(newest, 1)
      if (provider.backfillLimitDays !== null) {
        const limit = addDays(today, -provider.backfillLimitDays)
        if (from < limit) from = limit
      }
      for await (const batch of provider.fetchHistory(from, today)) {
        result.changed += await upsertRates(env, batch)
      }
    }
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error)
    logJobError('fx-refresh', error, { source: provider.id, changed: result.changed })
  }
  return result
}
