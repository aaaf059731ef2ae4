import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { inject } from 'vitest'

export const target = inject('target')

/** Storage the client keeps its session and PKCE verifier in, readable by the test. */
export class MemoryStorage {
  readonly items = new Map<string, string>()
  getItem = (key: string) => this.items.get(key) ?? null
  setItem = (key: string, value: string) => void this.items.set(key, value)
  removeItem = (key: string) => void this.items.delete(key)
  /** Whether the client holds a PKCE code verifier. */
  hasVerifier() {
    return [...this.items.keys()].some((key) => key.endsWith('-code-verifier'))
  }
  /** Replaces every stored PKCE verifier (the flow's slot and the legacy key) with `verifier`. */
  replaceVerifiers(verifier: string) {
    for (const [key, value] of this.items) {
      if (key.endsWith('-code-verifier') && typeof JSON.parse(value) === 'string') {
        this.items.set(key, JSON.stringify(verifier))
      }
    }
  }
  snapshot() {
    return new Map(this.items)
  }
  restore(snapshot: Map<string, string>) {
    for (const [key, value] of snapshot) this.items.set(key, value)
  }
}

export interface Client {
  supabase: SupabaseClient
  storage: MemoryStorage
}

/** An official client as the app's browser would hold it, but without timers. */
export function client(
  options: { url?: string | undefined; flowType?: 'pkce' | 'implicit' } = {},
): Client {
  const storage = new MemoryStorage()
  const supabase = createClient(options.url ?? target.supabaseUrl, target.anonKey, {
    auth: {
      storage,
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      flowType: options.flowType ?? 'implicit',
    },
  })
  return { supabase, storage }
}

export function adminClient(): SupabaseClient {
  return createClient(target.supabaseUrl, target.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
}

export const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.com`
export const PASSWORD = 'correct-horse-battery'

/** A confirmed email user made through the admin API. */
export async function createConfirmedUser(tag: string) {
  const email = uniqueEmail(tag)
  const { data, error } = await adminClient().auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  })
  if (error || !data.user) throw error ?? new Error('no user')
  return { email, password: PASSWORD, id: data.user.id }
}

/** A confirmed user signed in on a fresh client. */
export async function signedInClient(tag: string, options: Parameters<typeof client>[0] = {}) {
  const user = await createConfirmedUser(tag)
  const signedIn = client(options)
  const { data, error } = await signedIn.supabase.auth.signInWithPassword(user)
  if (error || !data.session) throw error ?? new Error('no session')
  return { ...signedIn, user, session: data.session }
}

export interface Mail {
  to: string
  kind: string
  subject: string
  html: string
  /** Where the mail's button leads: the app's /auth/confirm (see supabase/templates). */
  link?: string
  /** GoTrue's `/verify` link for the same token, which the templates do not use. */
  confirmationUrl?: string
  code: string
}

/** The newest message the auth server sent to `email` (local outbox only). */
export async function latestMail(email: string): Promise<Mail> {
  if (!target.outboxUrl) throw new Error('No outbox for this target')
  const response = await fetch(
    `${target.outboxUrl}/api/messages/latest?to=${encodeURIComponent(email)}`,
  )
  if (!response.ok) throw new Error(`No mail to ${email}: ${response.status}`)
  return (await response.json()) as Mail
}

/** Where a link sends the browser (without following it). */
export async function redirectOf(url: string): Promise<{ status: number; location: URL }> {
  const response = await fetch(url, { redirect: 'manual' })
  const location = response.headers.get('location')
  if (!location) throw new Error(`No redirect from ${url}: ${response.status}`)
  return { status: response.status, location: new URL(location, url) }
}

/** Parameters of a redirect target's fragment (implicit flow) as an object. */
export const fragmentOf = (url: URL) => Object.fromEntries(new URLSearchParams(url.hash.slice(1)))

export const hasOutbox = Boolean(target.outboxUrl)
