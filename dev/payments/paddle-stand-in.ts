import { serve, type ServerType } from '@hono/node-server'
import { BillingState } from './billing-state'
import { EventLog } from './event-log'
import { LOCAL_PADDLE } from './local-paddle'
import { PaddleClock } from './paddle-clock'
import { createStandInApp } from './stand-in-app'

export interface PaddleStandIn {
  /** `http://127.0.0.1:<port>`: the API base URL, and the origin of its pages and paddle.js. */
  url: string
  close(): Promise<void>
  /** Where events are POSTed from now on; null stops sending (events are still recorded). */
  setWebhookUrl(url: string | null): void
  /** Resolves once every webhook queued so far was delivered or given up (for tests). */
  idle(): Promise<void>
}

export interface PaddleStandInOptions {
  /** 0 (the default): any free port. */
  port?: number
  webhookUrl?: string | null
  /** The clock of `occurred_at`, entity times, billing periods and link expiry (default: real time). */
  now?: () => Date
  /** The clock signatures are made with; receivers compare it to their own (default: real time). */
  signatureNow?: () => Date
}

/**
 * A local Paddle Billing (sandbox) on 127.0.0.1 for `npm run dev` and tests: the REST API subset
 * the worker calls, Paddle.js and its checkout overlay, the customer portal, invoice PDFs, and
 * signed webhooks in Paddle's formats, with LOCAL_PADDLE's keys and prices. Everything is kept
 * in memory. `/` shows the state; `/__stand-in/…` moves it along (see admin-api.ts).
 */
export async function startPaddleStandIn(
  options: PaddleStandInOptions = {},
): Promise<PaddleStandIn> {
  const signatureNow = options.signatureNow ?? (() => new Date())
  const log = new EventLog({
    secret: LOCAL_PADDLE.webhookSecret,
    signingNow: () => signatureNow().getTime() / 1000,
  })
  log.webhookUrl = options.webhookUrl ?? null
  // The routes need the stand-in's own URL, known once it listens.
  let handle = (_request: Request): Response | Promise<Response> =>
    new Response('Starting', { status: 503 })
  const { server, port } = await listen((request) => handle(request), options.port ?? 0)
  const url = `http://127.0.0.1:${port}`
  const state = new BillingState(url, new PaddleClock(options.now ?? (() => new Date())), log)
  handle = createStandInApp(state).fetch
  return {
    url,
    setWebhookUrl: (webhookUrl) => {
      log.webhookUrl = webhookUrl
    },
    idle: () => log.idle(),
    close: () => {
      log.close()
      return new Promise((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections()
        server.close(() => resolve())
      })
    },
  }
}

function listen(fetch: (request: Request) => Response | Promise<Response>, port: number) {
  return new Promise<{ server: ServerType; port: number }>((resolve, reject) => {
    const server = serve({ fetch, port, hostname: '127.0.0.1' }, (info) =>
      resolve({ server, port: info.port }),
    )
    server.once('error', reject)
  })
}
