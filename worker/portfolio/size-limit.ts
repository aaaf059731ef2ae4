import { fail } from './errors'

/**
 * The most transactions one analysis takes: the largest portfolio measured to fit a Worker
 * isolate's 128 MB (`npm run bench:portfolio`, with 100 instruments' daily prices over five
 * years). The plans module keeps every plan's limit at or below it (a test checks), so users
 * never meet the refusal.
 */
export const MAX_TRANSACTIONS = 100_000

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
