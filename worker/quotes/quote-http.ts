import { QuoteError } from './quote-error'

/** How one provider's requests are paced and retried. Every time is in milliseconds. */
export interface QuoteHttpOptions {
  /** The least time between two requests (the provider's rate limit), retries included. */
  minIntervalMs: number
  /** Attempts per request: the first and its retries. */
  maxAttempts: number
  /** The first retry's wait; each further one doubles it. */
  baseDelayMs: number
  /** The longest wait before a retry, a `Retry-After` included. */
  maxDelayMs: number
  /** How long one answer may take. */
  timeoutMs: number
  /** Waits; tests pass one that returns at once and records the waits. */
  sleep: (ms: number) => Promise<void>
  now: () => number
}

export const DEFAULT_HTTP_OPTIONS: Omit<QuoteHttpOptions, 'minIntervalMs'> = {
  maxAttempts: 4,
  baseDelayMs: 2_000,
  maxDelayMs: 60_000,
  timeoutMs: 30_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
}

/** What a provider asks: a GET, or a POST of JSON. */
export interface QuoteHttpRequest {
  url: string
  json?: unknown
  headers?: Record<string, string>
}

/** A provider's way out: paced, retried, and failing with a {@link QuoteError}. */
export interface QuoteHttp {
  /** The body of a 2xx answer, or null when the provider answers 404 (a symbol it lacks). */
  fetchText(request: QuoteHttpRequest): Promise<string | null>
}

/** A URL as messages may name it: without its query, which may hold an API key. */
export function urlLabel(url: string): string {
  const parsed = new URL(url)
  return `${parsed.origin}${parsed.pathname}`
}

/** The wait a `Retry-After` asks for (seconds or an HTTP date), or null without a usable one. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') return null
  const text = header.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const date = Date.parse(text)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}

type Attempt =
  { ok: true; body: string | null } | { ok: false; error: QuoteError; waitMs: number | null }

/**
 * Paces one provider's requests (at least `minIntervalMs` apart) and retries those that may
 * succeed later — a network error or timeout, a 5xx, a 429 — with exponential back-off, honouring
 * a `Retry-After` up to `maxDelayMs`. 404 answers null; 401, 403, 402 and other 4xx fail at once.
 *
 * @example
 * const http = createQuoteHttp({ ...DEFAULT_HTTP_OPTIONS, minIntervalMs: 1_000 })
 * const json = await http.fetchText({ url: 'https://example.com/api/eod/AAPL.US' })
 */
export function createQuoteHttp(options: QuoteHttpOptions): QuoteHttp {
  let nextAllowedAt = 0

  const attempt = async (request: QuoteHttpRequest): Promise<Attempt> => {
    const wait = nextAllowedAt - options.now()
    if (wait > 0) await options.sleep(wait)
    nextAllowedAt = options.now() + options.minIntervalMs
    const label = urlLabel(request.url)
    let response: Response
    const posted = request.json !== undefined
    try {
      response = await fetch(request.url, {
        method: posted ? 'POST' : 'GET',
        headers: {
          Accept: 'application/json',
          ...(posted ? { 'Content-Type': 'application/json' } : {}),
          ...request.headers,
        },
        body: posted ? JSON.stringify(request.json) : undefined,
        signal: AbortSignal.timeout(options.timeoutMs),
      })
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause)
      const error = new QuoteError('unreachable', `${label} not reached: ${reason}`, { cause })
      return { ok: false, error, waitMs: null }
    }
    if (response.ok) return { ok: true, body: await response.text() }
    await response.body?.cancel()
    const { status } = response
    const answered = `${label} answered ${status}`
    if (status === 404) return { ok: true, body: null }
    if (status === 429) {
      const waitMs = retryAfterMs(response.headers.get('Retry-After'), options.now())
      return { ok: false, error: new QuoteError('rate_limited', answered), waitMs }
    }
    if (status >= 500)
      return { ok: false, error: new QuoteError('server_error', answered), waitMs: null }
    const code =
      status === 401 || status === 403
        ? 'unauthorized'
        : status === 402
          ? 'quota_exceeded'
          : 'http_error'
    throw new QuoteError(code, answered)
  }

  return {
    async fetchText(request) {
      for (let tried = 1; ; tried++) {
        const result = await attempt(request)
        if (result.ok) return result.body
        if (tried >= options.maxAttempts) throw result.error
        const backOff = options.baseDelayMs * 2 ** (tried - 1)
        await options.sleep(Math.min(result.waitMs ?? backOff, options.maxDelayMs))
      }
    },
  }
}
