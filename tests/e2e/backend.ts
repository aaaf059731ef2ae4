/**
 * Typed helpers for tests that need the temporary backend: users through the admin API, mail
 * from the outbox, TOTP codes, and a signed-in browser context without the UI. fixtures.ts hands
 * them to tests; they take the backend explicitly so scripts can use them too.
 */
import { randomUUID } from 'node:crypto'
import type { BrowserContext } from '@playwright/test'
import { createServerClient } from '@supabase/ssr'
import { createClient, type Session, type SupabaseClient, type User } from '@supabase/supabase-js'
import { Secret, TOTP } from 'otpauth'
import type { Locale } from '../../shared/i18n/locales'
import type { MailKind, MailMessage } from '../../dev/outbox/outbox'
import type { BackendInfo } from '../../dev/testing/backend-info'

export type { MailKind }

const NO_SESSION_STORAGE = { persistSession: false, autoRefreshToken: false } as const

/** The service-role client: the admin API, and Postgres past row-level security. */
export function adminClient(backend: BackendInfo): SupabaseClient {
  return createClient(backend.supabaseUrl, backend.serviceRoleKey, { auth: NO_SESSION_STORAGE })
}

/** A fresh anon client, as a browser has it (no stored session). */
export function anonClient(backend: BackendInfo): SupabaseClient {
  return createClient(backend.supabaseUrl, backend.anonKey, { auth: NO_SESSION_STORAGE })
}

/** An address no other test, worker or run uses. */
export function uniqueEmail(label = 'user'): string {
  return `e2e-${label}-${randomUUID().slice(0, 8)}@example.com`
}

export interface NewUserOptions {
  /** Default: a unique address. */
  email?: string
  /** Default: a fixed strong password (every test user's, so a failing test is easy to replay). */
  password?: string
  /** Stored as user metadata `locale`, which picks the language of auth emails. Default `en`. */
  locale?: Locale
  /** Email already confirmed (can sign in at once). Default true. */
  confirmed?: boolean
  /** More user metadata. */
  metadata?: Record<string, unknown>
}

export interface TestUser {
  id: string
  email: string
  password: string
  locale: Locale
  user: User
}

export const TEST_PASSWORD = 'correct horse battery staple 7'

export async function createUser(
  backend: BackendInfo,
  options: NewUserOptions = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail()
  const password = options.password ?? TEST_PASSWORD
  const locale = options.locale ?? 'en'
  const { data, error } = await adminClient(backend).auth.admin.createUser({
    email,
    password,
    email_confirm: options.confirmed ?? true,
    user_metadata: { ...options.metadata, locale },
  })
  if (error) throw new Error(`createUser(${email}): ${error.message}`)
  return { id: data.user.id, email: email.toLowerCase(), password, locale, user: data.user }
}

export interface MailQuery {
  /** The auth email's kind: signup, magiclink, recovery, email_change, invite, reauthentication. */
  type?: MailKind
  subject?: string | RegExp
  /** Only messages sent at or after this moment (e.g. `new Date()` taken before the action). */
  after?: Date
  /** How long to wait for it, in ms. Default 10 s. */
  timeout?: number
}

export interface Mail {
  id: string
  to: string
  type: MailKind
  subject: string
  /** The mail as rendered from the project's template. */
  html: string
  /** Where the mail's button leads: the app's /auth/confirm (absent for codes only). */
  link: string | undefined
  /** The 6-digit code the message carries. */
  code: string
  sentAt: Date
}

/** Waits for the newest message to `to` that matches `query`, from the outbox's JSON API. */
export async function readMail(
  backend: BackendInfo,
  to: string,
  query: MailQuery = {},
): Promise<Mail> {
  const timeout = query.timeout ?? 10_000
  const deadline = Date.now() + timeout
  const url = `${backend.outboxUrl}/api/messages?to=${encodeURIComponent(to.toLowerCase())}`
  for (;;) {
    const response = await fetch(url)
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`)
    const { messages } = (await response.json()) as {
      messages: Array<MailMessage & Partial<{ html: string }>>
    }
    const found = messages.find(
      (m) =>
        (query.type === undefined || m.kind === query.type) &&
        (query.subject === undefined ||
          (typeof query.subject === 'string'
            ? m.subject === query.subject
            : query.subject.test(m.subject))) &&
        (query.after === undefined || new Date(m.sentAt) >= query.after),
    )
    if (found) return toMail(found)
    if (Date.now() > deadline) {
      const seen = messages.map((m) => `${m.kind} "${m.subject}" at ${m.sentAt}`).join('; ')
      throw new Error(
        `No mail to ${to} matching ${describe(query)} within ${timeout} ms (seen: ${seen || 'none'})`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

function describe(query: MailQuery): string {
  const { type, subject, after } = query
  return JSON.stringify({ type, subject: subject?.toString(), after }) ?? '{}'
}

function toMail(message: MailMessage): Mail {
  return {
    id: message.id,
    to: message.to,
    type: message.kind,
    subject: message.subject,
    html: message.html,
    link: message.link,
    code: message.code,
    sentAt: new Date(message.sentAt),
  }
}

/** The current code of a TOTP factor, from the secret `mfa.enroll()` returned (base32). */
export function totpCode(secret: string, at: number = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  })
}

export interface Credentials {
  email: string
  password: string
}

/**
 * Signs `context` in without the UI: a password sign-in through `@supabase/ssr` itself, whose
 * cookies (`sb-127-auth-token`, chunked when large) are then set for the app's origin, exactly as
 * the worker would have set them.
 */
export async function signInContext(
  backend: BackendInfo,
  context: BrowserContext,
  credentials: Credentials,
): Promise<Session> {
  const written = new Map<string, { value: string; maxAge: number | undefined }>()
  const supabase = createServerClient(backend.supabaseUrl, backend.anonKey, {
    cookies: {
      getAll: () => [],
      setAll: (cookies) => {
        for (const { name, value, options } of cookies) {
          written.set(name, { value, maxAge: options.maxAge })
        }
      },
    },
  })
  const { data, error } = await supabase.auth.signInWithPassword(credentials)
  if (error) throw new Error(`signInContext(${credentials.email}): ${error.message}`)
  const cookies = [...written]
    .filter(([, { value, maxAge }]) => value !== '' && maxAge !== 0)
    .map(([name, { value, maxAge }]) => ({
      name,
      value,
      url: backend.appUrl,
      sameSite: 'Lax' as const,
      ...(maxAge ? { expires: Math.floor(Date.now() / 1000) + maxAge } : {}),
    }))
  if (!cookies.some(({ name }) => name.includes('-auth-token'))) {
    throw new Error('signInContext: @supabase/ssr wrote no session cookie')
  }
  await context.addCookies(cookies)
  return data.session
}
