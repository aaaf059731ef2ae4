import { defineConfig } from '@playwright/test'
import {
  E2E_DEV_PORT as devPort,
  E2E_PORT as port,
  REPO_ROOT as root,
} from '../../dev/testing/backend-info'
import { findChromium } from './find-chromium'

const quiet = { CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' }
const chromium = await findChromium()

/**
 * Runs against the production build served by `vite preview` (workerd + static assets), and a
 * short pass against `vite dev`, whose React development build reports hydration mismatches
 * that the production build silently leaves in place.
 *
 * The production project has a temporary local backend (Postgres, auth server, mail outbox) for
 * the whole run: dev/testing/serve-with-backend.ts starts it, points the worker at it and tells
 * the tests where it is (the `backend` fixture). The development project has none.
 */
export default defineConfig({
  testDir: '.',
  outputDir: `${root}/test-results/e2e`,
  timeout: 30_000,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // Names the slowest spec files at the end: the whole `npm test` must stay under 12 minutes.
  reportSlowTests: { max: 5, threshold: 20_000 },
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
      // Node itself (not the tsx CLI, which adds a process that relays signals).
      command: `"${process.execPath}" --import tsx dev/testing/serve-with-backend.ts ${port}`,
      cwd: root,
      url: `http://127.0.0.1:${port}/robots.txt`,
      reuseExistingServer: false,
      timeout: 90_000,
      env: quiet,
      // Without it Playwright SIGKILLs the group, leaving the backend's temporary folder behind.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
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
