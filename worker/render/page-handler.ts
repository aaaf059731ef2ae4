import type { Context } from 'hono'
import { resolvePageState } from '../../client/app/resolve-state'
import { matchRoute } from '../../shared/routes/match-route'
import { routeAccess } from '../../shared/routes/route-table'
import { sessionViewFor } from '../auth/session-view'
import { paddleClient } from '../billing/paddle-settings'
import type { AppEnv } from '../env'
import { requestFormats } from '../i18n/request-locale'
import { renderNotFound } from './error-screen'
import { pageApiSnapshot } from './page-api-snapshot'
import { renderDocument, renderPublicDocument } from './render-document'

/**
 * GET of any page: the route table decides which screen. Any other path goes to the app's
 * not-found handler (a 404, or a 405 where the path takes other methods).
 */
export async function pageHandler(c: Context<AppEnv>): Promise<Response> {
  const match = matchRoute(new URL(c.req.url).pathname)
  if (!match) return c.notFound()
  const personal = routeAccess(match.name) === 'private'
  const session = await sessionViewFor(c, personal)
  const state = await resolvePageState(
    match,
    new Date().getUTCFullYear(),
    requestFormats(c),
    session,
    null,
    paddleClient(c.env),
  )
  // A public page is reused for everyone, unless the URL opens the sign-in dialog in it.
  if (!personal && !session.dialog && !session.error) return renderPublicDocument(c, state)
  if (state.screen.kind === 'page') {
    const api = await pageApiSnapshot(c, state.screen, session)
    // Another user's portfolio, or an instrument this one never held: as unknown as any path.
    if (api?.kind === 'not-found') return renderNotFound(c)
    if (api) state.screen.api = api.snapshot
  }
  return renderDocument(c, state, 200)
}
