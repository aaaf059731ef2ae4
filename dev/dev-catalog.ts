import postgres from 'postgres'
import { CATALOG_CRON } from '../worker/catalog/refresh-catalog'

/**
 * Fills the shared catalog once, on a fresh data folder (no line yet listed by a source): runs
 * the catalog job as its Cron Trigger would, against the catalog stand-in the app is pointed at.
 * The job paces TEFAS 11 s a request, so this takes a minute; it runs while the app is in use.
 * @returns what to tell the developer
 */
export async function fillCatalogOnce(appUrl: string, databaseUrl: string): Promise<string> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => undefined })
  try {
    const [row] = await sql<{ listed: number }[]>`
      select count(*)::int as listed from public.instruments where listed_by is not null
    `
    if ((row?.listed ?? 0) > 0) return `${row?.listed} lines listed by their sources`
  } finally {
    await sql.end()
  }
  const query = new URLSearchParams({ cron: CATALOG_CRON, time: String(Date.now()) })
  const response = await fetch(`${appUrl}/cdn-cgi/handler/scheduled?${query.toString()}`)
  await response.body?.cancel()
  return response.ok
    ? 'filled from the stand-in sources (Borsa Istanbul, TEFAS, Xetra, the US)'
    : `not filled: the scheduled handler answered ${response.status}`
}
