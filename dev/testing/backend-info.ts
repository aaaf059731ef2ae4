import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** Where `vite preview` (the production project) listens; other runs on the machine pick others. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317)
/** Where `vite dev` (the development project) listens. */
export const E2E_DEV_PORT = Number(process.env.E2E_DEV_PORT ?? 4318)

/** What the production project's web server tells the tests about its temporary backend. */
export interface BackendInfo {
  /** The app, as the browser reaches it (`vite preview`); also the auth server's site URL. */
  appUrl: string
  /** The Supabase project URL the worker was given (auth under `/auth/v1`). */
  supabaseUrl: string
  anonKey: string
  serviceRoleKey: string
  /** The mail outbox (JSON under `/api/messages?to=`). */
  outboxUrl: string
  /** Superuser connection string of the backend's Postgres (the worker's Hyperdrive target). */
  databaseUrl: string
  /** The Paddle stand-in (dev/payments), whose webhooks go to the app. */
  paymentsUrl: string
}

/**
 * Git-ignored, outside Playwright's output folder (which it empties when a run starts), and named
 * by port so runs of other worktrees on the same machine never read each other's.
 */
export function backendInfoFile(port: number = E2E_PORT): string {
  return `${REPO_ROOT}test-results/e2e-backend-${port}.json`
}

export function readBackendInfo(port: number = E2E_PORT): BackendInfo {
  const file = backendInfoFile(port)
  if (!existsSync(file)) {
    throw new Error(
      `${file} does not exist: the backend is started by the production project's web ` +
        `server (dev/testing/serve-with-backend.ts); run the tests through ` +
        `tests/e2e/playwright.config.ts.`,
    )
  }
  return JSON.parse(readFileSync(file, 'utf8')) as BackendInfo
}
