import { randomUUID } from 'node:crypto'
import bcrypt from 'bcryptjs'
import { Hono } from 'hono'
import { z } from 'zod'
import type { Db } from '../database'
import type { AuthDeps } from '../deps'
import { badRequest, OAuthStyleError, unprocessable } from '../errors'
import { redeemAuthCode } from '../flow-state'
import { spendAttempt, spendEmailAttempt } from '../rate-limits'
import { readJsonBody } from '../request-body'
import {
  findSession,
  insertRefreshToken,
  sessionResponse,
  signIn,
  startSession,
  type AuthMethod,
  type RefreshTokenRow,
} from '../sessions'
import { findUserByEmail, requireUser } from '../users'

const INVALID_LOGIN = 'Invalid login credentials'

const passwordBody = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
})
const refreshBody = z.object({ refresh_token: z.string().optional() })
const pkceBody = z.object({
  auth_code: z.string().optional(),
  code_verifier: z.string().optional(),
})
const idTokenBody = z.object({
  provider: z.string().optional(),
  id_token: z.string().optional(),
  access_token: z.string().optional(),
  nonce: z.string().optional(),
  client_id: z.string().optional(),
  issuer: z.string().optional(),
})

// The issuers GoTrue knows for `id_token` sign-in; none is configured locally.
const ID_TOKEN_ISSUERS: Record<string, string> = {
  apple: 'https://appleid.apple.com',
  azure: 'https://login.microsoftonline.com/common/v2.0',
  facebook: 'https://www.facebook.com',
  google: 'https://accounts.google.com',
  kakao: 'https://kauth.kakao.com',
  keycloak: '',
}

/** Flow-state methods (see FLOW_METHODS and the OAuth routes) to the `amr` they sign in with. */
const AMR_OF_FLOW: Record<string, AuthMethod> = {
  'email/signup': 'otp',
  magiclink: 'otp',
  invite: 'invite',
  recovery: 'recovery',
  email_change: 'email_change',
  oauth: 'oauth',
}

export function tokenRoutes(deps: AuthDeps) {
  const { sql, config } = deps
  // Checked when the address is unknown, so that costs a bcrypt comparison like a wrong password.
  const dummyHash = bcrypt.hash(randomUUID(), config.bcryptCost)

  const passwordGrant = async (db: Db, body: z.infer<typeof passwordBody>) => {
    if (body.phone && !body.email)
      throw badRequest('phone_provider_disabled', 'Phone logins are disabled')
    if (!body.email) throw badRequest('invalid_credentials', INVALID_LOGIN)
    const user = await findUserByEmail(db, body.email)
    const matches = await bcrypt.compare(
      body.password ?? '',
      user?.encrypted_password ?? (await dummyHash),
    )
    if (!user || !matches || (user.banned_until && user.banned_until > new Date())) {
      throw badRequest('invalid_credentials', INVALID_LOGIN)
    }
    if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed')
    return signIn(db, deps, user, 'password')
  }

  const refreshGrant = async (db: Db, refreshToken: string) => {
    const [token] = await db<RefreshTokenRow[]>`
      select * from auth.refresh_tokens where token = ${refreshToken} for update
    `
    const session = token && (await findSession(db, token.session_id))
    if (!token || !session) {
      throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
    }
    const user = await requireUser(db, session.user_id)
    if (session.not_after && Date.now() > session.not_after.getTime()) {
      throw badRequest('session_expired', 'Invalid Refresh Token: Session Expired')
    }
    let next = refreshToken
    if (token.revoked) {
      // A replay right after rotation (two tabs refreshing at once) gets the current token;
      // any later replay is treated as theft and ends the session.
      const [child] = await db<RefreshTokenRow[]>`
        select * from auth.refresh_tokens where parent = ${token.token} and revoked = false
      `
      const withinReuse =
        Date.now() < token.updated_at.getTime() + config.refreshTokenReuseInterval * 1000
      if (!child || !withinReuse) {
        await db`delete from auth.sessions where id = ${session.id}`
        return { reused: true } as const
      }
      next = child.token
    } else {
      await db`update auth.refresh_tokens set revoked = true, updated_at = now() where id = ${token.id}`
      next = await insertRefreshToken(db, user.id, session.id, token.token)
    }
    await db`update auth.sessions set refreshed_at = now(), updated_at = now() where id = ${session.id}`
    return { session: await sessionResponse(db, deps, user, session, next) }
  }

  const pkceGrant = async (db: Db, body: z.infer<typeof pkceBody>) => {
    if (!body.auth_code || !body.code_verifier) {
      throw unprocessable(
        'validation_failed',
        'invalid request: both auth code and code verifier should be non-empty',
      )
    }
    const flow = await redeemAuthCode(db, config, body.auth_code, body.code_verifier)
    const user = await requireUser(db, flow.user_id)
    const { session, refreshToken } = await startSession(
      db,
      deps,
      user,
      AMR_OF_FLOW[flow.authentication_method] ?? 'otp',
    )
    const fresh = await requireUser(db, user.id)
    return sessionResponse(db, deps, fresh, session, refreshToken)
  }

  const idTokenGrant = (body: z.infer<typeof idTokenBody>): never => {
    if (!body.id_token) throw new OAuthStyleError('invalid request', 'id_token required')
    const provider = body.provider ?? ''
    const issuer = ID_TOKEN_ISSUERS[provider]
    if (issuer === undefined) {
      throw badRequest('validation_failed', `Custom OIDC provider "${provider}" not allowed`)
    }
    throw badRequest('provider_disabled', `Provider (issuer "${issuer}") is not enabled`)
  }

  return new Hono().post('/token', async (c) => {
    switch (c.req.query('grant_type')) {
      case 'password': {
        spendAttempt(deps.limits, 'signInSignUps', c)
        const body = await readJsonBody(c, passwordBody)
        spendEmailAttempt(deps.limits, 'signInSignUps', body.email)
        return c.json(await sql.begin((tx) => passwordGrant(tx, body)))
      }
      case 'refresh_token': {
        const body = await readJsonBody(c, refreshBody)
        if (!body.refresh_token)
          throw new OAuthStyleError('invalid_request', 'refresh_token required')
        const refreshToken = body.refresh_token
        // The revocation of a reused token family must commit even though the call fails.
        const result = await sql.begin((tx) => refreshGrant(tx, refreshToken))
        if ('reused' in result) {
          throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used')
        }
        return c.json(result.session)
      }
      case 'pkce': {
        const body = await readJsonBody(c, pkceBody)
        return c.json(await sql.begin((tx) => pkceGrant(tx, body)))
      }
      case 'id_token':
        return idTokenGrant(await readJsonBody(c, idTokenBody))
      case 'web3':
        // Neither Solana nor Ethereum sign-in is enabled; GoTrue answers before reading the body.
        throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled')
      default:
        throw badRequest('invalid_credentials', 'unsupported_grant_type')
    }
  })
}
