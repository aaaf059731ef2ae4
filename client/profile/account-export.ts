import type { User } from '@supabase/supabase-js'
import { apiData, createApiClient, type ApiClient } from '../api/api-client'
import type { Billing, DataExport, Portfolio, Transaction } from '../../shared/api/schemas'
import { authClient } from '../auth/auth-client'
import type { Locale } from '../../shared/i18n/locales'

/** The version of the export's layout; raise it when a field changes meaning. */
export const ACCOUNT_EXPORT_VERSION = 2

/** One sign-in method, without any provider token. */
export interface ExportedIdentity {
  provider: string
  email: string | null
  created_at: string | null
  last_sign_in_at: string | null
}

/** One second factor: what it is called and since when, never its secret. */
export interface ExportedFactor {
  id: string
  friendly_name: string | null
  factor_type: string
  status: string
  created_at: string
}

/** The portfolio data of the export: `GET /api/export`, each portfolio with every transaction. */
export type PortfolioData = Omit<DataExport, 'portfolios'> & {
  portfolios: (Portfolio & { transactions: Transaction[] })[]
}

/** What "Download my data" hands over: the account, and everything kept in the portfolios. */
export interface AccountExport {
  format: 'kiymet-account-export'
  version: typeof ACCOUNT_EXPORT_VERSION
  exported_at: string
  account: {
    id: string
    email: string | null
    new_email: string | null
    created_at: string
    email_confirmed_at: string | null
    last_sign_in_at: string | null
    user_metadata: Record<string, unknown>
    identities: ExportedIdentity[]
    factors: ExportedFactor[]
  }
  /** Portfolios with their transactions, own instruments and manual prices. */
  data: PortfolioData
  /** The plan, the Pro subscription and its invoices, as Paddle's webhooks recorded them. */
  billing: ExportedBilling
}

export type ExportedBilling = Omit<Billing, 'checkoutAvailable'>

/**
 * The export from the auth server's user record (only what describes the person and their
 * settings; tokens, secrets and provider data beyond the email are left out) and the API's
 * export of their portfolio data and billing.
 * @example accountExportOf(user, new Date(), data, billing).account.email // 'ayse@example.com'
 */
export function accountExportOf(
  user: User,
  exportedAt: Date,
  data: PortfolioData,
  billing: ExportedBilling,
): AccountExport {
  return {
    format: 'kiymet-account-export',
    version: ACCOUNT_EXPORT_VERSION,
    exported_at: exportedAt.toISOString(),
    account: {
      id: user.id,
      email: user.email ?? null,
      new_email: user.new_email ?? null,
      created_at: user.created_at,
      email_confirmed_at: user.email_confirmed_at ?? null,
      last_sign_in_at: user.last_sign_in_at ?? null,
      user_metadata: { ...(user.user_metadata ?? {}) },
      identities: (user.identities ?? []).map((identity) => ({
        provider: identity.provider,
        email:
          typeof identity.identity_data?.email === 'string' ? identity.identity_data.email : null,
        created_at: identity.created_at ?? null,
        last_sign_in_at: identity.last_sign_in_at ?? null,
      })),
      factors: (user.factors ?? []).map((factor) => ({
        id: factor.id,
        friendly_name: factor.friendly_name ?? null,
        factor_type: factor.factor_type,
        status: factor.status,
        created_at: factor.created_at,
      })),
    },
    data,
    billing,
  }
}

/** The most transactions the API gives in one page. */
const TRANSACTIONS_PER_PAGE = '500'

/** Every transaction of a portfolio, oldest first, gathered page by page. */
async function allTransactionsOf(api: ApiClient, id: string): Promise<Transaction[]> {
  const pages: Transaction[][] = []
  let cursor: string | null = null
  do {
    const query: { limit: string; cursor?: string } = { limit: TRANSACTIONS_PER_PAGE }
    if (cursor !== null) query.cursor = cursor
    const page = await apiData(
      api.api.portfolios[':id'].transactions.$get({ param: { id }, query }),
    )
    pages.push(page.transactions)
    cursor = page.nextCursor
  } while (cursor !== null)
  // Pages come newest first; the export lists a portfolio's history in the order it happened.
  return pages.flat().reverse()
}

/**
 * The portfolio data from the API: `GET /api/export`, then each portfolio's transactions page by
 * page, so no request has to gather them all.
 */
export async function portfolioDataOf(api: ApiClient): Promise<PortfolioData> {
  const data = await apiData(api.api.export.$get())
  const portfolios: PortfolioData['portfolios'] = []
  for (const portfolio of data.portfolios) {
    portfolios.push({ ...portfolio, transactions: await allTransactionsOf(api, portfolio.id) })
  }
  return { ...data, portfolios }
}

/**
 * Everything the product keeps about the signed-in user, gathered in the browser: the account
 * from the auth server, the portfolio data and billing from the API (errors in `locale`).
 */
export async function collectAccountExport(
  locale: Locale,
  now: Date = new Date(),
): Promise<AccountExport> {
  const api = createApiClient({ locale: () => locale })
  const [{ data, error }, portfolioData, { checkoutAvailable: _, ...billing }] = await Promise.all([
    authClient().then((client) => client.auth.getUser()),
    portfolioDataOf(api),
    apiData(api.api.billing.$get()),
  ])
  if (error || !data.user) throw error ?? new Error('No signed-in user')
  return accountExportOf(data.user, now, portfolioData, billing)
}

/** The export's file name, e.g. `kiymet-data-2026-11-25.json`. */
export function exportFileName(exportedAt: Date): string {
  return `kiymet-data-${exportedAt.toISOString().slice(0, 10)}.json`
}
