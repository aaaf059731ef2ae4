import { signPaddleBody } from '../../worker/billing/paddle-signature'

/**
 * Every event the stand-in emitted, with the exact body it sends, and their webhook deliveries.
 * Deliveries run one at a time in emitting order, off the request that caused them. Like Paddle,
 * a non-2xx answer or a network failure is retried (here 3 times, after 50, 100 and 200 ms), and
 * every attempt is signed anew with the time it is sent.
 */

/** Paddle's notification statuses. */
export type DeliveryStatus = 'not_attempted' | 'needs_retry' | 'delivered' | 'failed'

export interface Delivery {
  url: string
  status: DeliveryStatus
  attempts: number
  /** The receiver's last HTTP status; null before an answer or after a network failure. */
  last_response_code: number | null
}

export interface StoredEvent {
  event_id: string
  event_type: string
  occurred_at: string
  notification_id: string
  /** The raw JSON sent: `{ event_id, event_type, occurred_at, notification_id, data }`. */
  body: string
  /** null when no webhook URL was set as the event occurred. */
  delivery: Delivery | null
}

export interface EventLogOptions {
  secret: string
  /** Unix seconds for signatures: the receiver checks them against its own clock. */
  signingNow: () => number
  retryDelaysMs?: readonly number[]
  /** Paddle expects an answer within 5 seconds. */
  timeoutMs?: number
}

export class EventLog {
  private readonly events: StoredEvent[] = []
  private tail: Promise<void> = Promise.resolve()
  private closed = false
  private readonly inFlight = new AbortController()
  webhookUrl: string | null = null

  constructor(private readonly options: EventLogOptions) {}

  /** Stores the event and queues its delivery when a webhook URL is set. */
  record(event: Omit<StoredEvent, 'body' | 'delivery'>, data: unknown): StoredEvent {
    const body = JSON.stringify({
      event_id: event.event_id,
      event_type: event.event_type,
      occurred_at: event.occurred_at,
      notification_id: event.notification_id,
      data,
    })
    const url = this.webhookUrl
    const stored: StoredEvent = {
      ...event,
      body,
      delivery: url
        ? { url, status: 'not_attempted', attempts: 0, last_response_code: null }
        : null,
    }
    this.events.push(stored)
    if (url) this.tail = this.tail.then(() => this.deliver(stored))
    return stored
  }

  /** Oldest first. */
  list(): readonly StoredEvent[] {
    return this.events
  }

  find(eventId: string): StoredEvent | undefined {
    return this.events.find((event) => event.event_id === eventId)
  }

  /** The event's body and a signature made now: what a retry from Paddle carries. */
  async signed(event: StoredEvent): Promise<{ body: string; signature: string }> {
    const signature = await signPaddleBody(event.body, this.options.secret, this.nowSeconds())
    return { body: event.body, signature }
  }

  /** Sends the event again to the current webhook URL (after those queued before it). */
  redeliver(event: StoredEvent): void {
    const url = this.webhookUrl
    if (!url) return
    event.delivery = { url, status: 'not_attempted', attempts: 0, last_response_code: null }
    this.tail = this.tail.then(() => this.deliver(event))
  }

  /** Resolves once every queued delivery has succeeded or given up. */
  idle(): Promise<void> {
    return this.tail
  }

  /** Stops delivering: an attempt under way is aborted, queued ones are skipped. */
  close(): void {
    this.closed = true
    this.inFlight.abort()
  }

  private nowSeconds(): number {
    return Math.floor(this.options.signingNow())
  }

  private async deliver(event: StoredEvent): Promise<void> {
    const delivery = event.delivery
    if (!delivery) return
    const delays = this.options.retryDelaysMs ?? [50, 100, 200]
    for (let attempt = 0; attempt <= delays.length && !this.closed; attempt++) {
      if (attempt > 0) await sleep(delays[attempt - 1] ?? 0)
      if (this.closed) return
      try {
        const response = await fetch(delivery.url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Paddle-Signature': (await this.signed(event)).signature,
          },
          body: event.body,
          signal: AbortSignal.any([
            this.inFlight.signal,
            AbortSignal.timeout(this.options.timeoutMs ?? 5000),
          ]),
        })
        delivery.attempts += 1
        delivery.last_response_code = response.status
        await response.body?.cancel()
        if (response.ok) {
          delivery.status = 'delivered'
          return
        }
      } catch {
        if (this.closed) return
        delivery.attempts += 1
        delivery.last_response_code = null
      }
      delivery.status = 'needs_retry'
    }
    if (!this.closed) delivery.status = 'failed'
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
