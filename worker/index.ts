import { createApp } from './app'
import type { Env } from './env'
import { refreshFxRates } from './fx/refresh-fx-rates'

const app = createApp()

export default {
  fetch: app.fetch,
  // Cron Triggers (wrangler.toml): the reference FX rates after the TCMB and the ECB publish.
  scheduled(controller, env, ctx) {
    ctx.waitUntil(refreshFxRates(env, new Date(controller.scheduledTime)))
  },
} satisfies ExportedHandler<Env>
