/** The portfolio sizes the benchmark measures. */
export const TRANSACTION_COUNTS = [10_000, 100_000] as const
/** Runs behind each median, after one that also compiles the code. */
export const RUNS = 5
