import type { Hono } from 'hono'
import { problemResponse } from '../api/api-error-response'
import { ApiProblem } from '../api/api-problem'
import type { AppEnv } from '../env'
import { logError } from '../errors/log'
import { applyBillingEvent } from './billing-store'
import { BillingEventError, readBillingEvent } from './paddle-events'
import { webhookSecrets } from './paddle-settings'
import { verifyPaddleSignature } from './paddle-signature'

/** Where Paddle's notification destination posts (set in Paddle > Developer tools). */
export const PADDLE_WEBHOOK_PATH = '/webhooks/paddle'

/**
 * Paddle's webhooks, the only writer of plans: a body whose signature fails (or is older than 5
 * seconds: a replay) is refused unread (401); a signed event is applied once by its id and only
 * when newer than what is stored (worker/billing/billing-store.ts). Paddle retries anything but a
 * 2xx, so an event we cannot use is still answered 200 once recorded.
 */
export function addPaddleWebhook(app: Hono<AppEnv>): void {
  app.post(PADDLE_WEBHOOK_PATH, async (c) => {
    const secrets = webhookSecrets(c.env)
    // No destination here: the path does not exist.
    if (secrets.length === 0) return problemResponse(c, new ApiProblem('not_found'))
    const raw = await c.req.text()
    if (!(await verifyPaddleSignature(raw, c.req.header('Paddle-Signature'), secrets))) {
      return problemResponse(c, new ApiProblem('webhook_signature_invalid'))
    }
    let body: unknown
    try {
      body = JSON.parse(raw)
    } catch {
      return problemResponse(c, new ApiProblem('malformed_json'))
    }
    try {
      const event = readBillingEvent(body)
      const outcome = await applyBillingEvent(c.env, event, body, new Date())
      if (outcome === 'unmatched') logError(c, new Error(`No user for ${event.id}`), 'billing')
      return c.json({ outcome }, 200, { 'Cache-Control': 'no-store' })
    } catch (error) {
      if (!(error instanceof BillingEventError)) return problemResponse(c, error)
      logError(c, error, 'billing: unreadable event')
      return problemResponse(c, new ApiProblem('webhook_event_unreadable'))
    }
  })
}
