import { randomBytes, randomUUID } from 'node:crypto'
import type { AuthConfig } from './config'
import type { Db } from './database'
import { signAccessToken, type AuthKeys } from './keys'
import { userResponse, type UserRow } from './users'

/** Values of the JWT `amr` claim, as GoTrue names the ways of signing in. */
export type AuthMethod =
  'password' | 'otp' | 'oauth' | 'totp' | 'recovery' | 'invite' | 'email_change' | 'email/signup'

export interface SessionRow {
  id: string
  user_id: string
  created_at: Date
  factor_id: string | null
  aal: 'aal1' | 'aal2' | 'aal3'
  not_after: Date | null
}

export interface RefreshTokenRow {
  id: string
  token: string
  user_id: string
  revoked: boolean
  parent: string | null
  session_id: string
  updated_at: Date
}

export interface SessionContext {
  config: AuthConfig
  keys: AuthKeys
}

// GoTrue's refresh tokens are short random strings, not JWTs.
const newRefreshToken = () => randomBytes(9).toString('base64url')

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  const [row] = await db<SessionRow[]>`select * from auth.sessions where id = ${id}`
  return row
}

/** Starts a session (aal1) for `user` and records how the user signed in. */
export async function startSession(
  db: Db,
  ctx: SessionContext,
  user: UserRow,
  method: AuthMethod,
): Promise<{ session: SessionRow; refreshToken: string }> {
  const notAfter =
    ctx.config.sessionTimebox > 0 ? new Date(Date.now() + ctx.config.sessionTimebox * 1000) : null
  const [session] = await db<SessionRow[]>`
    insert into auth.sessions (id, user_id, created_at, updated_at, aal, not_after)
    values (${randomUUID()}, ${user.id}, now(), now(), 'aal1', ${notAfter})
    returning *
  `
  const started = session as SessionRow
  await recordAuthMethod(db, started.id, method)
  await db`update auth.users set last_sign_in_at = now(), updated_at = now() where id = ${user.id}`
  const refreshToken = await insertRefreshToken(db, user.id, started.id, null)
  return { session: started, refreshToken }
}

export async function recordAuthMethod(db: Db, sessionId: string, method: AuthMethod) {
  await db`
    insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
    values (${sessionId}, now(), now(), ${method}, ${randomUUID()})
    on conflict (session_id, authentication_method) do update set updated_at = now()
  `
}

export async function insertRefreshToken(
  db: Db,
  userId: string,
  sessionId: string,
  parent: string | null,
): Promise<string> {
  const token = newRefreshToken()
  await db`
    insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
    values ('00000000-0000-0000-0000-000000000000', ${token}, ${userId}, false, now(), now(), ${parent}, ${sessionId})
  `
  return token
}

async function amrClaims(db: Db, sessionId: string) {
  const rows = await db<{ authentication_method: string; updated_at: Date }[]>`
    select authentication_method, updated_at from auth.mfa_amr_claims
    where session_id = ${sessionId} order by updated_at desc
  `
  return rows.map((row) => ({
    method: row.authentication_method,
    timestamp: Math.floor(row.updated_at.getTime() / 1000),
  }))
}

/** The session response of the wire contract, with a freshly signed access token. */
export async function sessionResponse(
  db: Db,
  ctx: SessionContext,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
  extra: { provider_token?: string; provider_refresh_token?: string } = {},
) {
  const iat = Math.floor(Date.now() / 1000)
  const exp = iat + ctx.config.jwtExpiry
  const accessToken = await signAccessToken(ctx.keys, {
    iss: ctx.config.apiUrl,
    sub: user.id,
    aud: user.aud,
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role,
    aal: session.aal,
    amr: await amrClaims(db, session.id),
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  })
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ctx.config.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userResponse(db, user),
    ...extra,
  }
}

/** Signs `user` in: a new session and its response. */
export async function signIn(db: Db, ctx: SessionContext, user: UserRow, method: AuthMethod) {
  const { session, refreshToken } = await startSession(db, ctx, user, method)
  const [fresh] = await db<UserRow[]>`select * from auth.users where id = ${user.id}`
  return sessionResponse(db, ctx, fresh ?? user, session, refreshToken)
}
