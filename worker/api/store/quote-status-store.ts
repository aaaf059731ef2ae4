import type postgres from 'postgres'
import type { Instrument, QuoteErrorCode, QuoteStatus } from '../../../shared/api/schemas'
import type { ApiDb } from '../api-database'
import { isoTimestamp } from './sql-values'

type Sql = postgres.TransactionSql

interface StatusRow {
  last_success_at: Date | null
  last_error_at: Date | null
  last_error_code: QuoteErrorCode | null
}

/**
 * Where an instrument's price comes from — the provider and symbol this installation fetches it
 * from (EODHD for an exchange the operator gave it) — and how that provider last did
 * (`quote_provider_status`, written by the scheduled job): `enabled` false when the provider
 * does not run here. The error's
 * message stays with operators: the status is shared, and the message names symbols (other
 * users' own instruments' too). `latestClose` is the day of the newest close a provider wrote for
 * the instrument (any source but 'manual'), among the prices row-level security shows the caller.
 */
export async function quoteStatusOf(
  sql: Sql,
  instrument: Instrument,
  quotes: Pick<ApiDb, 'priceProviders' | 'quoteFeed'>,
): Promise<QuoteStatus> {
  if (instrument.priceProvider === null || instrument.priceSymbol === null) {
    return {
      provider: null,
      symbol: null,
      enabled: false,
      lastSuccessAt: null,
      lastError: null,
      latestClose: null,
    }
  }
  const { provider, symbol } = quotes.quoteFeed({
    provider: instrument.priceProvider,
    symbol: instrument.priceSymbol,
  })
  const [row] = await sql<StatusRow[]>`
    select last_success_at, last_error_at, last_error_code
    from quote_provider_status where provider = ${provider}
  `
  const [latest] = await sql<{ price_date: string | null }[]>`
    select max(price_date)::text as price_date from prices
    where instrument_id = ${instrument.id} and source <> 'manual'
  `
  return {
    provider,
    symbol,
    enabled: quotes.priceProviders.has(provider),
    lastSuccessAt: row?.last_success_at ? isoTimestamp(row.last_success_at) : null,
    lastError:
      row?.last_error_at && row.last_error_code
        ? { at: isoTimestamp(row.last_error_at), code: row.last_error_code }
        : null,
    latestClose: latest?.price_date ? { date: latest.price_date } : null,
  }
}
