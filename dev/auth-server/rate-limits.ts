import type { Context } from 'hono'
import type { AuthConfig } from './config'
import { AuthError } from './errors'
import type { AuthKeys } from './keys'
import { clientAddress, type AddressSources } from './request-hygiene'

/**
 * A token bucket per key, as hosted Supabase Auth limits its endpoints: `limit` requests fill
 * the bucket, which refills at `limit` per `windowSeconds`. A bucket untouched for a whole window
 * is full, the same as none, so such buckets are dropped once the map holds more than
 * `sweepAbove` keys (every address and email ever seen would otherwise stay in memory).
 */
export class RateLimiter {
  readonly #buckets = new Map<string, { tokens: number; at: number }>()
  #nextSweep: number

  constructor(
    readonly limit: number,
    readonly windowSeconds: number,
    readonly now: () => number = Date.now,
    readonly sweepAbove = 10_000,
  ) {
    this.#nextSweep = sweepAbove
  }

  /** How many keys hold a bucket. */
  get size(): number {
    return this.#buckets.size
  }

  /** Spends one request of `key`'s budget; false when there is none left. */
  take(key: string): boolean {
    const now = this.now()
    const bucket = this.#buckets.get(key) ?? { tokens: this.limit, at: now }
    const refill = ((now - bucket.at) / 1000 / this.windowSeconds) * this.limit
    const tokens = Math.min(this.limit, bucket.tokens + refill)
    const allowed = tokens >= 1
    this.#buckets.set(key, { tokens: allowed ? tokens - 1 : tokens, at: now })
    if (this.#buckets.size > this.#nextSweep) this.#sweep(now)
    return allowed
  }

  #sweep(now: number): void {
    const window = this.windowSeconds * 1000
    for (const [key, bucket] of this.#buckets) {
      if (now - bucket.at >= window) this.#buckets.delete(key)
    }
    // When most buckets are still in use, wait for the map to grow again before the next pass,
    // so a busy window does not sweep on every request.
    this.#nextSweep = Math.max(this.sweepAbove, this.#buckets.size * 2)
  }
}

/** The budgets, and where the caller's address for them comes from (see `clientAddress`). */
export interface RateLimits extends AddressSources {
  /** Password sign-ins, sign-ups and emailed-code requests, per address and per email. */
  signInSignUps: RateLimiter
  /** Checks of emailed codes and links and of authenticator codes, per address and per email. */
  tokenVerifications: RateLimiter
  /** Mails the project sends, all addresses together. */
  emailSent: RateLimiter
}

export type AttemptKind = 'signInSignUps' | 'tokenVerifications'

export function createRateLimits(
  config: AuthConfig,
  keys: Pick<AuthKeys, 'serviceRoleKey'>,
): RateLimits {
  return {
    signInSignUps: new RateLimiter(config.rateLimitSignInSignUps, 300),
    tokenVerifications: new RateLimiter(config.rateLimitTokenVerifications, 300),
    emailSent: new RateLimiter(config.rateLimitEmailSent, 3600),
    trustForwarded: config.rateLimitTrustForwarded,
    sbForwardedForKey: config.rateLimitSbForwardedFor ? keys.serviceRoleKey : null,
  }
}

const overLimit = () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached')

/** Spends one attempt of the caller's address, or throws hosted Auth's 429. */
export function spendAttempt(limits: RateLimits, kind: AttemptKind, c: Context): void {
  if (!limits[kind].take(clientAddress(c, limits))) throw overLimit()
}

/**
 * Spends one attempt against an email address (whoever sends it), or throws hosted Auth's 429:
 * guesses at one account spread over many client addresses still run out.
 */
export function spendEmailAttempt(limits: RateLimits, kind: AttemptKind, email: unknown): void {
  if (typeof email !== 'string' || email === '') return
  if (!limits[kind].take(`email:${email.trim().toLowerCase()}`)) throw overLimit()
}

/** Spends one mail of the project's hourly budget, or throws hosted Auth's 429. */
export function spendEmail(limiter: RateLimiter): void {
  if (!limiter.take('project')) {
    throw new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded')
  }
}
