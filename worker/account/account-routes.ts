import type { Context, Hono } from 'hono'
import { isLocale, type Locale } from '../../shared/i18n/locales'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { claimsOf } from '../auth/session'
import { requestLocale } from '../i18n/request-locale'
import { withOwnerTransaction } from '../db/run-as-owner'
import { DatabaseUnavailableError, withUserTransaction } from '../db/run-as-user'
import { cancelNow, PaddleApiError } from '../billing/paddle-api'
import { paddleSettings } from '../billing/paddle-settings'
import type { AppEnv, Env } from '../env'
import { errorResponse } from '../errors/error-response'
import { logError } from '../errors/log'

/** The errors of the account API, each with a message under `profile.apiErrors.<code>`. */
export type AccountErrorCode =
  'not_authenticated' | 'reauthentication_needed' | 'unavailable' | 'unexpected'

const STATUS: Record<AccountErrorCode, 401 | 403 | 500 | 503> = {
  not_authenticated: 401,
  reauthentication_needed: 403,
  unavailable: 503,
  unexpected: 500,
}

/**
 * The language of the answer: `locale` of the JSON body (the page that calls sends its own),
 * else the API's rule (`?locale=`, `Accept-Language` by its q-values, Turkish).
 */
function localeOf(c: Context<AppEnv>, body: Record<string, unknown>): Locale {
  return isLocale(body.locale) ? body.locale : requestLocale(c)
}

async function accountError(c: Context<AppEnv>, locale: Locale, code: AccountErrorCode) {
  const { t } = createTranslator(locale, await loadMessages(locale))
  return errorResponse(c, STATUS[code], { code, message: t(`profile.apiErrors.${code}`) })
}

/**
 * The user's subscriptions Paddle still bills, read as the database owner: a session at `aal1`
 * sees none of its billing rows once a factor is verified, yet may delete the account.
 */
async function billedSubscriptionsOf(env: Env, userId: string): Promise<string[]> {
  const rows = await withOwnerTransaction(
    env,
    (sql) => sql<{ id: string }[]>`
      select id from public.billing_subscriptions
      where user_id = ${userId} and status <> 'canceled'
    `,
  )
  return rows.map((row) => row.id)
}

/** Ends the subscriptions at Paddle now; without Paddle's settings, none can be running. */
async function cancelSubscriptions(env: Env, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  const settings = paddleSettings(env)
  if (!settings) throw new PaddleApiError(0, 'not_configured')
  for (const id of ids) await cancelNow(settings, id)
}

/** The message Postgres raised (`raise exception '...'`), if the error came from there. */
function postgresMessage(error: unknown): string {
  return typeof error === 'object' && error && 'message' in error ? String(error.message) : ''
}

/**
 * The account API. `POST /api/account/delete` deletes the caller's account through
 * `public.delete_my_account()`, run as the caller so the database itself decides: it refuses
 * unless the session's newest sign-in is at most five minutes old. A Pro subscription still
 * running is cancelled at Paddle at once, before the deletion commits. Afterwards the session's
 * cookies are cleared. Cookie writes are Origin-checked by `sameOriginWrites` before this runs.
 *
 * @example
 * await fetch('/api/account/delete', { method: 'POST', body: JSON.stringify({ locale: 'de' }) })
 */
export function addAccountRoutes(app: Hono<AppEnv>): void {
  app.post('/api/account/delete', async (c) => {
    const body = await c.req.json<Record<string, unknown>>().catch(() => ({}))
    const locale = localeOf(c, body ?? {})
    const claims = claimsOf(c)
    if (!claims) return accountError(c, locale, 'not_authenticated')
    try {
      const running = await billedSubscriptionsOf(c.env, claims.sub)
      await withUserTransaction(c.env, claims, async (sql) => {
        await sql`select public.delete_my_account()`
        // Before the deletion commits: Paddle must not charge an account that is gone, and if
        // it cannot be told, nothing is deleted. (Should the commit itself then fail, the
        // subscription is cancelled and the account stays, on Free: nothing is lost.)
        await cancelSubscriptions(c.env, running)
      })
    } catch (error) {
      if (error instanceof DatabaseUnavailableError || error instanceof PaddleApiError) {
        if (error instanceof PaddleApiError) logError(c, error, 'delete_my_account: paddle')
        return accountError(c, locale, 'unavailable')
      }
      const message = postgresMessage(error)
      if (message === 'reauthentication_needed') {
        return accountError(c, locale, 'reauthentication_needed')
      }
      if (message === 'not_authenticated') return accountError(c, locale, 'not_authenticated')
      logError(c, error, 'delete_my_account')
      return accountError(c, locale, 'unexpected')
    }
    // The sessions went with the user; this only expires the cookies (the auth server's 401/404
    // for a session it no longer knows counts as signed out).
    await c
      .get('auth')
      .client()
      .auth.signOut({ scope: 'local' })
      .catch(() => undefined)
    return c.json({ ok: true }, 200, { 'Cache-Control': 'no-store' })
  })
}
