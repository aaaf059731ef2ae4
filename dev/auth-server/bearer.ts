import type { Context } from 'hono'
import { errors as joseErrors, jwtVerify, type JWTPayload } from 'jose'
import type { Db } from './database'
import { forbidden, unauthorized } from './errors'
import type { AuthKeys } from './keys'
import { findSession, type SessionRow } from './sessions'
import { findUserById, type UserRow } from './users'

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin'])

function bearerToken(c: Context): string {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')
  if (!match?.[1])
    throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token')
  return match[1]
}

/** Verifies a user access token (ES256) or a legacy API key (HS256), as GoTrue does. */
export async function verifyToken(keys: AuthKeys, token: string): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, (header) =>
      header.alg === 'HS256' ? keys.secret : keys.publicKey,
    )
    return payload
  } catch (error) {
    const reason =
      error instanceof joseErrors.JWTExpired
        ? 'token has invalid claims: token is expired'
        : 'token signature is invalid'
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`)
  }
}

export interface Caller {
  claims: JWTPayload
  user: UserRow
  session: SessionRow
}

/** The signed-in caller of a user endpoint, with the session the token belongs to. */
export async function requireCaller(c: Context, db: Db, keys: AuthKeys): Promise<Caller> {
  const claims = await verifyToken(keys, bearerToken(c))
  if (typeof claims.sub !== 'string' || claims.sub === '') {
    throw forbidden('bad_jwt', 'invalid claim: missing sub claim')
  }
  const user = await findUserById(db, claims.sub)
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist')
  const session =
    typeof claims.session_id === 'string' ? await findSession(db, claims.session_id) : undefined
  if (!session || session.user_id !== user.id) {
    throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist')
  }
  return { claims, user, session }
}

/** Admin endpoints accept only a token whose role is the service role. */
export async function requireAdmin(c: Context, keys: AuthKeys): Promise<void> {
  const claims = await verifyToken(keys, bearerToken(c))
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.has(claims.role)) {
    throw forbidden('not_admin', 'User not allowed')
  }
}
