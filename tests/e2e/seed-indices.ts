import postgres from 'postgres'

/**
 * The one TÜFE every browser spec reads, since they share a backend and run in any order:
 * 100 in December 2023 and 150 from December 2024 on the 2003=100 base (docs/real-returns.md,
 * Example 1: +50 %), then flat on the 2025=100 base from its December 2025 link to last month.
 * This month is never published here, so a range running to today reads last month's value
 * carried forward, provisional (rule 3), on any day; and a portfolio of the last year measures
 * the same real as nominal, whichever day the checks run.
 */
export async function seedTufe(databaseUrl: string, today: string): Promise<void> {
  const sql = postgres(databaseUrl, { max: 1, fetch_types: false, onnotice: () => {} })
  await sql`
    insert into public.price_indices (index_code, month, value)
    values ('TR-TUFE-2003', date '2023-12-01', 100)
    union all
    select 'TR-TUFE-2003', month::date, 150
    from generate_series(date '2024-12-01', date '2025-12-01', interval '1 month') as month
    union all
    select 'TR-TUFE-2025', month::date, 100
    from generate_series(
      date '2025-12-01', date_trunc('month', ${today}::date) - interval '1 month', interval '1 month'
    ) as month
    on conflict (index_code, month) do update set value = excluded.value
  `
  // Nothing of this month, whatever an earlier run or another index's seed left.
  await sql`
    delete from public.price_indices
    where index_code like 'TR-TUFE-%' and month >= date_trunc('month', ${today}::date)
  `
  await sql.end()
}
