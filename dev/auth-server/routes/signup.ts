import { randomUUID } from 'node:crypto'
import bcrypt from 'bcryptjs'
import { Hono } from 'hono'
import { z } from 'zod'
import type { AuthDeps } from '../deps'
import { sendEmailToken } from '../email-tokens'
import { badRequest, unprocessable } from '../errors'
import { readPkce } from '../flow-state'
import { spendAttempt, spendEmailAttempt } from '../rate-limits'
import { resolveRedirect } from '../redirects'
import { readJsonBody } from '../request-body'
import { signIn } from '../sessions'
import { findUserByEmail, insertEmailUser, userResponse } from '../users'
import { assertStrongPassword, validateEmail } from '../validation'

const signupBody = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  data: z.record(z.string(), z.unknown()).nullish(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
  channel: z.string().optional(),
})

export function signupRoutes(deps: AuthDeps) {
  const { sql, config } = deps
  return new Hono().post('/signup', async (c) => {
    spendAttempt(deps.limits, 'signInSignUps', c)
    const body = await readJsonBody(c, signupBody)
    spendEmailAttempt(deps.limits, 'signInSignUps', body.email)
    if (config.disableSignup) {
      throw unprocessable('signup_disabled', 'Signups not allowed for this instance')
    }
    if (body.phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled')
    if (!body.email) {
      if (!body.password) {
        throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
      }
      throw badRequest('validation_failed', 'To signup, please provide your email')
    }
    const email = validateEmail(body.email)
    if (!body.password) {
      throw unprocessable('validation_failed', 'Signup requires a valid password')
    }
    assertStrongPassword(body.password, config)
    const pkce = readPkce(body)
    const redirectTo = resolveRedirect(config, c.req.query('redirect_to'))
    const encryptedPassword = await bcrypt.hash(body.password, config.bcryptCost)

    const result = await sql.begin(async (tx) => {
      const existing = await findUserByEmail(tx, email)
      if (existing?.email_confirmed_at) {
        if (config.mailerAutoconfirm) {
          throw unprocessable('user_already_exists', 'User already registered')
        }
        // Confirmation mode hides whether the address is taken: a look-alike user, no mail.
        const obfuscated = await userResponse(tx, existing)
        return {
          user: { ...obfuscated, id: randomUUID(), identities: [], user_metadata: {} },
        } as const
      }
      const user =
        existing ??
        (await insertEmailUser(tx, {
          email,
          encryptedPassword,
          userMetadata: body.data ?? {},
          provider: 'email',
          emailConfirmed: config.mailerAutoconfirm,
        }))
      if (config.mailerAutoconfirm) return { session: await signIn(tx, deps, user, 'password') }
      await sendEmailToken(tx, deps, { kind: 'signup', user, redirectTo, pkce })
      const sent = await findUserByEmail(tx, email)
      return { user: await userResponse(tx, sent ?? user) }
    })
    return c.json('session' in result ? result.session : result.user)
  })
}
