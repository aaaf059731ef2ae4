import { Hono, type Context } from 'hono'
import { z } from 'zod'
import type { AuthDeps } from '../deps'
import {
  applyVerification,
  consumeEmailToken,
  FLOW_METHODS,
  sendEmailToken,
  type VerifiedToken,
  type VerifyType,
} from '../email-tokens'
import { AuthError, badRequest, unprocessable } from '../errors'
import { issueAuthCode, latestFlowState, readPkce } from '../flow-state'
import { spendAttempt, spendEmailAttempt } from '../rate-limits'
import { resolveRedirect, withFragment, withQuery } from '../redirects'
import { readJsonBody } from '../request-body'
import { signIn, type AuthMethod } from '../sessions'
import { findUserByEmail, insertEmailUser } from '../users'
import { validateEmail } from '../validation'

const VERIFY_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email'] as const
const PHONE_TYPES = ['sms', 'phone_change']

const otpBody = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  data: z.record(z.string(), z.unknown()).nullish(),
  create_user: z.boolean().optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
  channel: z.string().optional(),
})
const verifyBody = z.object({
  type: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  token: z.string().optional(),
  token_hash: z.string().optional(),
  redirect_to: z.string().optional(),
})
const resendBody = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  type: z.string().optional(),
})
const recoverBody = z.object({
  email: z.string().optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
})

const AMR_OF_KIND: Record<VerifiedToken['kind'], AuthMethod> = {
  signup: 'otp',
  invite: 'invite',
  magiclink: 'otp',
  recovery: 'recovery',
  email_change: 'email_change',
  reauthentication: 'otp',
}

function verifyType(type: string | undefined): VerifyType {
  if (type && PHONE_TYPES.includes(type)) {
    throw badRequest('phone_provider_disabled', 'Phone logins are disabled')
  }
  const known = VERIFY_TYPES.find((candidate) => candidate === type)
  if (!known) throw badRequest('validation_failed', `Verify requires a verification type`)
  return known
}

