import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import {
  exportJWK,
  generateKeyPair,
  importJWK,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose'
import { z } from 'zod'

/** What is persisted so tokens and the keys in `.dev.vars` survive restarts. */
const storedKeysSchema = z.object({
  signingKey: z.record(z.string(), z.unknown()),
  jwtSecret: z.string().min(32),
  anonKey: z.string(),
  serviceRoleKey: z.string(),
})
type StoredKeys = z.infer<typeof storedKeysSchema>

export interface AuthKeys {
  kid: string
  privateKey: CryptoKey
  publicKey: CryptoKey
  publicJwk: JWK
  /** HS256 secret of the legacy API keys and of short-lived internal tokens (OAuth state). */
  secret: Uint8Array
  anonKey: string
  serviceRoleKey: string
}

// Supabase's legacy API keys are HS256 JWTs carrying only a role; ten years is what the CLI uses.
const API_KEY_LIFETIME_SECONDS = 10 * 365 * 24 * 3600

/** Loads the local signing keys from `file`, creating them on first use. */
export async function loadOrCreateAuthKeys(file: string): Promise<AuthKeys> {
  if (existsSync(file)) {
    const parsed = storedKeysSchema.safeParse(JSON.parse(await readFile(file, 'utf8')))
    if (parsed.success) return importStoredKeys(parsed.data)
  }
  const stored = await createStoredKeys()
  await mkdir(dirname(file), { recursive: true })
  await writeFile(file, JSON.stringify(stored, null, 2) + '\n', { mode: 0o600 })
  return importStoredKeys(stored)
}

async function createStoredKeys(): Promise<StoredKeys> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true })
  const signingKey = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'ES256' }
  const jwtSecret = randomBytes(32).toString('base64url')
  const secret = new TextEncoder().encode(jwtSecret)
  return {
    signingKey,
    jwtSecret,
    anonKey: await signApiKey('anon', secret),
    serviceRoleKey: await signApiKey('service_role', secret),
  }
}

function signApiKey(role: string, secret: Uint8Array): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ iss: 'supabase-demo', role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + API_KEY_LIFETIME_SECONDS)
    .sign(secret)
}

async function importStoredKeys(stored: StoredKeys): Promise<AuthKeys> {
  const jwk = stored.signingKey as JWK
  const kid = String(jwk.kid)
  const privateKey = (await importJWK(jwk, 'ES256')) as CryptoKey
  const { kty, crv, x, y } = jwk
  const publicJwk: JWK = { kty, crv, x, y, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] }
  return {
    kid,
    privateKey,
    publicKey: (await importJWK(publicJwk, 'ES256')) as CryptoKey,
    publicJwk,
    secret: new TextEncoder().encode(stored.jwtSecret),
    anonKey: stored.anonKey,
    serviceRoleKey: stored.serviceRoleKey,
  }
}

/** Signs an access token the way the hosted service does: ES256 with the key's `kid`. */
export function signAccessToken(keys: AuthKeys, claims: JWTPayload): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: keys.kid })
    .sign(keys.privateKey)
}
