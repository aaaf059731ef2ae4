import type { Context } from 'hono'
import type postgres from 'postgres'
import { resolvePageState } from '../../client/app/resolve-state'
import type { AppState } from '../../client/app/app-state'
import { authErrorFromUrl, authModeFromUrl } from '../../shared/auth/auth-dialog-state'
import { matchRoute, type RouteMatch } from '../../shared/routes/match-route'
import { routeAccess } from '../../shared/routes/route-table'
import { API_TRANSACTION_OPTIONS } from '../api/api-database'
import { claimsOf, type AuthClaims } from '../auth/session'
import { sessionViewFor } from '../auth/session-view'
import { paddleClient } from '../billing/paddle-settings'
import { withUserTransaction } from '../db/run-as-user'
import type { AppEnv } from '../env'
import { requestFormats } from '../i18n/request-locale'
import { renderNotFound } from './error-screen'
import { pageApiSnapshot } from './page-api-snapshot'
import { renderDocument, renderPublicDocument, storedPublicDocument } from './render-document'

/** The page's signed-in user and their transaction, on a private screen; null elsewhere. */
type PageDb = { sql: postgres.TransactionSql; claims: AuthClaims } | null

/** The state a page renders from, or 'not-found' for a screen that does not exist for the user. */
async function pageState(
  c: Context<AppEnv>,
  match: RouteMatch,
  db: PageDb,
): Promise<AppState | 'not-found'> {
  const session = await sessionViewFor(c, db?.sql ?? null)
  const state = await resolvePageState(
    match,
    currentYear(),
    requestFormats(c),
    session,
    null,
    paddleClient(c.env),
  )
  if (db && state.screen.kind === 'page') {
    const api = await pageApiSnapshot(c, db.sql, db.claims, state.screen, session)
    // Another user's portfolio, or an instrument this one never held: as unknown as any path.
    if (api?.kind === 'not-found') return 'not-found'
    if (api) state.screen.api = api.snapshot
  }
  return state
}

const currentYear = () => new Date().getUTCFullYear()

/**
 * A public page this isolate already rendered, looked up before any state is resolved; null when
 * there is none, or the URL opens the sign-in dialog or carries its error (never reused).
 */
function storedPublicPage(c: Context<AppEnv>): Response | null {
  const url = new URL(c.req.url)
  if (authModeFromUrl(url) || authErrorFromUrl(url)) return null
  const viewer = c.get('auth').session.status
  return storedPublicDocument(c, { year: currentYear(), formats: requestFormats(c), viewer })
}

/**
 * GET of any page: the route table decides which screen. Any other path goes to the app's
 * not-found handler (a 404, or a 405 where the path takes other methods). A private screen for a
 * signed-in user reads everything it needs (that their session still exists, their second
 * factors, the screen's API answers) in one transaction as them, on one connection, and is
 * rendered after it ends.
 */
export async function pageHandler(c: Context<AppEnv>): Promise<Response> {
  const match = matchRoute(new URL(c.req.url).pathname)
  if (!match) return c.notFound()
  const personal = routeAccess(match.name) === 'private'
  const stored = personal ? null : storedPublicPage(c)
  if (stored) return stored
  const claims = personal ? claimsOf(c) : null
  const state = claims
    ? await withUserTransaction(
        c.env,
        claims,
        (sql) => pageState(c, match, { sql, claims }),
        API_TRANSACTION_OPTIONS,
      )
    : await pageState(c, match, null)
  if (state === 'not-found') return renderNotFound(c)
  // A public page is reused for everyone, unless the URL opens the sign-in dialog in it.
  if (!personal && !state.session.dialog && !state.session.error) {
    return renderPublicDocument(c, state)
  }
  return renderDocument(c, state, 200)
}
