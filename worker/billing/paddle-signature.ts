/**
 * Paddle's webhook signature (`Paddle-Signature: ts=<unix seconds>;h1=<hex>`): HMAC-SHA256 of
 * `"<ts>:<raw body>"`, keyed by the notification destination's secret as UTF-8 bytes. Several
 * `h1` may come while a secret is rotated, and we may hold the old and the new secret: any pair
 * that matches is enough. A signature older (or newer) than `toleranceSeconds` is a replay.
 */

const encoder = new TextEncoder()

/** Paddle's SDKs accept a signature for 5 seconds; Paddle signs each retry anew. */
export const SIGNATURE_TOLERANCE_SECONDS = 5

const HEX_SIGNATURE = /^[0-9a-f]{64}$/

function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    [usage],
  )
}

function hexBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

/** The header's timestamp and signatures; unknown keys (`h2`, …) are left for later schemes. */
export function parseSignatureHeader(header: string): { ts: number; h1: string[] } | null {
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

export interface VerifyOptions {
  /** Unix seconds now; tests pass a fixed clock. */
  now?: number
  toleranceSeconds?: number
}

/** Whether `rawBody` is signed by one of `secrets` within the tolerance (constant-time compare). */
export async function verifyPaddleSignature(
  rawBody: string,
  header: string | null | undefined,
  secrets: readonly string[],
  {
    now = Math.floor(Date.now() / 1000),
    toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
  }: VerifyOptions = {},
): Promise<boolean> {
  if (!header || secrets.length === 0) return false
  const parsed = parseSignatureHeader(header)
  if (!parsed || Math.abs(now - parsed.ts) > toleranceSeconds) return false
  const signed = encoder.encode(`${parsed.ts}:${rawBody}`)
  const candidates = parsed.h1.filter((value) => HEX_SIGNATURE.test(value)).map(hexBytes)
  for (const secret of secrets) {
    const key = await hmacKey(secret, 'verify')
    for (const signature of candidates) {
      if (await crypto.subtle.verify('HMAC', key, signature, signed)) return true
    }
  }
  return false
}

/** The `Paddle-Signature` header for `rawBody` at `ts`: what Paddle sends (and our stand-in). */
export async function signPaddleBody(rawBody: string, secret: string, ts: number): Promise<string> {
  const key = await hmacKey(secret, 'sign')
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', key, encoder.encode(`${ts}:${rawBody}`)),
  )
  const hex = Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `ts=${ts};h1=${hex}`
}
