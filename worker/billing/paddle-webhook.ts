import type { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { problemResponse } from '../api/api-error-response'
import { ApiProblem } from '../api/api-problem'
import type { AppEnv } from '../env'
import { logError } from '../errors/log'
import { BillingEventError, readBillingEvent } from './paddle-events'
import { paddleSettings, webhookSecrets } from './paddle-settings'
import { freshSignatureHeader, signatureMatches } from './paddle-signature'
import { applyBillingEvent } from './plan-writer'

/** Where Paddle's notification destination posts (set in Paddle > Developer tools). */
export const PADDLE_WEBHOOK_PATH = '/webhooks/paddle'

/** Paddle's events are a few kilobytes; nothing larger is read. */
const MAX_EVENT_BYTES = 256 * 1024

/**
 * Paddle's webhooks, the only writer of plans. A request whose signature header is missing,
 * malformed or older than 5 seconds (a replay) is refused before its body is read, one whose
 * body does not match the signature before it is parsed (401); a signed event is applied once
 * by its id and only when newer than what is stored (worker/billing/plan-writer.ts). Paddle
 * retries anything but a 2xx, so an event we cannot use is still answered 200 once recorded.
 */
export function addPaddleWebhook(app: Hono<AppEnv>): void {
  app.post(
    PADDLE_WEBHOOK_PATH,
    bodyLimit({
      maxSize: MAX_EVENT_BYTES,
      onError: (c) => problemResponse(c, new ApiProblem('payload_too_large', { limit: '256 KB' })),
    }),
    async (c) => {
      const settings = paddleSettings(c.env)
      // Pro is not sold here: the path does not exist.
      if (!settings) return problemResponse(c, new ApiProblem('not_found'))
      const header = freshSignatureHeader(c.req.header('Paddle-Signature'))
      const refused = () => problemResponse(c, new ApiProblem('webhook_signature_invalid'))
      if (!header) return refused()
      const raw = await c.req.text()
      if (!(await signatureMatches(raw, header, webhookSecrets(c.env)))) return refused()
      let body: unknown
      try {
        body = JSON.parse(raw)
      } catch {
        return problemResponse(c, new ApiProblem('malformed_json'))
      }
      try {
        const event = readBillingEvent(body)
        const outcome = await applyBillingEvent(c.env, event, body, settings.prices, new Date())
        if (outcome === 'unmatched') logError(c, new Error(`No user for ${event.id}`), 'billing')
        return c.json({ outcome }, 200, { 'Cache-Control': 'no-store' })
      } catch (error) {
        if (!(error instanceof BillingEventError)) return problemResponse(c, error)
        logError(c, error, 'billing: unreadable event')
        return problemResponse(c, new ApiProblem('webhook_event_unreadable'))
      }
    },
  )
}
