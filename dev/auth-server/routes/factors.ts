import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import { z } from 'zod'
import { requireCaller } from '../bearer'
import type { Db } from '../database'
import type { AuthDeps } from '../deps'
import { badRequest, forbidden, notFound, unprocessable } from '../errors'
import { spendAttempt } from '../rate-limits'
import { readJsonBody } from '../request-body'
import { clientAddress } from '../request-hygiene'
import { insertRefreshToken, recordAuthMethod, sessionResponse, type SessionRow } from '../sessions'
import { requireUser, type FactorRow } from '../users'

const enrollBody = z.object({
  factor_type: z.string().optional(),
  friendly_name: z.string().optional(),
  issuer: z.string().optional(),
})
const challengeBody = z.object({ channel: z.string().optional() })
const verifyBody = z.object({ challenge_id: z.string().optional(), code: z.string().optional() })

interface ChallengeRow {
  id: string
  factor_id: string
  created_at: Date
  verified_at: Date | null
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const totpFor = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 })

/**
 * Deletes a factor as GoTrue does for its user and for an admin: the sessions it raised to aal2
 * fall back to aal1 and lose its sign-in method (only TOTP factors can be enrolled, so `totp`).
 */
export async function removeFactor(db: Db, factor: Pick<FactorRow, 'id' | 'user_id'>) {
  await db`delete from auth.mfa_factors where id = ${factor.id}`
  await db`
    delete from auth.mfa_amr_claims
    where authentication_method = 'totp'
      and session_id in (select id from auth.sessions where factor_id = ${factor.id})
  `
  await db`
    update auth.sessions set aal = 'aal1', factor_id = null
    where user_id = ${factor.user_id} and factor_id = ${factor.id}
  `
}

