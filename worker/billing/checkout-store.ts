import { withOwnerTransaction } from '../db/run-as-owner'
import type { DatabaseEnv } from '../db/run-as-user'
import type { BillingPeriod } from '../../shared/pricing/plans'

/**
 * What the checkout keeps for a signed-in user, written as the database owner with the id the
 * session proved (users may read none of it): their Paddle customer, and each checkout opened
 * with the time they agreed that Pro starts at once.
 */

/** The user's Paddle customer, if they opened a checkout before. */
export async function customerOf(env: DatabaseEnv, userId: string): Promise<string | null> {
  const [row] = await withOwnerTransaction(
    env,
    (sql) => sql<{ customer_id: string }[]>`
      select customer_id from public.billing_customers where user_id = ${userId}
    `,
  )
  return row?.customer_id ?? null
}

/**
 * Keeps the user's customer; the one kept first wins (two tabs at once). Null when the customer
 * is already another user's: Paddle finds customers by email, which an account may have changed.
 */
export async function rememberCustomer(
  env: DatabaseEnv,
  userId: string,
  customerId: string,
): Promise<string | null> {
  return withOwnerTransaction(env, async (sql) => {
    await sql`
      insert into public.billing_customers (user_id, customer_id)
      values (${userId}, ${customerId})
      on conflict do nothing
    `
    const [row] = await sql<{ customer_id: string }[]>`
      select customer_id from public.billing_customers where user_id = ${userId}
    `
    return row?.customer_id ?? null
  })
}

export async function recordCheckout(
  env: DatabaseEnv,
  checkout: { transactionId: string; userId: string; period: BillingPeriod; consentedAt: Date },
): Promise<void> {
  await withOwnerTransaction(
    env,
    (sql) => sql`
      insert into public.billing_checkouts (transaction_id, user_id, period, consented_at)
      values (${checkout.transactionId}, ${checkout.userId}, ${checkout.period},
        ${checkout.consentedAt})
    `,
  )
}
