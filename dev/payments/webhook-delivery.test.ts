import { afterEach, describe, expect, it } from 'vitest'
import {
  readRequestBody,
  sendAnswer,
  startLoopbackServer,
  type LoopbackServer,
} from '../../tests/loopback-server'
import { verifyPaddleSignature } from '../../worker/billing/paddle-signature'
import { LOCAL_PADDLE } from './local-paddle'
import { startPaddleStandIn, type PaddleStandIn } from './paddle-stand-in'
import { admin, api, subscribe, type Json } from './test-kit'

interface Received {
  body: string
  signature: string | undefined
  contentType: string | undefined
  valid: boolean
}

/** A webhook endpoint answering each request with the next of `statuses` (then 200). */
async function receiver(statuses: number[] = []) {
  const received: Received[] = []
  const server = await startLoopbackServer(async (request, response) => {
    const body = await readRequestBody(request)
    const signature = request.headers['paddle-signature'] as string | undefined
    received.push({
      body,
      signature,
      contentType: request.headers['content-type'],
      valid: await verifyPaddleSignature(body, signature, [LOCAL_PADDLE.webhookSecret]),
    })
    sendAnswer(response, { status: statuses.shift() ?? 200, type: 'text/plain', body: 'ok' })
  })
  return { server, received }
}

let standIn: PaddleStandIn | undefined
let endpoint: LoopbackServer | undefined
afterEach(async () => {
  await standIn?.close()
  await endpoint?.close()
})

describe('webhook delivery', () => {
  it('posts every event in order, signed, as it happens', async () => {
    const { server, received } = await receiver()
    endpoint = server
    standIn = await startPaddleStandIn({ webhookUrl: `${server.url}/webhooks/paddle` })
    await subscribe(standIn, 'hooks@example.com')
    await standIn.idle()
    const events = (await admin(standIn, 'GET', '/events')).body as Json[]
    expect(received.map((request) => request.body)).toEqual(events.map((event) => event.body))
    expect(received.every((request) => request.valid)).toBe(true)
    expect(received.every((request) => request.contentType === 'application/json')).toBe(true)
    expect(events.map((event) => event.delivery)).toEqual(
      events.map(() => ({
        url: `${server.url}/webhooks/paddle`,
        status: 'delivered',
        attempts: 1,
        last_response_code: 200,
      })),
    )
  })

  it('retries a failing endpoint up to 3 times, signing each attempt anew', async () => {
    // The customer event fails twice, the transaction event four times (and is given up).
    const { server, received } = await receiver([500, 503, 200, 500, 500, 500, 500])
    endpoint = server
    standIn = await startPaddleStandIn({ webhookUrl: server.url })
    await api(standIn, 'POST', '/customers', { email: 'retry@example.com' })
    const customer = (await api(standIn, 'GET', '/customers?email=retry@example.com')).body.data[0]
    await api(standIn, 'POST', '/transactions', {
      items: [{ price_id: LOCAL_PADDLE.priceProMonthly, quantity: 1 }],
      customer_id: customer.id,
    })
    await standIn.idle()
    const events = (await admin(standIn, 'GET', '/events')).body as Json[]
    expect(
      events.map((event) => [event.event_type, event.delivery.status, event.delivery.attempts]),
    ).toEqual([
      ['customer.created', 'delivered', 3],
      ['transaction.created', 'failed', 4],
      ['transaction.ready', 'delivered', 1],
    ])
    expect(events[1].delivery.last_response_code).toBe(500)
    expect(received).toHaveLength(8)
    expect(received.every((request) => request.valid)).toBe(true)
    expect(received.slice(3, 7).every((request) => request.body === events[1].body)).toBe(true)
  })

  it('retries network failures and records events without a URL undelivered', async () => {
    standIn = await startPaddleStandIn({ webhookUrl: 'http://127.0.0.1:9/unreachable' })
    await api(standIn, 'POST', '/customers', { email: 'down@example.com' })
    await standIn.idle()
    standIn.setWebhookUrl(null)
    await api(standIn, 'POST', '/customers', { email: 'quiet@example.com' })
    const events = (await admin(standIn, 'GET', '/events')).body as Json[]
    expect(events[0].delivery).toMatchObject({
      status: 'failed',
      attempts: 4,
      last_response_code: null,
    })
    expect(events[1].delivery).toBeNull()
    // A test can still deliver it itself, signed now.
    const signed = (await admin(standIn, 'GET', `/events/${events[1].event_id}/signed`)).body
    expect(signed.body).toBe(events[1].body)
    expect(signed.signature).toMatch(/^ts=\d+;h1=[0-9a-f]{64}$/)
  })

  it('does not hold up the answer that caused the events', async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    endpoint = await startLoopbackServer(async (_request, response) => {
      await held
      sendAnswer(response, { status: 200, type: 'text/plain', body: 'ok' })
    })
    standIn = await startPaddleStandIn({ webhookUrl: endpoint.url })
    const started = Date.now()
    const created = await api(standIn, 'POST', '/customers', { email: 'fast@example.com' })
    expect(created.status).toBe(201)
    expect(Date.now() - started).toBeLessThan(1000)
    const pending = (await admin(standIn, 'GET', '/events')).body[0].delivery
    expect(pending).toMatchObject({ status: 'not_attempted', attempts: 0 })
    release()
    await standIn.idle()
    expect((await admin(standIn, 'GET', '/events')).body[0].delivery.status).toBe('delivered')
  })
})
