import { randomBytes } from 'node:crypto'
import bcrypt from 'bcryptjs'
import { Hono } from 'hono'
import { z } from 'zod'
import { requireAdmin } from '../bearer'
import type { Db } from '../database'
import type { AuthDeps } from '../deps'
import { issueEmailToken } from '../email-tokens'
import { badRequest, notFound, unprocessable } from '../errors'
import { resolveRedirect } from '../redirects'
import { readJsonBody } from '../request-body'
import { findUserByEmail, insertEmailUser, requireUser, userResponse, type UserRow } from '../users'
import { assertStrongPassword, validateEmail } from '../validation'

const generateLinkBody = z.object({
  type: z.string().optional(),
  email: z.string().optional(),
  new_email: z.string().optional(),
  password: z.string().optional(),
  data: z.record(z.string(), z.unknown()).nullish(),
  redirect_to: z.string().optional(),
})
type GenerateLinkBody = z.infer<typeof generateLinkBody>

const EMAIL_TAKEN = 'A user with this email address has already been registered'

/**
 * `POST /admin/generate_link`: issues the token an email of `type` would carry, without sending
 * it, and answers with the user and the link, code and token hash.
 */
export function generateLinkRoutes(deps: AuthDeps) {
  const { sql, config, keys } = deps

  /**
   * Creates the user a signup or invite link is for, or refreshes the unconfirmed one. A new user
   * keeps exactly the `data` given, as GoTrue's generate_link (no identity claims, unlike `/signup`).
   */
  const prepareNewUser = async (
    tx: Db,
    type: 'signup' | 'invite',
    email: string,
    body: GenerateLinkBody,
    existing: UserRow | undefined,
    password: string | undefined,
  ): Promise<UserRow> => {
    if (existing?.email_confirmed_at) throw unprocessable('email_exists', EMAIL_TAKEN)
    if (existing) {
      if (type === 'signup' && body.data) {
        await tx`
          update auth.users
          set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || ${tx.json(body.data as never)}
          where id = ${existing.id}
        `
      }
      return requireUser(tx, existing.id)
    }
    return insertEmailUser(tx, {
      email,
      encryptedPassword: password ? await bcrypt.hash(password, config.bcryptCost) : null,
      userMetadata: body.data ?? {},
      exactUserMetadata: true,
      provider: 'email',
      emailConfirmed: false,
      invited: type === 'invite',
    })
  }

  return new Hono().post('/admin/generate_link', async (c) => {
    await requireAdmin(c, keys)
    const body = await readJsonBody(c, generateLinkBody)
    const email = validateEmail(body.email ?? '')
    const fromQuery = resolveRedirect(config, c.req.query('redirect_to'))
    const redirectTo =
      body.redirect_to && resolveRedirect(config, body.redirect_to) === body.redirect_to
        ? body.redirect_to
        : fromQuery

    const result = await sql.begin(async (tx) => {
      const existing = await findUserByEmail(tx, email)
      let type = body.type ?? ''
      let password = body.password
      if (!existing) {
        // A magic link for an unknown address signs the user up, with a password nobody knows.
        if (type === 'magiclink') {
          type = 'signup'
          password = randomBytes(32).toString('hex')
        } else if (['recovery', 'email_change_current', 'email_change_new'].includes(type)) {
          throw notFound('user_not_found', 'User with this email not found')
        }
      }
      switch (type) {
        case 'signup':
        case 'invite': {
          if (type === 'signup' && !existing) {
            if (!password)
              throw unprocessable('validation_failed', 'Signup requires a valid password')
            assertStrongPassword(password, config)
          }
          const user = await prepareNewUser(tx, type, email, body, existing, password)
          if (type === 'invite') {
            await tx`update auth.users set invited_at = now() where id = ${user.id}`
          }
          const issued = await issueEmailToken(tx, deps, { kind: type, user, redirectTo })
          return { type, user: user.id, issued }
        }
        case 'magiclink':
        case 'recovery': {
          const user = existing as UserRow
          const issued = await issueEmailToken(tx, deps, { kind: type, user, redirectTo })
          return { type, user: user.id, issued }
        }
        case 'email_change_current':
          // Locally an email change is confirmed by the new address only, as a hosted project
          // with "secure email change" off, which refuses this link type.
          throw badRequest(
            'validation_failed',
            'Enable secure email change to generate link for current email',
          )
        case 'email_change_new': {
          const user = existing as UserRow
          const newEmail = validateEmail(body.new_email ?? '')
          const owner = await findUserByEmail(tx, newEmail)
          if (owner && owner.id !== user.id) throw unprocessable('email_exists', EMAIL_TAKEN)
          await tx`update auth.users set email_change = ${newEmail} where id = ${user.id}`
          const changing = await requireUser(tx, user.id)
          const issued = await issueEmailToken(tx, deps, {
            kind: 'email_change',
            user: changing,
            redirectTo,
          })
          return { type, user: user.id, issued }
        }
        default:
          throw badRequest(
            'validation_failed',
            `Invalid email action link type requested: ${body.type ?? ''}`,
          )
      }
    })

    const user = await requireUser(sql, result.user)
    return c.json({
      ...(await userResponse(sql, user)),
      action_link: result.issued.confirmationUrl,
      email_otp: result.issued.code,
      hashed_token: result.issued.tokenHash,
      verification_type: result.type,
      redirect_to: redirectTo,
    })
  })
}
