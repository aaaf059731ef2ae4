import { fail } from './errors'

/**
 * The most transactions one analysis takes. Measured inside workerd (`npm run bench:portfolio`):
 * a portfolio this long, with 100 instruments' daily prices over five years, is analyzed within
 * a Worker isolate's 128 MB. The plans module keeps every plan's limit at or below it (a test
 * checks), so users never meet the refusal.
 */
export const MAX_TRANSACTIONS = 50_000

/** Refuses, before any work, a portfolio too long to analyze within one isolate's memory. */
export function checkSize(transactions: readonly unknown[]): void {
  if (transactions.length > MAX_TRANSACTIONS) {
    fail(
      'too_large',
      `${transactions.length} transactions exceed the ${MAX_TRANSACTIONS} one analysis takes`,
      null,
      'transactions',
    )
  }
}
