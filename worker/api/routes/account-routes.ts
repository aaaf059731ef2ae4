import { OpenAPIHono } from '@hono/zod-openapi'
import { z } from 'zod'
import { cancelNow, PaddleApiError } from '../../billing/paddle-api'
import { paddleSettings } from '../../billing/paddle-settings'
import { withOwnerTransaction } from '../../db/run-as-owner'
import { withUserTransaction } from '../../db/run-as-user'
import type { AppEnv, Env } from '../../env'
import { logError } from '../../errors/log'
import { callerClaims } from '../api-caller'
import { postgresError } from '../api-error-response'
import { ApiProblem } from '../api-problem'
import { errorResponses, json } from './openapi-shapes'
import { privateRoute } from './private-route'

export const deleteAccountRoute = privateRoute({
  method: 'post',
  path: '/account/delete',
  tags: ['Account'],
  summary: 'Delete your account and everything in it, for good',
  description:
    'Runs `public.delete_my_account()` as you, so the database decides: `403 ' +
    'reauthentication_needed` unless your newest sign-in is at most five minutes old. A Pro ' +
    'subscription still billed is cancelled at Paddle at once, before the deletion commits; ' +
    'when Paddle cannot be told, nothing is deleted (`502 payment_provider_unavailable`). ' +
    "Afterwards the session's cookies are expired.",
  responses: {
    200: json(z.object({ ok: z.literal(true) }), 'Deleted'),
    ...errorResponses(401, 403, 502, 503),
  },
})

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

export const accountRoutes = new OpenAPIHono<AppEnv>().openapi(deleteAccountRoute, async (c) => {
  const claims = await callerClaims(c)
  const running = await billedSubscriptionsOf(c.env, claims.sub)
  try {
    await withUserTransaction(c.env, claims, async (sql) => {
      await sql`select public.delete_my_account()`
      // Before the deletion commits: Paddle must not charge an account that is gone, and if it
      // cannot be told, nothing is deleted. (Should the commit itself then fail, the
      // subscription is cancelled and the account stays, on Free: nothing is lost.)
      await cancelSubscriptions(c.env, running)
    })
  } catch (error) {
    if (error instanceof PaddleApiError) {
      logError(c, error, 'delete_my_account: paddle')
      throw new ApiProblem('payment_provider_unavailable')
    }
    // The function's own refusals (`raise exception '…'`); anything else is the API's to say.
    const refusal = postgresError(error)?.message
    if (refusal === 'reauthentication_needed') throw new ApiProblem('reauthentication_needed')
    if (refusal === 'not_authenticated') throw new ApiProblem('not_authenticated')
    throw error
  }
  // The sessions went with the user; this only expires the cookies (the auth server's 401/404
  // for a session it no longer knows counts as signed out).
  await c
    .get('auth')
    .client()
    .auth.signOut({ scope: 'local' })
    .catch(() => undefined)
  return c.json({ ok: true as const }, 200)
})
