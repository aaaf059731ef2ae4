import { test as base, expect, type BrowserContext } from '@playwright/test'
import type { Session } from '@supabase/supabase-js'
import {
  createUser,
  readMail,
  signInContext,
  type Credentials,
  type Mail,
  type MailQuery,
  type NewUserOptions,
  type TestUser,
} from './backend'
import { readBackendInfo, type BackendInfo } from '../../dev/testing/backend-info'

export { totpCode, uniqueEmail, adminClient, anonClient } from './backend'
export type { BackendInfo, Credentials, Mail, MailQuery, NewUserOptions, TestUser }

export interface BackendFixtures {
  /** Creates a user through the admin API; a unique address unless `email` is given. */
  createUser: (options?: NewUserOptions) => Promise<TestUser>
  /** Waits for the newest mail to `to` matching `query` in the outbox. */
  readMail: (to: string, query?: MailQuery) => Promise<Mail>
  /** Signs `context` (default: the test's) in without the UI, by the session cookie. */
  signIn: (user: Credentials, context?: BrowserContext) => Promise<Session>
}

/**
 * Every test fails if the page logs an error or throws: hydration mismatches, CSP violations and
 * missing translations all surface as console messages.
 *
 * Tests of the production project also reach the temporary backend the web server started
 * (dev/testing/serve-with-backend.ts): `backend` and the helpers below read it lazily, so tests
 * that use none of them, and the development project, never need it.
 */
export const test = base.extend<
  BackendFixtures & {
    consoleProblems: string[]
    expectedConsoleErrors: RegExp | undefined
  },
  { backend: BackendInfo }
>({
  backend: [async ({}, use) => use(readBackendInfo()), { scope: 'worker' }],
  createUser: async ({ backend }, use) => use((options) => createUser(backend, options)),
  readMail: async ({ backend }, use) => use((to, query) => readMail(backend, to, query)),
  signIn: async ({ backend, context }, use) =>
    use((user, target = context) => signInContext(backend, target, user)),
  /**
   * Console errors a test provokes on purpose (a 404 document, a blocked request). One RegExp:
   * test.use() would read an array as a [value, options] pair.
   */
  expectedConsoleErrors: [undefined, { option: true }],
  consoleProblems: [
    async ({ page, expectedConsoleErrors }, use) => {
      const problems: string[] = []
      page.on('console', (message) => {
        if (message.type() !== 'error' && message.type() !== 'warning') return
        const text = `${message.type()}: ${message.text()}`
        // Playwright's own notice where a test blocks service workers; not the app's.
        if (/Service Worker registration blocked by Playwright/.test(text)) return
        // Chromium's note, now and then on a page the service worker controls, that a module it
        // preloaded one way was requested the other (worker or network); it fetches the module
        // again and the page runs. Not the app's: every other warning still fails the test.
        if (/A preload for .* is not used because it is a cross-world service worker/.test(text)) {
          return
        }
        if (!expectedConsoleErrors?.test(text)) problems.push(text)
      })
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
      await use(problems)
      expect(problems, 'console errors and warnings').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/** Marks the current document, so a test can tell a client-side navigation from a full load. */
export async function markDocument(page: import('@playwright/test').Page): Promise<void> {
  await page.evaluate(() => {
    ;(window as unknown as { __sameDocument: boolean }).__sameDocument = true
  })
}

export async function isSameDocument(page: import('@playwright/test').Page): Promise<boolean> {
  return page.evaluate(
    () => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true,
  )
}

/** Waits until React has hydrated: the router then handles clicks. */
export async function waitForHydration(page: import('@playwright/test').Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}
