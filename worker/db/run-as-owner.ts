import type postgres from 'postgres'
import { runTransaction, type DatabaseEnv, type TransactionOptions } from './run-as-user'

/**
 * Runs `fn` in one transaction as the connection's own role (the database owner behind
 * Hyperdrive), which row-level security does not restrict: only for the worker's own jobs, such
 * as the scheduled FX refresh, never with anything a request sent. Failures are classified as in
 * `withUserTransaction`.
 *
 * @example
 * await withOwnerTransaction(env, (sql) => sql`insert into public.fx_rates ...`)
 */
export function withOwnerTransaction<T>(
  env: DatabaseEnv,
  fn: (sql: postgres.TransactionSql) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  return runTransaction(env, {}, fn, options)
}