export function emailLinkRoutes(deps: AuthDeps) {
  const { sql, config } = deps
  const app = new Hono()

  app.post('/otp', async (c) => {
    spendAttempt(deps.limits, 'signInSignUps', c)
    const body = await readJsonBody(c, otpBody)
    spendEmailAttempt(deps.limits, 'signInSignUps', body.email)
    if (body.phone && !body.email)
      throw badRequest('phone_provider_disabled', 'Phone logins are disabled')
    if (!body.email) {
      throw unprocessable('validation_failed', 'An email address or phone number is required')
    }
    const email = validateEmail(body.email)
    const pkce = readPkce(body)
    const redirectTo = resolveRedirect(config, c.req.query('redirect_to'))
    await sql.begin(async (tx) => {
      let user = await findUserByEmail(tx, email)
      if (!user) {
        if (body.create_user === false || config.disableSignup) {
          throw unprocessable('otp_disabled', 'Signups not allowed for otp')
        }
        user = await insertEmailUser(tx, {
          email,
          encryptedPassword: null,
          userMetadata: body.data ?? {},
          provider: 'email',
          emailConfirmed: false,
        })
      }
      const kind = user.email_confirmed_at ? 'magiclink' : 'signup'
      await sendEmailToken(tx, deps, { kind, user, redirectTo, pkce })
    })
    return c.json({})
  })

  app.post('/verify', async (c) => {
    spendAttempt(deps.limits, 'tokenVerifications', c)
    const body = await readJsonBody(c, verifyBody)
    if (!body.token_hash) spendEmailAttempt(deps.limits, 'tokenVerifications', body.email)
    const type = verifyType(body.type)
    let proof: { tokenHash: string } | { email: string; token: string }
    if (body.token_hash) proof = { tokenHash: body.token_hash }
    else if (body.email && body.token) proof = { email: body.email, token: body.token }
    else if (body.phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled')
    else throw badRequest('validation_failed', 'Verify requires either a token or a token hash')
    const session = await sql.begin(async (tx) => {
      const verified = await consumeEmailToken(tx, deps, type, proof)
      const user = await applyVerification(tx, verified.user, verified.kind)
      return signIn(tx, deps, user, AMR_OF_KIND[verified.kind])
    })
    return c.json(session)
  })

  // The link in an email: confirms, then sends the browser on with a PKCE code or the tokens.
  app.get('/verify', async (c) => {
    spendAttempt(deps.limits, 'tokenVerifications', c)
    const redirectTo = resolveRedirect(config, c.req.query('redirect_to'))
    const token = c.req.query('token') ?? ''
    const pkceLink = token.startsWith('pkce_')
    try {
      const type = verifyType(c.req.query('type'))
      const target = await sql.begin(async (tx) => {
        const verified = await consumeEmailToken(tx, deps, type, { tokenHash: token })
        const user = await applyVerification(tx, verified.user, verified.kind)
        if (verified.pkce) {
          const flow = await latestFlowState(tx, user.id, FLOW_METHODS[verified.kind])
          if (!flow)
            throw badRequest(
              'flow_state_not_found',
              'invalid flow state, no valid flow state found',
            )
          return withQuery(redirectTo, { code: await issueAuthCode(tx, flow.id, user.id) })
        }
        const session = await signIn(tx, deps, user, AMR_OF_KIND[verified.kind])
        return withFragment(redirectTo, {
          access_token: session.access_token,
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: session.refresh_token,
          token_type: 'bearer',
          type: verified.kind,
        })
      })
      return c.redirect(target, 303)
    } catch (error) {
      return redirectWithError(c, redirectTo, error, pkceLink)
    }
  })

  app.post('/resend', async (c) => {
    const body = await readJsonBody(c, resendBody)
    if (body.phone && !body.email)
      throw badRequest('phone_provider_disabled', 'Phone logins are disabled')
    if (body.type !== 'signup' && body.type !== 'email_change') {
      throw badRequest(
        'validation_failed',
        'Missing one of these types: signup, email_change, sms, phone_change',
      )
    }
    if (!body.email)
      throw badRequest('validation_failed', 'Email is required for signup and email_change')
    const email = validateEmail(body.email)
    const kind = body.type
    const redirectTo = resolveRedirect(config, c.req.query('redirect_to'))
    await sql.begin(async (tx) => {
      const user =
        kind === 'signup'
          ? await findUserByEmail(tx, email)
          : (
              await tx<Awaited<ReturnType<typeof findUserByEmail>>[]>`
              select * from auth.users where email_change = ${email}
            `
            )[0]
      // Unknown or already confirmed addresses get the same empty answer: no enumeration.
      if (!user || (kind === 'signup' && user.email_confirmed_at)) return
      await sendEmailToken(tx, deps, { kind, user, redirectTo })
    })
    return c.json({})
  })

  app.post('/recover', async (c) => {
    const body = await readJsonBody(c, recoverBody)
    spendEmailAttempt(deps.limits, 'signInSignUps', body.email)
    if (!body.email) throw unprocessable('validation_failed', 'Password recovery requires an email')
    const email = validateEmail(body.email)
    const pkce = readPkce(body)
    const redirectTo = resolveRedirect(config, c.req.query('redirect_to'))
    await sql.begin(async (tx) => {
      const user = await findUserByEmail(tx, email)
      if (user) await sendEmailToken(tx, deps, { kind: 'recovery', user, redirectTo, pkce })
    })
    return c.json({})
  })

  return app
}

/** GoTrue's error redirect: `error`, `error_code`, `error_description` in the query (PKCE) or fragment. */
function redirectWithError(c: Context, redirectTo: string, error: unknown, pkce: boolean) {
  if (!(error instanceof AuthError)) throw error
  const params = {
    error: error.status === 403 ? 'access_denied' : 'server_error',
    error_code: error.code,
    error_description:
      error.code === 'otp_expired' ? 'Email link is invalid or has expired' : error.message,
  }
  const target = pkce ? withQuery(redirectTo, params) : withFragment(redirectTo, params)
  return c.redirect(target, 303)
}
