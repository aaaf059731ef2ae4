import { isIP } from 'node:net'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import { badRequest } from './errors'

/** C0 controls and DEL, except tab, line feed and carriage return (text may hold those). */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

const refusedCharacter = () =>
  badRequest('validation_failed', 'Request contains a NUL or control character')

/**
 * Throws `validation_failed` when any string of a parsed body (values and keys, at any depth)
 * holds a NUL or control character: Postgres refuses NUL in text and jsonb, and no field of the
 * API has a use for the others.
 */
export function assertNoControlCharacters(value: unknown): void {
  if (typeof value === 'string') {
    if (CONTROL_CHARACTER.test(value)) throw refusedCharacter()
  } else if (Array.isArray(value)) {
    for (const item of value) assertNoControlCharacters(item)
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      assertNoControlCharacters(key)
      assertNoControlCharacters(item)
    }
  }
}

/** The entries of `X-Forwarded-For`, each of which must be an IP address; null without one. */
function forwardedAddresses(c: Context): string[] | null {
  const header = c.req.header('X-Forwarded-For')
  if (header === undefined) return null
  const entries = header.split(',').map((entry) => entry.trim())
  if (entries.some((entry) => isIP(entry) === 0)) {
    throw badRequest('validation_failed', 'X-Forwarded-For is not a list of IP addresses')
  }
  return entries
}

/** The socket's peer; loopback for a request made in-process, which has no socket. */
function peerAddress(c: Context): string {
  const incoming = (c.env as { incoming?: unknown } | undefined)?.incoming
  return (incoming ? getConnInfo(c).remote.address : undefined) ?? '127.0.0.1'
}

/** Where the caller's address may come from besides the socket (see `clientAddress`). */
export interface AddressSources {
  /** The first `X-Forwarded-For` entry names the caller (only behind a proxy that sets it). */
  trustForwarded: boolean
  /**
   * The API key whose requests may name their end user's address in `Sb-Forwarded-For` (the
   * service-role key, with GoTrue's "IP address forwarding" on); null when that is off.
   */
  sbForwardedForKey: string | null
}

/** The first entry of `Sb-Forwarded-For` if it is an IP address; GoTrue ignores anything else. */
function sbForwardedAddress(c: Context): string | undefined {
  const first = c.req.header('Sb-Forwarded-For')?.split(',')[0]?.trim()
  return first && isIP(first) !== 0 ? first : undefined
}

/**
 * The caller's address: the `Sb-Forwarded-For` address of a request made with
 * `sbForwardedForKey` (hosted Supabase honours that header only with the secret key), else
 * the first entry of `X-Forwarded-For` when the server is told to trust it (behind a proxy that
 * sets it), else the socket's peer. A client can send any header, so trusting one unasked would
 * give every guess a fresh budget.
 */
export function clientAddress(c: Context, sources: AddressSources): string {
  const named =
    sources.sbForwardedForKey !== null && c.req.header('apikey') === sources.sbForwardedForKey
      ? sbForwardedAddress(c)
      : undefined
  if (named) return named
  const forwarded = forwardedAddresses(c)
  return sources.trustForwarded && forwarded ? forwarded[0]! : peerAddress(c)
}

/**
 * Refuses, before any handler runs, a query parameter with a NUL or control character (email
 * links carry tokens there) and a malformed `X-Forwarded-For`.
 */
export function requestHygiene(): MiddlewareHandler {
  return async (c, next) => {
    for (const [name, value] of new URL(c.req.url).searchParams) {
      assertNoControlCharacters(name)
      assertNoControlCharacters(value)
    }
    forwardedAddresses(c)
    return next()
  }
}
