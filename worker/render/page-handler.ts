import type { Context } from 'hono'
import { resolvePageState } from '../../client/app/resolve-state'
import { matchRoute } from '../../client/routes/match-route'
import type { Env } from '../env'
import { renderNotFound } from '../errors/error-screen'
import { renderDocument } from './render-document'

/** GET of any page: the route table decides which screen, or the 404 screen. */
export async function pageHandler(c: Context<{ Bindings: Env }>): Promise<Response> {
  const match = matchRoute(new URL(c.req.url).pathname)
  if (!match) return renderNotFound(c)
  const state = await resolvePageState(match, new Date().getUTCFullYear())
  return renderDocument(c, state, 200)
}
