import type { Context } from 'hono'
import { collectApiSnapshot, type CollectedSnapshot } from '../../client/app/api-snapshot'
import type { PageScreen } from '../../client/app/app-state'
import type { SessionView } from '../../client/auth/viewer'
import { preloadApiGets } from '../api/preload-api-gets'
import type { AppEnv } from '../env'

/**
 * Reads the API answers a private screen shows, for a viewer the private gate lets through
 * (signed in, second step done): the page then streams with the user's figures and the browser
 * hydrates from the same answers. Anyone else gets no snapshot, and the gate renders instead.
 */
export async function readPageApi(
  c: Context<AppEnv>,
  screen: PageScreen,
  session: SessionView,
): Promise<CollectedSnapshot | null> {
  const { viewer } = session
  if (!screen.page.apiGets || viewer.status !== 'signed-in' || !viewer.user) return null
  if (viewer.mfaRequired) return null
  return collectApiSnapshot(
    screen.page.apiGets,
    screen.match,
    (paths) => preloadApiGets(c, paths),
    Date.now(),
  )
}
