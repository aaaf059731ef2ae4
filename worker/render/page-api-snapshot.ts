import type { Context } from 'hono'
import type postgres from 'postgres'
import { collectApiSnapshot, type CollectedSnapshot } from '../../shared/api/api-snapshot'
import type { PageScreen } from '../../client/app/app-state'
import type { SessionView } from '../../shared/auth/viewer'
import { readApiSnapshot } from '../api'
import type { AuthClaims } from '../auth/session'
import type { AppEnv } from '../env'

/**
 * Reads the API answers a private screen shows, in the page's transaction as the user, for a
 * viewer the private gate lets through (signed in, second step done): the page then streams with
 * the user's figures and the browser hydrates from the same answers. Anyone else gets no
 * snapshot, and the gate renders instead. A database outage is thrown: without its data a
 * private screen is no screen, and the page answers 503, as the API does.
 */
export async function pageApiSnapshot(
  c: Context<AppEnv>,
  sql: postgres.TransactionSql,
  claims: AuthClaims,
  screen: PageScreen,
  session: SessionView,
): Promise<CollectedSnapshot | null> {
  const { viewer } = session
  if (!screen.page.apiSnapshot || viewer.status !== 'signed-in' || !viewer.user) return null
  if (viewer.mfaDevices.length > 0) return null
  return collectApiSnapshot(
    screen.page.apiSnapshot,
    screen.match,
    (paths) => readApiSnapshot(c, sql, claims, paths),
    Date.now(),
  )
}
