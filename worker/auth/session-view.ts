import type { Context } from 'hono'
import { authErrorFromUrl, authModeFromUrl } from '../../shared/auth/auth-dialog-state'
import type { MfaDevice, SessionView, Viewer, ViewerUser } from '../../shared/auth/viewer'
import { isLocale } from '../../shared/i18n/locales'
import type { AppEnv } from '../env'
import { enabledProviders } from './auth-providers'
import {
  AUTH_TIME_LIMIT_MS,
  isUnreachable,
  TIMED_OUT,
  withTimeLimit,
  type AuthClaims,
} from './session'

function userOf(claims: AuthClaims): ViewerUser {
  const metadata = claims.user_metadata ?? {}
  const name = typeof metadata.display_name === 'string' ? metadata.display_name.trim() : ''
  return {
    id: claims.sub,
    email: claims.email ?? '',
    name: name || null,
    locale: isLocale(metadata.locale) ? metadata.locale : null,
    aal: claims.aal,
  }
}

/**
 * Who is looking, for a page. `personal`: whether the page is rendered for this request alone
 * (private screens), so it may name the user; reusable pages learn only that someone is signed in.
 */
async function viewerOf(c: Context<AppEnv>, personal: boolean): Promise<Viewer> {
  const auth = c.get('auth')
  const { session } = auth
  if (session.status !== 'signed-in') return { status: session.status }
  if (!personal) return { status: 'signed-in', user: null, mfaDevices: [] }
  // Whether a verified factor awaits its code: asked of the auth server (the cookie's copy of the
  // user is not to be trusted), and only at aal1. Postgres holds the same line on the data. An
  // auth server that does not answer in time leaves the page saying so, never waiting on it.
  let mfaDevices: MfaDevice[] = []
  if (session.claims.aal === 'aal1') {
    const result = await withTimeLimit(auth.client().auth.getUser(), AUTH_TIME_LIMIT_MS).catch(
      (error: unknown) => ({ data: { user: null }, error }),
    )
    if (result === TIMED_OUT || isUnreachable(result.error)) return { status: 'unavailable' }
    mfaDevices = (result.data.user?.factors ?? [])
      .filter((factor) => factor.status === 'verified')
      .map((factor) => ({ id: factor.id, name: factor.friendly_name ?? '' }))
  }
  return { status: 'signed-in', user: userOf(session.claims), mfaDevices }
}

/** What a page shows of the session: the viewer, the dialog the URL opens, an error it carries. */
export async function sessionViewFor(c: Context<AppEnv>, personal: boolean): Promise<SessionView> {
  const url = new URL(c.req.url)
  const mode = authModeFromUrl(url)
  return {
    viewer: await viewerOf(c, personal),
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
