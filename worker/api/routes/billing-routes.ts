import { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { z } from 'zod'
import {
  billingLinkSchema,
  billingSchema,
  checkoutRequestSchema,
  checkoutSchema,
  periodChangeSchema,
} from '../../../shared/api/schemas'
import { customerOf, recordCheckout, rememberCustomer } from '../../billing/checkout-store'
import {
  changePrice,
  customerFor,
  invoiceUrl,
  openTransaction,
  PaddleApiError,
  portalUrl,
} from '../../billing/paddle-api'
import { paddleSettings, type PaddleSettings } from '../../billing/paddle-settings'
import type { AppEnv } from '../../env'
import { logError } from '../../errors/log'
import { callerClaims } from '../api-caller'
import { asCaller, type ApiDb } from '../api-database'
import { ApiProblem } from '../api-problem'
import { API_RATE_BUDGETS, routeRateLimit } from '../api-rate-limit'
import { assuranceMet, readCallerBilling, runningSubscription } from '../store/billing-store'
import { errorResponses, json, jsonBody } from './openapi-shapes'
import { privateRoute } from './private-route'

const tags = ['Billing']
const { billing } = API_RATE_BUDGETS
const budget = `Each call asks Paddle: at most ${billing.limit} a minute per caller.`
/** The routes that call Paddle spend a budget of their own: its quota is the whole site's. */
const callsPaddle = routeRateLimit(billing)

export const billingRoute = privateRoute({
  method: 'get',
  path: '/billing',
  tags,
  summary: 'Your plan, your Pro subscription and its invoices',
  responses: { 200: json(billingSchema, 'Your plan and billing'), ...errorResponses(401, 503) },
})

export const checkoutRoute = privateRoute(
  {
    method: 'post',
    path: '/billing/checkout',
    tags,
    summary: "Open Paddle's checkout for Pro, monthly or yearly",
    description:
      'Answers the transaction that Paddle.js opens as the checkout. `startNow` is the consent ' +
      'that Pro starts at once, within the 14 days of the right of withdrawal. `409 already_pro` ' +
      'while Pro runs or a subscription is still billed; `403 second_factor_required` at `aal1` ' +
      'once a factor is verified; `404 checkout_unavailable` where Pro is not sold. ' +
      budget,
    request: { body: jsonBody(checkoutRequestSchema) },
    responses: {
      201: json(checkoutSchema, 'The checkout to open'),
      ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 502, 503),
    },
  },
  callsPaddle,
)

export const portalRoute = privateRoute(
  {
    method: 'post',
    path: '/billing/portal',
    tags,
    summary: "A link into Paddle's customer portal: card, cancellation, invoices",
    description: budget,
    responses: {
      200: json(billingLinkSchema, 'The link, valid for a short while'),
      ...errorResponses(401, 403, 404, 502, 503),
    },
  },
  callsPaddle,
)

export const periodRoute = privateRoute(
  {
    method: 'post',
    path: '/billing/period',
    tags,
    summary: 'Bill Pro monthly or yearly from now on, paying the new period at once',
    description:
      'The rest of the current period is credited and the new one charged at once; the plan and ' +
      'the invoices change when Paddle says so (its webhook). `404 no_subscription` without a ' +
      'running subscription, `409 conflict` when it is billed so already or Paddle refuses. ' +
      budget,
    request: { body: jsonBody(periodChangeSchema) },
    responses: {
      202: json(z.object({}), 'Asked of Paddle'),
      ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 502, 503),
    },
  },
  callsPaddle,
)

export const invoiceRoute = privateRoute(
  {
    method: 'get',
    path: '/billing/invoices/{id}',
    tags,
    summary: "A link to one of your invoices as a PDF, at Paddle's",
    description: budget,
    request: { params: z.object({ id: z.string().regex(/^txn_[a-z0-9]{26}$/) }) },
    responses: {
      200: json(billingLinkSchema, 'The link, valid for a short while'),
      ...errorResponses(400, 401, 404, 502, 503),
    },
  },
  callsPaddle,
)

function settingsOf(c: Context<AppEnv>): PaddleSettings {
  const settings = paddleSettings(c.env)
  if (!settings) throw new ApiProblem('checkout_unavailable')
  return settings
}

