const encoder = new TextEncoder()

/**
 * HMAC-SHA256 of `text` keyed by `secret` (both as UTF-8), with Web Crypto: the known-device
 * cookie and Paddle's webhook signatures use it.
 */
export async function hmacSha256(secret: string, text: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text)))
}
