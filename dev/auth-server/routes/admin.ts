import bcrypt from 'bcryptjs'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { requireAdmin } from '../bearer'
import type { AuthDeps } from '../deps'
import { sendEmailToken } from '../email-tokens'
import { badRequest, notFound, unprocessable } from '../errors'
import { resolveRedirect } from '../redirects'
import { readJsonBody } from '../request-body'
import { removeFactor } from './factors'
import {
  factorsResponse,
  findUserByEmail,
  insertEmailUser,
  requireUser,
  userResponse,
  type UserRow,
} from '../users'
import { assertStrongPassword, validateEmail } from '../validation'

const metadata = z.record(z.string(), z.unknown()).nullish()
const createBody = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  email_confirm: z.boolean().optional(),
  phone_confirm: z.boolean().optional(),
  user_metadata: metadata,
  app_metadata: metadata,
  ban_duration: z.string().optional(),
  role: z.string().optional(),
})
const updateBody = createBody
const inviteBody = z.object({ email: z.string().optional(), data: metadata })

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const EMAIL_TAKEN = 'A user with this email address has already been registered'

/** A `page` or `per_page` query value: GoTrue parses it as an unsigned integer or refuses. */
function paginationParam(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback
  if (!/^\d+$/.test(value)) {
    throw badRequest(
      'validation_failed',
      `Bad Pagination Parameters: strconv.ParseUint: parsing "${value}": invalid syntax`,
    )
  }
  return Number(value)
}

/** `ban_duration` as GoTrue reads it: "none" lifts a ban, "24h", "30m", "90s" set one. */
function bannedUntil(duration: string | undefined): Date | null | undefined {
  if (duration === undefined) return undefined
  if (duration === 'none') return null
  const match = /^(\d+)(h|m|s)$/.exec(duration)
  if (!match) throw unprocessable('validation_failed', 'invalid format for ban duration')
  const seconds = Number(match[1]) * { h: 3600, m: 60, s: 1 }[match[2] as 'h' | 'm' | 's']
  return new Date(Date.now() + seconds * 1000)
}

