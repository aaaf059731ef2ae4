import type { Context } from 'hono'
import type postgres from 'postgres'
import { authErrorFromUrl, authModeFromUrl } from '../../shared/auth/auth-dialog-state'
import type { MfaDevice, SessionView, Viewer, ViewerUser } from '../../shared/auth/viewer'
import { taxSettingsOf } from '../../shared/tax/tax-settings'
import { zoneSettingsOf } from '../../shared/time/user-time-zone'
import type { AppEnv } from '../env'
import { enabledProviders } from './auth-providers'
import { endedSession, type AuthClaims } from './session'

function userOf(claims: AuthClaims): ViewerUser {
  const metadata = claims.user_metadata ?? {}
  const name = typeof metadata.display_name === 'string' ? metadata.display_name.trim() : ''
  return {
    id: claims.sub,
    email: claims.email ?? '',
    name: name || null,
    ...zoneSettingsOf(metadata),
    tax: taxSettingsOf(metadata),
    aal: claims.aal,
  }
}

/**
 * What the page's transaction says of the signed-in caller: whether their session still exists
 * (the token outlives a sign-out elsewhere until it expires) and, when `withFactors`, their
 * verified second factors. No auth server is asked; a factor added after the token was issued
 * counts at once.
 */
async function sessionInDatabase(
  sql: postgres.TransactionSql,
  withFactors: boolean,
): Promise<{ active: boolean; factors: MfaDevice[] }> {
  const [row] = await sql<{ active: boolean; factors: { id: string; name: string }[] }[]>`
    select public.session_is_active() as active,
      case when ${withFactors} then coalesce(
        (select json_agg(json_build_object('id', f.id, 'name', f.friendly_name))
         from public.verified_mfa_factors() f),
        '[]'
      ) else '[]' end as factors
  `
  return { active: row?.active ?? false, factors: row?.factors ?? [] }
}

/**
 * Who is looking, for a page. `sql`, the page's transaction as the user, is given when the page
 * is rendered for this request alone (private screens), so it may name the user; reusable pages
 * learn only that someone is signed in. A session ended elsewhere makes the request a visitor's
 * from here on (endedSession).
 */
async function viewerOf(c: Context<AppEnv>, sql: postgres.TransactionSql | null): Promise<Viewer> {
  const { session } = c.get('auth')
  if (session.status !== 'signed-in') return { status: session.status }
  if (!sql) return { status: 'signed-in', user: null, mfaDevices: [] }
  // Verified factors await a code only at aal1 (read only then). Postgres holds the same line on
  // the data (mfa_assurance_met).
  const { active, factors } = await sessionInDatabase(sql, session.claims.aal === 'aal1')
  if (!active) {
    endedSession(c)
    return { status: 'signed-out' }
  }
  return { status: 'signed-in', user: userOf(session.claims), mfaDevices: factors }
}

/**
 * What a page shows of the session: the viewer, the dialog the URL opens, an error it carries.
 * `sql`: the private page's transaction as the signed-in user (see viewerOf), else null.
 */
export async function sessionViewFor(
  c: Context<AppEnv>,
  sql: postgres.TransactionSql | null,
): Promise<SessionView> {
  const url = new URL(c.req.url)
  const mode = authModeFromUrl(url)
  return {
    viewer: await viewerOf(c, sql),
    dialog: mode ? { mode, providers: await enabledProviders(c.env) } : null,
    error: authErrorFromUrl(url),
  }
}

/** The header's view on an error screen: signed in or not, nobody named (nothing more is known). */
export function sessionViewForError(c: Context<AppEnv>): SessionView {
  const status = c.get('auth')?.session.status ?? 'signed-out'
  return {
    viewer: status === 'signed-in' ? { status, user: null, mfaDevices: [] } : { status },
    dialog: null,
    error: null,
  }
}
