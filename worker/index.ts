import { createApp } from './app'
import { CATALOG_CRON, refreshCatalog } from './catalog/refresh-catalog'
import type { Env } from './env'
import { refreshFxRates } from './fx/refresh-fx-rates'
import { PRICE_INDICES_CRON, refreshPriceIndices } from './indices/refresh-price-indices'
import { QUOTES_CRONS, refreshQuotes } from './quotes/refresh-quotes'

const app = createApp()

export default {
  fetch: app.fetch,
  // Cron Triggers (wrangler.toml): the quotes' daily closes (worker/quotes/), the shared catalog
  // (worker/catalog/), the reference FX rates after the TCMB and the ECB publish, and with the
  // later of those the price indices (worker/indices/).
  scheduled(controller, env, ctx) {
    const now = new Date(controller.scheduledTime)
    if ((QUOTES_CRONS as readonly string[]).includes(controller.cron)) {
      ctx.waitUntil(refreshQuotes(env, now))
    } else if (controller.cron === CATALOG_CRON) {
      ctx.waitUntil(refreshCatalog(env, now))
    } else {
      ctx.waitUntil(refreshFxRates(env, now))
      if (controller.cron === PRICE_INDICES_CRON) ctx.waitUntil(refreshPriceIndices(env, now))
    }
  },
} satisfies ExportedHandler<Env>
