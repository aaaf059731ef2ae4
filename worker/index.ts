import { createApp } from './app'
import type { Env } from './env'
import { refreshFxRates } from './fx/refresh-fx-rates'
import { QUOTES_CRONS, refreshQuotes } from './quotes/refresh-quotes'

const app = createApp()

export default {
  fetch: app.fetch,
  // Cron Triggers (wrangler.toml): the quotes' daily closes (worker/quotes/), and the reference
  // FX rates after the TCMB and the ECB publish.
  scheduled(controller, env, ctx) {
    const now = new Date(controller.scheduledTime)
    const quotes = (QUOTES_CRONS as readonly string[]).includes(controller.cron)
    ctx.waitUntil(quotes ? refreshQuotes(env, now) : refreshFxRates(env, now))
  },
} satisfies ExportedHandler<Env>
