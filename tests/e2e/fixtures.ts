import { test as base, expect } from '@playwright/test'

/**
 * Every test fails if the page logs an error or throws: hydration mismatches, CSP violations and
 * missing translations all surface as console messages.
 */
export const test = base.extend<{ consoleProblems: string[]; expectedConsoleErrors: RegExp[] }>({
  /** Console errors a test provokes on purpose (a 404 document, a blocked request). */
  expectedConsoleErrors: [[], { option: true }],
  consoleProblems: [
    async ({ page, expectedConsoleErrors }, use) => {
      const problems: string[] = []
      page.on('console', (message) => {
        if (message.type() !== 'error' && message.type() !== 'warning') return
        const text = `${message.type()}: ${message.text()}`
        if (!expectedConsoleErrors.some((pattern) => pattern.test(text))) problems.push(text)
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