/**
 * Paddle refused (logged; 409, the request does not fit the subscription's state there) or did
 * not answer (502: whether a change went through is then unknown, which the message allows).
 */
async function atPaddle<T>(c: Context<AppEnv>, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (!(error instanceof PaddleApiError)) throw error
    logError(c, error, 'billing: paddle')
    const refused = error.status >= 400 && error.status < 500 && error.status !== 429
    throw new ApiProblem(refused ? 'conflict' : 'payment_provider_unavailable')
  }
}

/**
 * The caller's running subscription, read as them: at `aal1` with a verified factor their
 * billing is theirs to see only after the code, like every other row of theirs.
 */
async function actingOn(db: ApiDb) {
  if (!(await assuranceMet(db.sql))) throw new ApiProblem('second_factor_required')
  return runningSubscription(db.sql)
}

export function readBilling(db: ApiDb, c: Context<AppEnv>) {
  return readCallerBilling(db.sql, paddleSettings(c.env) !== null)
}

/** The billing routes, relative to /api. */
export const billingRoutes = new OpenAPIHono<AppEnv>()
  .openapi(billingRoute, async (c) => c.json(await asCaller(c, (db) => readBilling(db, c)), 200))
  .openapi(checkoutRoute, async (c) => {
    const { period } = c.req.valid('json')
    const settings = settingsOf(c)
    const claims = await callerClaims(c)
    // Pro already, or a subscription Paddle still bills (its payment given back): not twice.
    const subscribed = await asCaller(c, async (db) => {
      const running = await actingOn(db)
      const [row] = await db.sql<{ plan: string }[]>`select public.current_plan() as plan`
      return running !== null || row?.plan === 'pro'
    })
    if (subscribed) throw new ApiProblem('already_pro')
    // Every account has an email (the auth server's sign-up needs one); Paddle's customer too.
    const email = claims.email ?? ''
    const customerId = await atPaddle(c, async () => {
      const known = await customerOf(c.env, claims.sub)
      return known ?? rememberCustomer(c.env, claims.sub, await customerFor(settings, email))
    })
    if (customerId === null) {
      // Paddle's customer of this email pays for another account (one changed its email).
      logError(c, new Error(`Paddle customer of ${claims.sub} is another user's`), 'billing')
      throw new ApiProblem('conflict')
    }
    const transactionId = await atPaddle(c, () =>
      openTransaction(settings, {
        customerId,
        priceId: settings.prices[period],
        userId: claims.sub,
      }),
    )
    await recordCheckout(c.env, {
      transactionId,
      userId: claims.sub,
      period,
      consentedAt: new Date(),
    })
    return c.json(
      {
        transactionId,
        paddle: {
          scriptUrl: settings.scriptUrl,
          token: settings.clientToken,
          environment: settings.environment,
        },
      },
      201,
    )
  })
  .openapi(portalRoute, async (c) => {
    const settings = settingsOf(c)
    const claims = await callerClaims(c)
    const subscription = await asCaller(c, actingOn)
    const customerId = await customerOf(c.env, claims.sub)
    if (!customerId) throw new ApiProblem('no_subscription')
    const url = await atPaddle(c, () =>
      portalUrl(settings, customerId, subscription ? [subscription.id] : []),
    )
    return c.json({ url }, 200)
  })
  .openapi(periodRoute, async (c) => {
    const { period } = c.req.valid('json')
    const settings = settingsOf(c)
    const subscription = await asCaller(c, actingOn)
    if (!subscription) throw new ApiProblem('no_subscription')
    if (subscription.period === period) throw new ApiProblem('conflict')
    await atPaddle(c, () => changePrice(settings, subscription.id, settings.prices[period]))
    return c.json({}, 202)
  })
  .openapi(invoiceRoute, async (c) => {
    const { id } = c.req.valid('param')
    const found = await asCaller(
      c,
      (db) => db.sql`select 1 from public.billing_invoices where id = ${id}`,
    )
    if (found.length === 0) throw new ApiProblem('invoice_not_found')
    const settings = settingsOf(c)
    return c.json({ url: await atPaddle(c, () => invoiceUrl(settings, id)) }, 200)
  })
