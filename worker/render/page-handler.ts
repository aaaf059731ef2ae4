import type { Context } from 'hono'
import { resolvePageState } from '../../client/app/resolve-state'
import { matchRoute } from '../../client/routes/match-route'
import { routeAccess } from '../../client/routes/route-table'
import type { Env } from '../env'
import { renderNotFound } from '../errors/error-screen'
import { renderDocument, renderPublicDocument } from './render-document'

/** GET of any page: the route table decides which screen, or the 404 screen. */
export async function pageHandler(c: Context<{ Bindings: Env }>): Promise<Response> {
  const match = matchRoute(new URL(c.req.url).pathname)
  if (!match) return renderNotFound(c)
  const state = await resolvePageState(match, new Date().getUTCFullYear())
  if (routeAccess(match.name) === 'public') return renderPublicDocument(c, state)
  return renderDocument(c, state, 200)
}
