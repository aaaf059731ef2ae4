import type { PaddleClient } from '../../shared/api/schemas'
import type { BillingPeriod } from '../../shared/pricing/plans'

/** The worker's Paddle settings (wrangler.toml vars, secrets; docs/payments.md). */
export interface PaddleEnv {
  /** `sandbox` or `production` (the default): which of Paddle's hosts the defaults name. */
  PADDLE_ENVIRONMENT?: string
  /** Base URL of Paddle's API; by default Paddle's for the environment. */
  PADDLE_API_URL?: string
  /** A server-side API key (a secret: `wrangler secret put PADDLE_API_KEY`). */
  PADDLE_API_KEY?: string
  /** The webhook destination's secret; two, comma-separated, while one replaces the other. */
  PADDLE_WEBHOOK_SECRETS?: string
  /** The client-side token Paddle.js opens the checkout with (public by design: `live_…`, `test_…`). */
  PADDLE_CLIENT_TOKEN?: string
  /** Where Paddle.js is loaded from; by default Paddle's CDN. */
  PADDLE_JS_URL?: string
  /** The origin of the checkout's frame (for the CSP); by default Paddle's for the environment. */
  PADDLE_CHECKOUT_ORIGIN?: string
  /** Paddle's ids of the Pro prices (`pri_…`). */
  PADDLE_PRICE_PRO_MONTHLY?: string
  PADDLE_PRICE_PRO_YEARLY?: string
}

export interface PaddleSettings {
  environment: 'sandbox' | 'production'
  apiUrl: string
  apiKey: string
  clientToken: string
  scriptUrl: string
  checkoutOrigin: string
  prices: Record<BillingPeriod, string>
}

const HOSTS = {
  production: { api: 'https://api.paddle.com', checkout: 'https://buy.paddle.com' },
  sandbox: { api: 'https://sandbox-api.paddle.com', checkout: 'https://sandbox-buy.paddle.com' },
} as const

const PADDLE_JS = 'https://cdn.paddle.com/paddle/v2/paddle.js'

/**
 * Paddle's settings when Pro can be sold here: a key, a client token and both prices; null
 * otherwise, and the site then offers no checkout (it never promises what does not work).
 */
export function paddleSettings(env: PaddleEnv): PaddleSettings | null {
  const { PADDLE_API_KEY: apiKey, PADDLE_CLIENT_TOKEN: clientToken } = env
  const monthly = env.PADDLE_PRICE_PRO_MONTHLY
  const yearly = env.PADDLE_PRICE_PRO_YEARLY
  if (!apiKey || !clientToken || !monthly || !yearly || webhookSecrets(env).length === 0) {
    return null
  }
  const environment = env.PADDLE_ENVIRONMENT === 'sandbox' ? 'sandbox' : 'production'
  return {
    environment,
    apiUrl: (env.PADDLE_API_URL ?? HOSTS[environment].api).replace(/\/+$/, ''),
    apiKey,
    clientToken,
    scriptUrl: env.PADDLE_JS_URL ?? PADDLE_JS,
    checkoutOrigin: env.PADDLE_CHECKOUT_ORIGIN ?? HOSTS[environment].checkout,
    prices: { monthly, yearly },
  }
}

/** What pages need to load Paddle.js where Pro is sold: only public values. */
export function paddleClient(env: PaddleEnv): PaddleClient | null {
  const settings = paddleSettings(env)
  if (!settings) return null
  const { scriptUrl, clientToken: token, environment } = settings
  return { scriptUrl, token, environment }
}

/** The secrets a webhook may be signed with. */
export function webhookSecrets(env: PaddleEnv): string[] {
  return (env.PADDLE_WEBHOOK_SECRETS ?? '')
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean)
}

/**
 * What the pages' CSP must allow where Pro is on sale: Paddle.js's folder (not the whole CDN),
 * and the origin of the checkout's frame.
 */
export function checkoutSources(env: PaddleEnv): { script: string[]; frame: string[] } {
  const settings = paddleSettings(env)
  if (!settings) return { script: [], frame: [] }
  return { script: [new URL('.', settings.scriptUrl).href], frame: [settings.checkoutOrigin] }
}
