import { test as base, expect } from '@playwright/test'

/**
 * Every test fails if the page logs an error or throws: hydration mismatches, CSP violations and
 * missing translations all surface as console messages.
 */
export const test = base.extend<{
  consoleProblems: string[]
  expectedConsoleErrors: RegExp | undefined
}>({
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