export function factorRoutes(deps: AuthDeps) {
  const { sql, config, keys } = deps
  const app = new Hono()

  const findFactor = async (userId: string, factorId: string) => {
    const [factor] = UUID.test(factorId)
      ? await sql<FactorRow[]>`
          select * from auth.mfa_factors where id = ${factorId} and user_id = ${userId}
        `
      : []
    if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found')
    return factor
  }

  /**
   * GoTrue's checks before a new factor, in its order: a name the user already gave a factor
   * (an empty one too), too many factors, and aal2 once a factor is verified, so a password
   * alone cannot add a second way in.
   */
  const checkNewFactor = async (userId: string, friendlyName: string, session: SessionRow) => {
    const factors = await sql<Pick<FactorRow, 'friendly_name' | 'status'>[]>`
      select friendly_name, status from auth.mfa_factors where user_id = ${userId}
    `
    if (factors.some((factor) => (factor.friendly_name ?? '') === friendlyName)) {
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`,
      )
    }
    if (factors.length >= config.maxEnrolledFactors) {
      throw unprocessable(
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      )
    }
    if (factors.some((factor) => factor.status === 'verified') && session.aal !== 'aal2') {
      throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor')
    }
  }

  app.post('/factors', async (c) => {
    const { user, session } = await requireCaller(c, sql, keys)
    const body = await readJsonBody(c, enrollBody)
    if (body.factor_type === 'phone') {
      throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone')
    }
    if (body.factor_type === 'webauthn') {
      throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn')
    }
    if (body.factor_type !== 'totp') {
      throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn')
    }
    const friendlyName = body.friendly_name ?? ''
    const issuer = body.issuer || new URL(config.siteUrl).host
    await checkNewFactor(user.id, friendlyName, session)
    const secret = new Secret({ size: 20 }).base32
    const uri = new TOTP({
      issuer,
      label: user.email ?? user.id,
      secret: Secret.fromBase32(secret),
    }).toString()
    const id = randomUUID()
    await sql`
      insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
      values (${id}, ${user.id}, ${friendlyName}, 'totp', 'unverified', now(), now(), ${secret})
    `
    return c.json({
      id,
      type: 'totp',
      friendly_name: friendlyName,
      totp: { qr_code: await QRCode.toString(uri, { type: 'svg' }), secret, uri },
    })
  })

  app.post('/factors/:id/challenge', async (c) => {
    const { user } = await requireCaller(c, sql, keys)
    await readJsonBody(c, challengeBody, { emptyAllowed: true })
    const factor = await findFactor(user.id, c.req.param('id'))
    const id = randomUUID()
    const ip = clientAddress(c, deps.limits)
    const [challenge] = await sql<ChallengeRow[]>`
      insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
      values (${id}, ${factor.id}, now(), ${ip}) returning *
    `
    const createdAt = (challenge as ChallengeRow).created_at.getTime()
    return c.json({
      id,
      type: factor.factor_type,
      expires_at: Math.floor(createdAt / 1000) + config.mfaChallengeExpiry,
    })
  })

  app.post('/factors/:id/verify', async (c) => {
    spendAttempt(deps.limits, 'tokenVerifications', c)
    const caller = await requireCaller(c, sql, keys)
    const body = await readJsonBody(c, verifyBody)
    const factor = await findFactor(caller.user.id, c.req.param('id'))
    if (!body.challenge_id || !UUID.test(body.challenge_id)) {
      throw notFound('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found')
    }
    const response = await sql.begin(async (tx) => {
      const [challenge] = await tx<ChallengeRow[]>`
        select * from auth.mfa_challenges
        where id = ${body.challenge_id ?? ''} and factor_id = ${factor.id} for update
      `
      if (!challenge || challenge.verified_at) {
        throw notFound(
          'mfa_factor_not_found',
          'MFA factor with the provided challenge ID not found',
        )
      }
      if (Date.now() > challenge.created_at.getTime() + config.mfaChallengeExpiry * 1000) {
        await tx`delete from auth.mfa_challenges where id = ${challenge.id}`
        return { expired: challenge.id } as const
      }
      const valid =
        totpFor(factor.secret ?? '').validate({ token: body.code ?? '', window: 1 }) !== null
      if (!valid) return { wrongCode: true } as const
      await tx`update auth.mfa_challenges set verified_at = now() where id = ${challenge.id}`
      await tx`update auth.mfa_factors set status = 'verified', updated_at = now() where id = ${factor.id}`
      // As GoTrue: a verified factor ends the user's other enrolments left unconfirmed.
      await tx`
        delete from auth.mfa_factors
        where user_id = ${factor.user_id} and status = 'unverified' and factor_type = ${factor.factor_type}
      `
      const [session] = await tx<SessionRow[]>`
        update auth.sessions set aal = 'aal2', factor_id = ${factor.id}, updated_at = now()
        where id = ${caller.session.id} returning *
      `
      await recordAuthMethod(tx, caller.session.id, 'totp')
      // The session continues with a new refresh token, the child of the current one, so a tab
      // still holding the old token gets the new one within the reuse interval, as after a refresh.
      const [current] = await tx<{ token: string }[]>`
        update auth.refresh_tokens set revoked = true, updated_at = now()
        where session_id = ${caller.session.id} and revoked = false
        returning token
      `
      const refreshToken = await insertRefreshToken(
        tx,
        caller.user.id,
        caller.session.id,
        current?.token ?? null,
      )
      const user = await requireUser(tx, caller.user.id)
      return { session: await sessionResponse(tx, deps, user, session as SessionRow, refreshToken) }
    })
    if ('expired' in response) {
      throw unprocessable(
        'mfa_challenge_expired',
        `MFA challenge ${response.expired} has expired, verify against another challenge or create a new challenge.`,
      )
    }
    if ('wrongCode' in response)
      throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered')
    return c.json(response.session)
  })

  app.delete('/factors/:id', async (c) => {
    const { user, session } = await requireCaller(c, sql, keys)
    const factor = await findFactor(user.id, c.req.param('id'))
    if (factor.status === 'verified' && session.aal !== 'aal2') {
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor')
    }
    await sql.begin((tx) => removeFactor(tx, factor))
    return c.json({ id: factor.id })
  })

  return app
}
