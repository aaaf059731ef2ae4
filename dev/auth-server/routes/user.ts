import bcrypt from 'bcryptjs'
import { Hono } from 'hono'
import { z } from 'zod'
import { requireCaller } from '../bearer'
import type { AuthDeps } from '../deps'
import { sendEmailToken } from '../email-tokens'
import { badRequest, unprocessable } from '../errors'
import { isExpired, tokenHash } from '../one-time-tokens'
import { resolveRedirect } from '../redirects'
import { readJsonBody } from '../request-body'
import { findUserByEmail, requireUser, userResponse } from '../users'
import { assertStrongPassword, validateEmail } from '../validation'

const updateBody = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  phone: z.string().optional(),
  data: z.record(z.string(), z.unknown()).nullish(),
  nonce: z.string().optional(),
  current_password: z.string().optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.string().optional(),
})

const LOGOUT_SCOPES = ['global', 'local', 'others'] as const

export function userRoutes(deps: AuthDeps) {
  const { sql, config, keys } = deps
  const app = new Hono()

  app.get('/user', async (c) => {
    const { user } = await requireCaller(c, sql, keys)
    return c.json(await userResponse(sql, user))
  })

  app.put('/user', async (c) => {
    const caller = await requireCaller(c, sql, keys)
    const body = await readJsonBody(c, updateBody)
    if (body.phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled')
    const redirectTo = resolveRedirect(config, c.req.query('redirect_to'))
    const newEmail = body.email !== undefined ? validateEmail(body.email) : undefined
    if (body.password !== undefined) assertStrongPassword(body.password, config)

    if (
      body.password !== undefined &&
      body.nonce === undefined &&
      sessionOlderThan(caller.session.created_at, config.passwordReauthenticationAfter)
    ) {
      throw badRequest('reauthentication_needed', 'Password update requires reauthentication')
    }
    const user = await sql.begin(async (tx) => {
      let user = await requireUser(tx, caller.user.id)
      if (body.nonce !== undefined) {
        const expected = user.email ? tokenHash(user.email, body.nonce) : ''
        if (
          user.reauthentication_token !== expected ||
          isExpired(user.reauthentication_sent_at, config.otpExpiry)
        ) {
          throw unprocessable('reauthentication_not_valid', 'Requested credentials are not valid')
        }
        await tx`update auth.users set reauthentication_token = '' where id = ${user.id}`
      }
      if (body.password !== undefined) {
        if (
          user.encrypted_password &&
          (await bcrypt.compare(body.password, user.encrypted_password))
        ) {
          throw unprocessable(
            'same_password',
            'New password should be different from the old password.',
          )
        }
        const hash = await bcrypt.hash(body.password, config.bcryptCost)
        await tx`update auth.users set encrypted_password = ${hash}, updated_at = now() where id = ${user.id}`
      }
      if (body.data) {
        // Top-level keys are merged; a null value removes the key, as in GoTrue.
        const merged: Record<string, unknown> = { ...(user.raw_user_meta_data ?? {}), ...body.data }
        for (const [key, value] of Object.entries(merged)) if (value === null) delete merged[key]
        await tx`
          update auth.users set raw_user_meta_data = ${tx.json(merged as never)}, updated_at = now()
          where id = ${user.id}
        `
      }
      if (newEmail !== undefined && newEmail !== user.email) {
        if (await findUserByEmail(tx, newEmail)) {
          throw unprocessable(
            'email_exists',
            'A user with this email address has already been registered',
          )
        }
        if (config.mailerAutoconfirm) {
          await tx`update auth.users set email = ${newEmail}, updated_at = now() where id = ${user.id}`
          await tx`
            update auth.identities
            set identity_data = identity_data || jsonb_build_object('email', ${newEmail}::text)
            where user_id = ${user.id} and provider = 'email'
          `
        } else {
          await tx`update auth.users set email_change = ${newEmail} where id = ${user.id}`
          user = await requireUser(tx, user.id)
          await sendEmailToken(tx, deps, { kind: 'email_change', user, redirectTo })
        }
      }
      return requireUser(tx, user.id)
    })
    return c.json(await userResponse(sql, user))
  })

  app.get('/reauthenticate', async (c) => {
    const { user } = await requireCaller(c, sql, keys)
    if (!user.email)
      throw unprocessable(
        'validation_failed',
        'Reauthentication requires the user to have an email or a phone number',
      )
    await sql.begin((tx) =>
      sendEmailToken(tx, deps, { kind: 'reauthentication', user, redirectTo: config.siteUrl }),
    )
    return c.json({})
  })

  app.post('/logout', async (c) => {
    const { user, session } = await requireCaller(c, sql, keys)
    const scope = LOGOUT_SCOPES.find((s) => s === (c.req.query('scope') ?? 'global'))
    if (!scope) {
      throw badRequest('validation_failed', `Unsupported logout scope "${c.req.query('scope')}"`)
    }
    if (scope === 'local') await sql`delete from auth.sessions where id = ${session.id}`
    if (scope === 'others') {
      await sql`delete from auth.sessions where user_id = ${user.id} and id <> ${session.id}`
    }
    if (scope === 'global') await sql`delete from auth.sessions where user_id = ${user.id}`
    return c.body(null, 204)
  })

  return app
}

/** Whether a session began more than `seconds` ago (never, when the check is off). */
function sessionOlderThan(createdAt: Date, seconds: number | null): boolean {
  return seconds !== null && Date.now() - createdAt.getTime() > seconds * 1000
}
