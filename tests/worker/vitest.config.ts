import { fileURLToPath } from 'node:url'
import { cloudflareTest } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'
import { MAX_WORKERS } from '../../scripts/test/max-workers.ts'
import { clientAssetsPlugin } from '../../scripts/vite/client-assets-plugin.ts'
import { markdownPlugin } from '../../scripts/vite/markdown-plugin.ts'
import { messagesPlugin } from '../../scripts/vite/messages-plugin.ts'
import { LEGAL_TOKENS } from '../../vite.config.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
let workersStarted = 0

process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false'
process.env.WRANGLER_SEND_METRICS = 'false'

/** The worker in workerd, linking the built client as in production (run `npm run build` first). */
export default defineConfig({
  root,
  plugins: [
    markdownPlugin(LEGAL_TOKENS),
    messagesPlugin(),
    clientAssetsPlugin({ clientOutDir: 'dist/client', useBuild: true }),
    // Called as each Vitest worker starts its workerd: the worker's own backend, in turn.
    cloudflareTest(() => ({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          SITE_URL: 'https://kiymet.app',
          TEST_BACKEND: String(workersStarted++ % MAX_WORKERS),
        },
      },
    })),
  ],
  test: {
    name: 'worker',
    include: ['tests/worker/**/*.test.{ts,tsx}'],
    globalSetup: ['tests/worker/global-setup.ts'],
    // One workerd and module graph for all files instead of one per file: a third of the CPU
    // time. Each file makes its own users and portfolios, so files do not see each other's data.
    isolate: false,
    maxWorkers: MAX_WORKERS,
    hookTimeout: 60_000,
    // Jobs and imports against the real backend take seconds on a loaded 2-core CI machine.
    testTimeout: 20_000,
  },
})
