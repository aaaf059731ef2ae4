import { createHash } from 'node:crypto'
import { env } from 'cloudflare:test'
import { expect, inject } from 'vitest'
import { localPaddleVars } from '../../dev/payments/local-paddle'
import { createApp } from '../../worker/app'
import type { ProvidedBackend } from './provided-backend'

// The binding tests/worker/vitest.config.ts gives each Vitest worker: which backend is its own.
const { TEST_BACKEND } = env as { TEST_BACKEND?: string }

/** This Vitest worker's own backend (global-setup.ts starts one per worker). */
export const backend = inject('backends')[Number(TEST_BACKEND)] as ProvidedBackend
export const ORIGIN = 'https://kiymet.app'

const app = createApp()

/**
 * The attempt limits of signing in have their own test (auth-attempt-limits.test.ts); the suite
 * signs in hundreds of times, so its requests count against none.
 */
const UNLIMITED = { limit: () => Promise.resolve({ success: true }) }

/** The worker as production runs it: the public key, and the secret key for the auth service. */
const authEnv = {
  ...env,
  SUPABASE_URL: backend.supabaseUrl,
  SUPABASE_ANON_KEY: backend.anonKey,
  SUPABASE_SECRET_KEY: backend.serviceRoleKey,
  AUTH_VISITOR_LIMITER: UNLIMITED,
  AUTH_EMAIL_LIMITER: UNLIMITED,
  HYPERDRIVE: { connectionString: backend.databaseUrl },
  // Writes fetch their instruments' prices at once: here every source knows no symbol (the
  // stand-in answers 404, logged apart from the quote tests' requests), so the suite's shared
  // catalog gets no prices but its own.
  ...Object.fromEntries(
    ['QUOTES_YAHOO_URL', 'QUOTES_YAHOO_SEARCH_URL', 'QUOTES_TEFAS_URL', 'QUOTES_COINGECKO_URL'].map(
      (name) => [name, `${inject('quoteFixturesUrl')}/~suite/nowhere`],
    ),
  ),
  // Pro is not sold here, whatever a developer's `.dev.vars` says; billing.test.ts sells it.
  ...Object.fromEntries(Object.keys(localPaddleVars(ORIGIN)).map((name) => [name, undefined])),
}

/** A request through the whole worker app, its auth server the test backend. */
export function request(path: string, init: RequestInit = {}): Promise<Response> {
  return Promise.resolve(app.request(`${ORIGIN}${path}`, init, authEnv))
}

/** A request through the worker app with other settings (an auth server or database that is down). */
export function requestWithEnv(
  overrides: Record<string, unknown>,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  return Promise.resolve(app.request(`${ORIGIN}${path}`, init, { ...authEnv, ...overrides }))
}

/** A request through the worker app with another Supabase URL (an auth server that is down). */
export function requestWithBackend(
  supabaseUrl: string,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  return Promise.resolve(
    app.request(`${ORIGIN}${path}`, init, { ...authEnv, SUPABASE_URL: supabaseUrl }),
  )
}

/** A form of the sign-in dialog sent as JSON from this site's own page. */
/** An API call as the browser makes it: the session cookie, and Origin on writes. */
export function asBrowser(
  caller: { cookie: string },
  method: string,
  path: string,
  body?: unknown,
  language = 'en',
): Promise<Response> {
  return request(path, browserInit(caller, method, body, language))
}

/** {@link asBrowser} through the worker app with other settings (its price services, say). */
export function asBrowserWithEnv(
  overrides: Record<string, unknown>,
  caller: { cookie: string },
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return requestWithEnv(overrides, path, browserInit(caller, method, body, 'en'))
}

