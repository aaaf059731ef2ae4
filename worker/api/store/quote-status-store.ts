import type postgres from 'postgres'
import type { Instrument, QuoteErrorCode, QuoteStatus } from '../../../client/api/schemas'
import type { PriceProvider } from '../../../client/portfolio/price-providers'
import { isoTimestamp } from './sql-values'

type Sql = postgres.TransactionSql

interface StatusRow {
  last_success_at: Date | null
  last_error_at: Date | null
  last_error_code: QuoteErrorCode | null
}

/**
 * Where an instrument's price comes from, and how its provider last did (`quote_provider_status`,
 * written by the scheduled job): `enabled` false when the provider does not run here. The error's
 * message stays with operators: the status is shared, and the message names symbols (other
 * users' own instruments' too).
 */
export async function quoteStatusOf(
  sql: Sql,
  instrument: Instrument,
  enabled: ReadonlySet<PriceProvider>,
): Promise<QuoteStatus> {
  const provider = instrument.priceProvider
  if (provider === null) {
    return { provider: null, symbol: null, enabled: false, lastSuccessAt: null, lastError: null }
  }
  const [row] = await sql<StatusRow[]>`
    select last_success_at, last_error_at, last_error_code
    from quote_provider_status where provider = ${provider}
  `
  return {
    provider,
    symbol: instrument.priceSymbol,
    enabled: enabled.has(provider),
    lastSuccessAt: row?.last_success_at ? isoTimestamp(row.last_success_at) : null,
    lastError:
      row?.last_error_at && row.last_error_code
        ? { at: isoTimestamp(row.last_error_at), code: row.last_error_code }
        : null,
  }
}
