import type { PriceProvider } from '../../shared/portfolio/price-providers'
import { withOwnerTransaction } from '../db/run-as-owner'
import type { DatabaseEnv } from '../db/run-as-user'
import { arrayLiteral } from '../api/store/sql-values'
import type { QuoteErrorCode } from '../../shared/api/schemas'

/** An instrument that names a provider, and the newest close a provider stored for it. */
export interface PricedInstrument {
  id: string
  /** null: the shared catalog; else the user who defined it (their prices carry their id). */
  ownerId: string | null
  provider: PriceProvider
  symbol: string
  currency: string
  /**
   * The newest day whose close is final, `YYYY-MM-DD`, or null when no provider stored one yet:
   * a close stored during its own day (a price fetched while the market was open) counts from
   * the day before, so the next run asks for that day again.
   */
  newest: string | null
  /** The oldest day a provider stored a close for, or null. */
  oldest: string | null
  /** When the job last asked the provider for this symbol (`quote_attempts`), or null: never. */
  lastTried: Date | null
}

/** One close to store for one instrument. */
export type StoredClose = {
  instrumentId: string
  ownerId: string | null
  date: string
  close: string
  source: PriceProvider
}

/** Rows per insert statement. */
const ROWS_PER_STATEMENT = 5_000

/** A backfill of many instruments may take a while; a request's 5 s would cut it off. */
const STATEMENT_TIMEOUT_MS = 60_000

/**
 * The instruments that name one of `providers` and someone holds (a user's own instrument, or a
 * catalog one with a transaction: the catalog lists thousands nobody holds), or exactly those of
 * `ids` when given, with the newest and oldest close from any provider (an exchange an operator
 * moves to EODHD continues where Yahoo Finance stopped) and when the symbol was last asked for.
 */
export async function pricedInstruments(
  env: DatabaseEnv,
  providers: readonly PriceProvider[],
  ids?: readonly string[],
): Promise<PricedInstrument[]> {
  if (providers.length === 0) return []
  const rows = await withOwnerTransaction(
    env,
    (sql) => sql<
      {
        id: string
        owner_id: string | null
        price_provider: PriceProvider
        price_symbol: string
        currency: string
        newest: string | null
        oldest: string | null
        tried_at: Date | null
      }[]
    >`
      select i.id, i.owner_id, i.price_provider, i.price_symbol, i.currency,
        p.newest::text, p.oldest::text, a.tried_at
      from public.instruments i
      left join public.quote_attempts a on a.provider = i.price_provider
        and a.symbol = i.price_symbol and a.currency = i.currency
      left join lateral (
        select max(case when p.updated_at >= (p.price_date + 1)::timestamp at time zone 'UTC'
            then p.price_date else p.price_date - 1 end) as newest,
          min(p.price_date) as oldest
        from public.prices p
        where p.instrument_id = i.id and p.owner_id is not distinct from i.owner_id
          and p.source <> 'manual'
      ) p on true
      where i.price_provider in ${sql(providers as PriceProvider[])}
        and case when ${ids === undefined}
          then i.owner_id is not null
            or exists (select 1 from public.transactions t where t.instrument_id = i.id)
          else i.id = any(${arrayLiteral(ids ?? [])}::uuid[])
        end
      order by i.price_provider, i.price_symbol, i.id
    `,
    { statementTimeoutMs: STATEMENT_TIMEOUT_MS },
  )
  return rows.map((row) => ({
    id: row.id,
    ownerId: row.owner_id,
    provider: row.price_provider,
    symbol: row.price_symbol,
    currency: row.currency,
    newest: row.newest,
    oldest: row.oldest,
    lastTried: row.tried_at,
  }))
}

/** A source the job asked for closes, as instruments name it. */
export interface QuoteAttempt {
  provider: PriceProvider
  symbol: string
  currency: string
}

/** Records that the job asked for these sources at `at`, whatever they answered. */
export async function recordAttempts(
  env: DatabaseEnv,
  attempts: readonly QuoteAttempt[],
  at: Date,
): Promise<void> {
  if (attempts.length === 0) return
  await withOwnerTransaction(
    env,
    (sql) => sql`
      insert into public.quote_attempts (provider, symbol, currency, tried_at)
      select s.provider, s.symbol, s.currency, ${at}
      from jsonb_to_recordset(${sql.json(attempts.map(({ provider, symbol, currency }) => ({ provider, symbol, currency })))})
        as s(provider text, symbol text, currency text)
      on conflict (provider, symbol, currency) do update set tried_at = excluded.tried_at
    `,
  )
}

/**
 * Stores closes in one transaction: a catalog instrument's shared (owner null), a user's own
 * instrument's with its owner's id. A close the provider corrected replaces the stored one; a
 * manual price (`source = 'manual'`) is never replaced. Returns how many rows were new or changed.
 */
export async function upsertCloses(
  env: DatabaseEnv,
  closes: readonly StoredClose[],
): Promise<number> {
  if (closes.length === 0) return 0
  return withOwnerTransaction(
    env,
    async (sql) => {
      let changed = 0
      for (let start = 0; start < closes.length; start += ROWS_PER_STATEMENT) {
        const slice = closes.slice(start, start + ROWS_PER_STATEMENT)
        // JSON keeps the closes decimal strings all the way to numeric.
        const result = await sql`
          insert into public.prices (instrument_id, owner_id, price_date, close, source)
          select c."instrumentId", c."ownerId", c.date, c.close, c.source
          from jsonb_to_recordset(${sql.json(slice)})
            as c("instrumentId" uuid, "ownerId" uuid, date date, close numeric, source text)
          on conflict (instrument_id, owner_id, price_date) do update
            set close = excluded.close, source = excluded.source
            where public.prices.source <> 'manual'
              and (public.prices.close <> excluded.close or public.prices.source <> excluded.source)
        `
        changed += result.count
      }
      return changed
    },
    { statementTimeoutMs: STATEMENT_TIMEOUT_MS },
  )
}

/** What a provider's run ended with, for `quote_provider_status`. */
export type ProviderOutcome =
  { ok: true; at: Date } | { ok: false; at: Date; code: QuoteErrorCode; message: string }

/** Records a provider's last success, or its last error (keeping the last success as it was). */
export async function recordProviderOutcome(
  env: DatabaseEnv,
  provider: PriceProvider,
  outcome: ProviderOutcome,
): Promise<void> {
  await withOwnerTransaction(env, (sql) =>
    outcome.ok
      ? sql`
          insert into public.quote_provider_status (provider, last_success_at)
          values (${provider}, ${outcome.at})
          on conflict (provider) do update
            set last_success_at = excluded.last_success_at, updated_at = now()
        `
      : sql`
          insert into public.quote_provider_status
            (provider, last_error_at, last_error_code, last_error_message)
          values (${provider}, ${outcome.at}, ${outcome.code}, ${outcome.message.slice(0, 500)})
          on conflict (provider) do update
            set last_error_at = excluded.last_error_at,
              last_error_code = excluded.last_error_code,
              last_error_message = excluded.last_error_message,
              updated_at = now()
        `,
  )
}
