/** The central banks whose reference rates are stored (`public.fx_rates.source`). */
export type FxSource = 'ECB' | 'TCMB'

/** One published rate: `rate` units of `quote` per 1 `base` on `rateDate` (an exact decimal). */
export type FxRate = {
  source: FxSource
  base: string
  quote: string
  /** `YYYY-MM-DD`, the day the source published the rate. */
  rateDate: string
  /** A plain decimal string, never a float. */
  rate: string
}

/**
 * A source of official reference rates. The scheduled job (refresh-fx-rates.ts) asks each
 * provider for what the table lacks; a provider only fetches and parses.
 */
export interface FxProvider {
  readonly id: FxSource
  /** The first day the source has rates for. */
  readonly firstDate: string
  /** How many days back a backfill may reach at most (each day may cost a request); null: no bound. */
  readonly backfillLimitDays: number | null
  /** The newest day the source has published. */
  fetchLatest(): Promise<FxRate[]>
  /**
   * The published days from `from` to `to` (inclusive, `YYYY-MM-DD`) in batches, older days in
   * earlier batches, so what arrived before a failure can be kept and the next run goes on from
   * the newest stored day.
   */
  fetchHistory(from: string, to: string): AsyncIterable<FxRate[]>
}
