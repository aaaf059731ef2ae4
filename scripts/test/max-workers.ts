/**
 * How many test files run at once, the same in every Vitest project (Vitest requires that of
 * projects it schedules together). Most files wait on Postgres, workerd and the local servers
 * rather than compute, so three run at once even on a 2-core machine, where Vitest's default
 * (one fewer than the cores) would run them one by one.
 */
export const MAX_WORKERS = 3
