import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import postgres from 'postgres'
import { inject } from 'vitest'
import { withUserTransaction, type UserClaims } from '../../worker/db/run-as-user'

const backend = inject('rlsBackend')
const env = { HYPERDRIVE: { connectionString: backend.databaseUrl } }

export interface TestUser {
  id: string
  claims: UserClaims
  supabase: SupabaseClient
}

/** A new confirmed user, signed in at aal1, with the claims the worker would verify. */
export async function signUp(): Promise<TestUser> {
  const supabase = createClient(backend.supabaseUrl, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const { data, error } = await supabase.auth.signUp({
    email: `portfolio-${randomUUID().slice(0, 8)}@example.com`,
    password: 'row-level-security',
  })
  if (error || !data.session) throw error ?? new Error('no session')
  return { id: data.session.user.id, claims: await claimsOf(supabase), supabase }
}

/** The verified claims of a client's current session. */
export async function claimsOf(supabase: SupabaseClient): Promise<UserClaims> {
  const { data } = await supabase.auth.getSession()
  const verified = await supabase.auth.getClaims(data.session?.access_token)
  if (!verified.data) throw verified.error ?? new Error('no claims')
  return verified.data.claims as UserClaims
}

/** Runs `fn` as the user's session (or anon for null), exactly as the worker does. */
export function as<T>(
  session: { claims: UserClaims } | null,
  fn: (sql: postgres.TransactionSql) => Promise<T>,
): Promise<T> {
  return withUserTransaction(env, session?.claims ?? null, fn)
}

/**
 * Runs `fn` as the table owner, the role migrations, the seed and the service role's scheduled
 * jobs write with: row-level security does not apply, constraints and triggers do.
 */
export async function asOwner<T>(fn: (sql: postgres.TransactionSql) => Promise<T>): Promise<T> {
  const sql = postgres(backend.databaseUrl, { max: 1, onnotice: () => undefined })
  try {
    return (await sql.begin(fn)) as T
  } finally {
    await sql.end()
  }
}

export interface PortfolioRow {
  id: string
  user_id: string
  name: string
}

export function addPortfolio(
  user: TestUser,
  options: { name?: string; recordsCash?: boolean } = {},
): Promise<PortfolioRow> {
  return as(user, async (sql) => {
    const [row] = await sql<PortfolioRow[]>`
      insert into public.portfolios (name, base_currency, cost_basis_method, records_cash)
      values (${options.name ?? 'Main'}, 'EUR', 'FIFO', ${options.recordsCash ?? true})
      returning id, user_id, name
    `
    if (!row) throw new Error('no portfolio')
    return row
  })
}

export async function addInstrument(user: TestUser, code: string): Promise<string> {
  return as(user, async (sql) => {
    const [row] = await sql<{ id: string }[]>`
      insert into public.instruments (code, name, type, currency)
      values (${code}, ${`Fund ${code}`}, 'FUND', 'EUR')
      returning id
    `
    if (!row) throw new Error('no instrument')
    return row.id
  })
}

/** A catalog instrument's id, read as anon. */
export async function catalogInstrument(code: string): Promise<string> {
  const [row] = await as(
    null,
    (sql) => sql<{ id: string }[]>`select id from public.instruments where code = ${code}`,
  )
  if (!row) throw new Error(`${code} is not in the catalog`)
  return row.id
}
