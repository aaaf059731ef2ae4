/** The portfolio sizes the benchmark measures, and the runs behind each median (after a first). */
export const SIZES = [
  { transactions: 10_000, runs: 9 },
  { transactions: 100_000, runs: 2 },
] as const
