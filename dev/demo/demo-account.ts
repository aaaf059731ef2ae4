import postgres from 'postgres'
import { buildDemoDataset } from './demo-dataset'
import { writeDemoData, type WrittenDemoData } from './write-demo-data'

/**
 * The account `npm run dev` creates so a newcomer can sign in and see every portfolio screen
 * full. Local development only: this module lives in dev/, which is never deployed.
 */
export const DEMO_ACCOUNT = {
  email: 'demo@kiymet.local',
  password: 'kiymet-demo',
  displayName: 'Demo Yatırımcı',
  locale: 'tr',
} as const

/** Where the demo account goes: the local database (as its owner) and the local auth server. */
export interface DemoAccountTarget {
  databaseUrl: string
  supabaseUrl: string
  serviceRoleKey: string
}

/** `created: false` when the account was there already (its data is left as the user left it). */
export type DemoAccountOutcome = { created: false } | ({ created: true } & WrittenDemoData)

/**
 * Creates the demo account unless it exists: the user through the auth server's admin API (email
 * confirmed, Turkish, a display name), then its plan, portfolios, transactions and the market data
 * of the two years up to `today`, in one database transaction. Should writing the data fail, the
 * user is deleted again, so the next start tries afresh instead of leaving an empty account.
 */
export async function ensureDemoAccount(
  target: DemoAccountTarget,
  today: string = new Date().toISOString().slice(0, 10),
): Promise<DemoAccountOutcome> {
  const sql = postgres(target.databaseUrl, { max: 1, onnotice: () => undefined })
  try {
    const [existing] = await sql`select 1 from auth.users where email = ${DEMO_ACCOUNT.email}`
    if (existing) return { created: false }
    const userId = await createDemoUser(target)
    try {
      const written = await sql.begin((tx) => writeDemoData(tx, userId, buildDemoDataset(today)))
      return { created: true, ...written }
    } catch (error) {
      await deleteUser(target, userId)
      throw error
    }
  } finally {
    await sql.end()
  }
}

function adminHeaders(target: DemoAccountTarget): Record<string, string> {
  return {
    apikey: target.serviceRoleKey,
    Authorization: `Bearer ${target.serviceRoleKey}`,
    'Content-Type': 'application/json',
  }
}

async function createDemoUser(target: DemoAccountTarget): Promise<string> {
  const response = await fetch(`${target.supabaseUrl}/auth/v1/admin/users`, {
    method: 'POST',
    headers: adminHeaders(target),
    body: JSON.stringify({
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
      email_confirm: true,
      user_metadata: { display_name: DEMO_ACCOUNT.displayName, locale: DEMO_ACCOUNT.locale },
    }),
  })
  if (!response.ok) {
    throw new Error(`Creating the demo user: ${response.status} ${await response.text()}`)
  }
  return ((await response.json()) as { id: string }).id
}

async function deleteUser(target: DemoAccountTarget, userId: string): Promise<void> {
  await fetch(`${target.supabaseUrl}/auth/v1/admin/users/${userId}`, {
    method: 'DELETE',
    headers: adminHeaders(target),
  })
}
