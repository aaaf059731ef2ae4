import { hmacSha256 } from '../security/hmac'

/**
 * Paddle's webhook signature (`Paddle-Signature: ts=<unix seconds>;h1=<hex>`): HMAC-SHA256 of
 * `"<ts>:<raw body>"`, keyed by the notification destination's secret as UTF-8 bytes. Several
 * `h1` may come while a secret is rotated, and we may hold the old and the new secret: any pair
 * that matches is enough. A signature older (or newer) than `toleranceSeconds` is a replay.
 */

/** Paddle's SDKs accept a signature for 5 seconds; Paddle signs each retry anew. */
export const SIGNATURE_TOLERANCE_SECONDS = 5
/** Paddle sends two while rotating a secret; a header with more is not Paddle's. */
const MAX_SIGNATURES = 4

const HEX_SIGNATURE = /^[0-9a-f]{64}$/

export interface SignatureHeader {
  ts: number
  h1: string[]
}

export interface VerifyOptions {
  /** Unix seconds now; tests pass a fixed clock. */
  now?: number
  toleranceSeconds?: number
}

/** The header's timestamp and signatures; unknown keys (`h2`, …) are left for later schemes. */
export function parseSignatureHeader(header: string): SignatureHeader | null {
  let ts: string | undefined
  const h1: string[] = []
  for (const part of header.split(';')) {
    const at = part.indexOf('=')
    if (at < 0) continue
    const key = part.slice(0, at).trim()
    const value = part.slice(at + 1).trim()
    if (key === 'ts') ts = value
    else if (key === 'h1') h1.push(value.toLowerCase())
  }
  if (ts === undefined || !/^\d{1,12}$/.test(ts) || h1.length === 0) return null
  return { ts: Number(ts), h1 }
}

/**
 * The header when it is fresh and well-formed, else null: checked before the body is even read,
 * so a stale or forged header costs no hashing.
 */
export function freshSignatureHeader(
  header: string | null | undefined,
  {
    now = Math.floor(Date.now() / 1000),
    toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
  }: VerifyOptions = {},
): SignatureHeader | null {
  const parsed = header ? parseSignatureHeader(header) : null
  if (!parsed || parsed.h1.length > MAX_SIGNATURES) return null
  return Math.abs(now - parsed.ts) <= toleranceSeconds ? parsed : null
}

async function hmacHex(secret: string, text: string): Promise<string> {
  const mac = await hmacSha256(secret, text)
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** Compares in time that does not depend on where two equally long texts differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return difference === 0
}

/** Whether `rawBody` is signed by one of `secrets` as the header says: one HMAC per secret. */
export async function signatureMatches(
  rawBody: string,
  header: SignatureHeader,
  secrets: readonly string[],
): Promise<boolean> {
  const candidates = header.h1.filter((value) => HEX_SIGNATURE.test(value))
  if (candidates.length === 0) return false
  let matched = false
  for (const secret of secrets) {
    const expected = await hmacHex(secret, `${header.ts}:${rawBody}`)
    for (const candidate of candidates) matched = sameText(expected, candidate) || matched
  }
  return matched
}

/** Whether `rawBody` is signed by one of `secrets` within the tolerance. */
export async function verifyPaddleSignature(
  rawBody: string,
  header: string | null | undefined,
  secrets: readonly string[],
  options: VerifyOptions = {},
): Promise<boolean> {
  const fresh = freshSignatureHeader(header, options)
  return fresh !== null && (await signatureMatches(rawBody, fresh, secrets))
}

/** The `Paddle-Signature` header for `rawBody` at `ts`: what Paddle sends (and our stand-in). */
export async function signPaddleBody(rawBody: string, secret: string, ts: number): Promise<string> {
  return `ts=${ts};h1=${await hmacHex(secret, `${ts}:${rawBody}`)}`
}
