import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { AppEnv, RateBudget } from '../env'
import { hmacSha256 } from '../security/hmac'
import { isLoopbackHost } from './auth-cookies'
import { visitorKey } from './visitor-address'

/**
 * Attempts to sign in, sign up, ask for or check a code, or recover a password, as wrangler.toml's
 * `[[ratelimits]]` declare them (a test holds both equal): per visitor address, and per email
 * address across all visitors, so guesses at one account spread over many addresses run out too.
 * Why these numbers: docs/security.md.
 */
export const AUTH_ATTEMPT_BUDGETS = {
  visitor: { binding: 'AUTH_VISITOR_LIMITER', limit: 10, period: 60 },
  email: { binding: 'AUTH_EMAIL_LIMITER', limit: 5, period: 60 },
} as const satisfies Record<string, RateBudget>

/**
 * A browser that has signed in to an account before keeps a token for it (an HMAC of the email
 * under the worker's secret key), so someone hammering that email from elsewhere cannot lock its
 * owner out: the owner's attempts from a known device skip the per-email budget (the "device
 * cookie" defence against account lockout). Only the auth routes read it.
 */
const KNOWN_DEVICE_COOKIE = 'kiymet-known-device'
const KNOWN_DEVICE_PATH = '/auth'
/** Accounts one browser remembers; the oldest goes first. */
const KNOWN_DEVICE_ACCOUNTS = 5
/** Browsers keep a cookie at most 400 days. */
const KNOWN_DEVICE_MAX_AGE = 400 * 24 * 3600

const encoder = new TextEncoder()

function base64Url(bytes: ArrayBuffer | Uint8Array): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

function normalizedEmail(email: string): string {
  return email.trim().toLowerCase()
}

async function deviceToken(secret: string, email: string): Promise<string> {
  return base64Url(await hmacSha256(secret, `known-device:${normalizedEmail(email)}`))
}

function knownTokens(c: Context<AppEnv>): string[] {
  return (getCookie(c, KNOWN_DEVICE_COOKIE) ?? '').split('.').filter(Boolean)
}

async function isKnownDevice(c: Context<AppEnv>, email: string): Promise<boolean> {
  const secret = c.env.SUPABASE_SECRET_KEY
  const tokens = knownTokens(c)
  if (!secret || tokens.length === 0) return false
  return tokens.includes(await deviceToken(secret, email))
}

/**
 * Spends one attempt of the visitor (by the address Cloudflare connected) and, unless this browser
 * has signed in to the account before, one of the email address. False when either budget is
 * spent: the caller refuses with `over_request_rate_limit` before the auth service is asked.
 *
 * @example if (!(await spendAuthAttempt(c, email))) return authFailure(c, form, 'sign-in', 'over_request_rate_limit')
 */
export async function spendAuthAttempt(c: Context<AppEnv>, email: string | null): Promise<boolean> {
  const visitor = visitorKey(c)
  if (visitor) {
    const { success } = await c.env[AUTH_ATTEMPT_BUDGETS.visitor.binding].limit({ key: visitor })
    if (!success) return false
  }
  if (!email || (await isKnownDevice(c, email))) return true
  const digest = await crypto.subtle.digest('SHA-256', encoder.encode(normalizedEmail(email)))
  const { success } = await c.env[AUTH_ATTEMPT_BUDGETS.email.binding].limit({
    key: base64Url(digest),
  })
  return success
}

/** Remembers on this browser that it signed in to `email` (see KNOWN_DEVICE_COOKIE). */
export async function rememberDevice(c: Context<AppEnv>, email: string): Promise<void> {
  const secret = c.env.SUPABASE_SECRET_KEY
  if (!secret) return
  const token = await deviceToken(secret, email)
  const tokens = [token, ...knownTokens(c).filter((known) => known !== token)]
  setCookie(c, KNOWN_DEVICE_COOKIE, tokens.slice(0, KNOWN_DEVICE_ACCOUNTS).join('.'), {
    path: KNOWN_DEVICE_PATH,
    httpOnly: true,
    secure: !isLoopbackHost(new URL(c.req.url).hostname),
    sameSite: 'Lax',
    maxAge: KNOWN_DEVICE_MAX_AGE,
  })
}

/** Seconds until a refused visitor may try again: the longer budget's period. */
export const AUTH_RETRY_AFTER_SECONDS = Math.max(
  AUTH_ATTEMPT_BUDGETS.visitor.period,
  AUTH_ATTEMPT_BUDGETS.email.period,
)
