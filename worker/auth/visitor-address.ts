import type { Context } from 'hono'

const IPV4 = /^(?:\d{1,3}\.){3}\d{1,3}$/
const HEX_GROUP = /^[0-9a-f]{1,4}$/
const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1)$/

/** The eight 16-bit groups of an IPv6 address (`::` expanded), or null when it is not one. */
function ipv6Groups(address: string): string[] | null {
  const text = address.toLowerCase()
  if (text.includes('.')) return null // an embedded IPv4 form; Cloudflare never sends one
  const halves = text.split('::')
  if (halves.length > 2) return null
  const head = halves[0] ? halves[0].split(':') : []
  const tail = halves[1] ? halves[1].split(':') : []
  const missing = 8 - head.length - tail.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail]
  return groups.every((group) => HEX_GROUP.test(group)) ? groups : null
}

/**
 * Who a visitor is, for counting their attempts: the address Cloudflare connected (never a header
 * the visitor wrote, like `X-Forwarded-For`). An IPv6 visitor counts by their /64, the block one
 * connection is usually given whole, so hopping between its addresses buys no new attempts.
 * Null when the request has no such address (a local run outside Cloudflare, or loopback).
 *
 * @example visitorKey(c) // '203.0.113.7' or '2001:db8:0:1::/64'
 */
export function visitorKey(c: Context): string | null {
  const address = visitorAddress(c)
  if (!address) return null
  if (IPV4.test(address)) return address
  const groups = ipv6Groups(address)
  if (!groups) return null
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/**
 * The visitor's own address, as the auth service is told it (`Sb-Forwarded-For`): IPv4 or IPv6
 * exactly as Cloudflare gave it, or null.
 */
export function visitorAddress(c: Context): string | null {
  const address = c.req.header('CF-Connecting-IP')?.trim()
  // Cloudflare never connects from loopback; a local runtime (Miniflare) gives it to every request.
  if (!address || LOOPBACK.test(address)) return null
  return IPV4.test(address) || ipv6Groups(address) ? address : null
}
