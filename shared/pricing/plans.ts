import type { LocaleInfo } from '../i18n/locales'

/** Currencies prices are set in: each locale shows its own (see LOCALES). */
export type PriceCurrency = LocaleInfo['currency']
export const BILLING_PERIODS = ['monthly', 'yearly'] as const
export type BillingPeriod = (typeof BILLING_PERIODS)[number]

export interface Plan {
  id: 'free' | 'pro'
  /**
   * null means no limit. Later features enforce these limits, so this is their one source. Every
   * plan limits transactions: the portfolio engine analyzes at most MAX_TRANSACTIONS at once.
   */
  limits: { portfolios: number | null; transactionsPerPortfolio: number }
  /** Decimal strings, VAT included; null for a plan that costs nothing. */
  prices: Record<BillingPeriod, Record<PriceCurrency, string>> | null
  /** Keys into `pricing.features` in the locale files; only features that exist or are planned in issues. */
  features: readonly PlanFeature[]
}

export const PLAN_FEATURES = [
  'costMethods',
  'multiCurrency',
  'currencyEffect',
  'returns',
  'realizedGains',
  'income',
  'offline',
  'languages',
  'twoFactor',
  'importExport',
  'automaticPrices',
] as const
export type PlanFeature = (typeof PLAN_FEATURES)[number]

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    // A retail investor's whole history: a monthly savings plan since 2011 is about 180 rows,
    // so 2,000 hold several of them with their dividends, in a portfolio per account.
    limits: { portfolios: 3, transactionsPerPortfolio: 2_000 },
    prices: null,
    features: PLAN_FEATURES,
  },
  {
    id: 'pro',
    // Half the portfolio engine's MAX_TRANSACTIONS: one analysis of this many takes about a
    // third of a second of CPU in workerd.
    limits: { portfolios: 20, transactionsPerPortfolio: 50_000 },
    // Paddle's Pro prices must be these (docs/payments.md): a base price in EUR, with TRY for
    // Turkey and USD for the United States as country overrides.
    prices: {
      monthly: { TRY: '149', EUR: '4.99', USD: '4.99' },
      yearly: { TRY: '1490', EUR: '49.90', USD: '49.90' },
    },
    features: PLAN_FEATURES,
  },
]

/** The plans' limits as page texts name them, in the locale's numbers. */
export function planLimitParams(format: (value: number) => string): Record<string, string> {
  const free = planById('free').limits
  const pro = planById('pro').limits
  return {
    freePortfolios: format(free.portfolios ?? 0),
    freeTransactions: format(free.transactionsPerPortfolio),
    proPortfolios: format(pro.portfolios ?? 0),
    proTransactions: format(pro.transactionsPerPortfolio),
  }
}

export function planById(id: Plan['id']): Plan {
  const plan = PLANS.find((entry) => entry.id === id)
  if (!plan) throw new Error(`Unknown plan ${id}`)
  return plan
}
