import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import { findChromium } from './find-chromium'

const root = fileURLToPath(new URL('../..', import.meta.url))
const port = Number(process.env.E2E_PORT ?? 4317)
const devPort = Number(process.env.E2E_DEV_PORT ?? 4318)
const quiet = { CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' }
const chromium = await findChromium()

/**
 * Runs against the production build served by `vite preview` (workerd + static assets), and a
 * short pass against `vite dev`, whose React development build reports hydration mismatches
 * that the production build silently leaves in place.
 */
export default defineConfig({
  testDir: '.',
  outputDir: `${root}/test-results/e2e`,
  timeout: 30_000,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromium.executablePath, args: chromium.args },
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'production',
      testIgnore: /dev-hydration\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${port}` },
    },
    {
      name: 'development',
      testMatch: /dev-hydration\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${devPort}` },
    },
  ],
  webServer: [
    {
      command: `node_modules/.bin/vite preview --host 127.0.0.1 --port ${port} --strictPort`,
      cwd: root,
      url: `http://127.0.0.1:${port}/robots.txt`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: quiet,
    },
    {
      command: `node_modules/.bin/vite dev --host 127.0.0.1 --port ${devPort} --strictPort`,
      cwd: root,
      url: `http://127.0.0.1:${devPort}/robots.txt`,
      reuseExistingServer: false,
      timeout: 90_000,
      env: quiet,
    },
  ],
})