function browserInit(
  caller: { cookie: string },
  method: string,
  body: unknown,
  language: string,
): RequestInit {
  return {
    method,
    headers: {
      Cookie: caller.cookie,
      'Accept-Language': language,
      ...(method === 'GET' ? {} : { Origin: ORIGIN }),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }
}

/** An answer's JSON, once its status is the one expected (the body names what went wrong). */
export async function jsonOf<T>(response: Response, status: number): Promise<T> {
  const text = await response.text()
  expect(response.status, text).toBe(status)
  return JSON.parse(text) as T
}

export function postJson(path: string, body: unknown, cookie?: string): Promise<Response> {
  return request(path, {
    method: 'POST',
    headers: {
      Origin: ORIGIN,
      Accept: 'application/json',
      'Content-Type': 'application/json',
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify(body),
  })
}

let counter = 0
export function uniqueEmail(tag: string): string {
  counter += 1
  return `${tag}-${Date.now()}-${counter}@example.com`
}

/** A confirmed user made through the admin API. */
export async function createUser(
  email: string,
  password = 'secret-pass-1',
  metadata: Record<string, unknown> = {},
): Promise<string> {
  const response = await fetch(`${backend.supabaseUrl}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {
      apikey: backend.serviceRoleKey,
      Authorization: `Bearer ${backend.serviceRoleKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ email, password, email_confirm: true, user_metadata: metadata }),
  })
  if (!response.ok) throw new Error(`createUser: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { id: string }).id
}

export interface SetCookie {
  name: string
  value: string
  attributes: string
}

export function setCookies(response: Response): SetCookie[] {
  return response.headers.getSetCookie().map((line) => {
    const [pair = '', ...rest] = line.split(';')
    const at = pair.indexOf('=')
    return { name: pair.slice(0, at), value: pair.slice(at + 1), attributes: rest.join(';') }
  })
}

/** The Cookie header a browser would send after these Set-Cookie lines (expired ones dropped). */
export function cookieHeader(cookies: SetCookie[]): string {
  return cookies
    .filter((cookie) => !/max-age=0/i.test(cookie.attributes) && cookie.value !== '')
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ')
}

/** Signs in through the dialog's route and returns the session cookie as the browser keeps it. */
export async function signIn(email: string, password = 'secret-pass-1'): Promise<string> {
  const response = await postJson('/auth/sign-in', { email, password, next: '/en' })
  if (!response.ok) throw new Error(`signIn: ${response.status} ${await response.text()}`)
  return cookieHeader(setCookies(response))
}

export interface Mail {
  kind: string
  to: string
  code: string
  link?: string
  subject: string
}

/** The newest mail of a kind to an address, waiting briefly for it to arrive. */
export async function latestMail(to: string, kind?: string): Promise<Mail> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`${backend.outboxUrl}/api/messages`)
    const { messages } = (await response.json()) as { messages: Mail[] }
    const found = messages.filter((mail) => mail.to === to && (!kind || mail.kind === kind)).at(-1)
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`No ${kind ?? ''} mail to ${to}`)
}

/** The token hash an emailed code stands for: hex(sha224(email + code)), as the auth server keeps. */
export function tokenHash(email: string, code: string): string {
  // WebCrypto has no SHA-224; the nodejs_compat flag brings node:crypto's.
  return createHash('sha224')
    .update(email + code)
    .digest('hex')
}

/** The session JSON inside a `base64-` session cookie value. */
export function decodeSession(value: string): Record<string, unknown> {
  const base64 = value.slice('base64-'.length).replaceAll('-', '+').replaceAll('_', '/')
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
  return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>
}

/** The auth cookie's name on the local backend (`sb-<first label of the host>-auth-token`). */
export const SESSION_COOKIE = 'sb-127-auth-token'

/** The session cookie's value in a Cookie header from `signIn` (one cookie, not chunks). */
export function sessionCookieValue(cookie: string): string {
  const value = cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`))
    ?.slice(SESSION_COOKIE.length + 1)
  if (!value) throw new Error('no session cookie')
  return value
}

/** A Cookie header with the session of `cookie`, its access token expired a minute ago. */
export function expiredSessionCookie(cookie: string): string {
  const session = decodeSession(sessionCookieValue(cookie))
  const expired = encodeSession({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60 })
  return `${SESSION_COOKIE}=${expired}`
}

export function encodeSession(session: Record<string, unknown>): string {
  const bytes = new TextEncoder().encode(JSON.stringify(session))
  const base64 = btoa(String.fromCharCode(...bytes))
  return `base64-${base64.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')}`
}

/** A POST to the auth server as the browser's auth client makes it, with the user's token. */
export async function authCall<T>(token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${backend.supabaseUrl}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: backend.anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}
