/**
 * The local Paddle sandbox account: keys and catalog ids in Paddle's formats, fixed so that
 * `.dev.vars` and tests stay valid across runs. None of them works against Paddle itself.
 */
export const LOCAL_PADDLE = {
  /** `pdl_sdbx_apikey_` + ULID + `_` + 22 random + `_` + 3, like Paddle's sandbox API keys. */
  apiKey: 'pdl_sdbx_apikey_01jq7k1ymetst4nd1nkey0000a_LocalStandInApiKey4Dev_KYM',
  /** A notification destination's secret: `pdl_ntf_` + ULID + `_` + 32 random. */
  webhookSecret: 'pdl_ntf_01jq7k1ymetwebh00ksecret00_LocalStandInWebhookSecretForDev1',
  /** A sandbox client-side token for Paddle.js: `test_` + 27 hex digits. */
  clientToken: 'test_6b1e7a0c2d94f3851ea07c6d2b9',
  productId: 'pro_01jq7k1ymetpr0dvct00000000',
  priceProMonthly: 'pri_01jq7k1ymetpr0m0nth1y00000',
  priceProYearly: 'pri_01jq7k1ymetpr0year1y000000',
} as const

/** The worker's Paddle settings for a stand-in listening at `standInUrl`. */
export function localPaddleVars(standInUrl: string): Record<string, string> {
  const origin = new URL(standInUrl).origin
  return {
    PADDLE_API_URL: origin,
    PADDLE_API_KEY: LOCAL_PADDLE.apiKey,
    PADDLE_WEBHOOK_SECRETS: LOCAL_PADDLE.webhookSecret,
    PADDLE_CLIENT_TOKEN: LOCAL_PADDLE.clientToken,
    PADDLE_JS_URL: `${origin}/paddle.js`,
    // The checkout iframe's origin, for the app's CSP frame-src.
    PADDLE_CHECKOUT_ORIGIN: origin,
    PADDLE_ENVIRONMENT: 'sandbox',
    PADDLE_PRICE_PRO_MONTHLY: LOCAL_PADDLE.priceProMonthly,
    PADDLE_PRICE_PRO_YEARLY: LOCAL_PADDLE.priceProYearly,
  }
}