export function adminRoutes(deps: AuthDeps) {
  const { sql, config, keys } = deps
  const app = new Hono()
  app.use('/admin/*', (c, next) => requireAdmin(c, keys).then(next))
  app.use('/invite', (c, next) => requireAdmin(c, keys).then(next))

  const userIdParam = (c: Context) => {
    const id = c.req.param('id') ?? ''
    if (!UUID.test(id)) throw notFound('validation_failed', 'user_id must be an UUID')
    return id
  }

  app.post('/admin/users', async (c) => {
    const body = await readJsonBody(c, createBody)
    if (!body.email)
      throw unprocessable('validation_failed', 'Unable to validate email address: invalid format')
    const email = validateEmail(body.email)
    if (body.password !== undefined) assertStrongPassword(body.password, config)
    const ban = bannedUntil(body.ban_duration)
    const hash = body.password ? await bcrypt.hash(body.password, config.bcryptCost) : null
    const user = await sql.begin(async (tx) => {
      if (await findUserByEmail(tx, email)) throw unprocessable('email_exists', EMAIL_TAKEN)
      const created = await insertEmailUser(tx, {
        email,
        encryptedPassword: hash,
        userMetadata: body.user_metadata ?? {},
        exactUserMetadata: true,
        appMetadata: body.app_metadata ?? {},
        provider: 'email',
        emailConfirmed: body.email_confirm === true,
      })
      if (ban !== undefined || body.role) {
        await tx`
          update auth.users set banned_until = ${ban ?? null}, role = ${body.role ?? created.role}
          where id = ${created.id}
        `
      }
      return requireUser(tx, created.id)
    })
    return c.json(await userResponse(sql, user))
  })

  app.get('/admin/users', async (c) => {
    const page = Math.max(1, paginationParam(c.req.query('page'), 1))
    const perPage = Math.min(1000, Math.max(1, paginationParam(c.req.query('per_page'), 50)))
    const [{ total } = { total: 0 }] = await sql<{ total: number }[]>`
      select count(*)::int as total from auth.users
    `
    const rows = await sql<UserRow[]>`
      select * from auth.users order by created_at desc, id
      limit ${perPage} offset ${(page - 1) * perPage}
    `
    const users = await Promise.all(rows.map((row) => userResponse(sql, row)))
    const lastPage = Math.max(1, Math.ceil(total / perPage))
    const link = (p: number, rel: string) =>
      `</admin/users?page=${p}&per_page=${perPage}>; rel="${rel}"`
    const links = [...(page < lastPage ? [link(page + 1, 'next')] : []), link(lastPage, 'last')]
    c.header('X-Total-Count', String(total))
    c.header('Link', links.join(', '))
    return c.json({ users, aud: 'authenticated' })
  })

  app.get('/admin/users/:id', async (c) => {
    return c.json(await userResponse(sql, await requireUser(sql, userIdParam(c))))
  })

  app.get('/admin/users/:id/factors', async (c) => {
    const user = await requireUser(sql, userIdParam(c))
    return c.json(await factorsResponse(sql, user.id))
  })

  app.delete('/admin/users/:id/factors/:factorId', async (c) => {
    const user = await requireUser(sql, userIdParam(c))
    const factorId = c.req.param('factorId')
    if (!UUID.test(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID')
    // GoTrue answers with the deleted factor, as the list shows it.
    const factor = (await factorsResponse(sql, user.id)).find(
      (listed) => listed.id === factorId.toLowerCase(),
    )
    if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found')
    await sql.begin((tx) => removeFactor(tx, { id: factor.id, user_id: user.id }))
    return c.json(factor)
  })

  // Passkeys are off, so no user has one (GoTrue serves these even then).
  app.get('/admin/users/:id/passkeys', async (c) => {
    await requireUser(sql, userIdParam(c))
    return c.json([])
  })
  app.delete('/admin/users/:id/passkeys/:passkeyId', async (c) => {
    await requireUser(sql, userIdParam(c))
    throw notFound('validation_failed', 'Passkey not found')
  })

  app.put('/admin/users/:id', async (c) => {
    const id = userIdParam(c)
    const body = await readJsonBody(c, updateBody)
    const email = body.email !== undefined ? validateEmail(body.email) : undefined
    if (body.password !== undefined) assertStrongPassword(body.password, config)
    const ban = bannedUntil(body.ban_duration)
    const hash = body.password ? await bcrypt.hash(body.password, config.bcryptCost) : undefined
    const user = await sql.begin(async (tx) => {
      const current = await requireUser(tx, id)
      if (email && email !== current.email && (await findUserByEmail(tx, email))) {
        throw unprocessable('email_exists', EMAIL_TAKEN)
      }
      const userMetadata = { ...current.raw_user_meta_data, ...body.user_metadata }
      const appMetadata = { ...current.raw_app_meta_data, ...body.app_metadata }
      await tx`
        update auth.users set
          email = ${email ?? current.email},
          encrypted_password = ${hash ?? current.encrypted_password},
          email_confirmed_at = ${body.email_confirm ? (current.email_confirmed_at ?? new Date()) : current.email_confirmed_at},
          raw_user_meta_data = ${tx.json(userMetadata as never)},
          raw_app_meta_data = ${tx.json(appMetadata as never)},
          banned_until = ${ban === undefined ? current.banned_until : ban},
          role = ${body.role ?? current.role},
          updated_at = now()
        where id = ${id}
      `
      return requireUser(tx, id)
    })
    return c.json(await userResponse(sql, user))
  })

  app.delete('/admin/users/:id', async (c) => {
    const id = userIdParam(c)
    const deleted = await sql`delete from auth.users where id = ${id} returning id`
    if (!deleted.length) throw notFound('user_not_found', 'User not found')
    return c.json({})
  })

  app.post('/invite', async (c) => {
    const body = await readJsonBody(c, inviteBody)
    if (!body.email)
      throw unprocessable('validation_failed', 'Unable to validate email address: invalid format')
    const email = validateEmail(body.email)
    const redirectTo = resolveRedirect(config, c.req.query('redirect_to'))
    const user = await sql.begin(async (tx) => {
      const existing = await findUserByEmail(tx, email)
      if (existing?.email_confirmed_at) throw unprocessable('email_exists', EMAIL_TAKEN)
      const invited =
        existing ??
        (await insertEmailUser(tx, {
          email,
          encryptedPassword: null,
          userMetadata: body.data ?? {},
          provider: 'email',
          emailConfirmed: false,
          invited: true,
        }))
      await tx`update auth.users set invited_at = now() where id = ${invited.id}`
      await sendEmailToken(tx, deps, { kind: 'invite', user: invited, redirectTo })
      return requireUser(tx, invited.id)
    })
    return c.json(await userResponse(sql, user))
  })

  return app
}
