import type { Page } from '@playwright/test'
import { expect, test, waitForHydration } from './fixtures'

// The service worker keeps copies of public pages: it must never keep anything of a user.
test.use({ serviceWorkers: 'allow' })

const PUBLIC_PATHS = ['/en', '/en/pricing', '/de/preise', '/']

/** Loads a page and returns the HTML the server sent for it. */
async function documentOf(page: Page, path: string): Promise<string> {
  const response = await page.goto(path)
  if (!response) throw new Error(`no response for ${path}`)
  await waitForHydration(page)
  return response.text()
}

/** Every response kept in the page's Cache Storage, as text. */
async function cachedTexts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const texts: string[] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) {
        const response = await cache.match(request)
        if (response?.headers.get('Content-Type')?.includes('text/html')) {
          texts.push(await response.text())
        }
      }
    }
    return texts
  })
}

test('two users and a visitor take turns in one browser: no page or cache shows another', async ({
  page,
  createUser,
  signIn,
}) => {
  test.slow()
  const ada = await createUser({ locale: 'en', metadata: { display_name: 'Ada Lovelace' } })
  const bob = await createUser({ locale: 'en', metadata: { display_name: 'Bob Marley' } })
  const secretsOf = (user: typeof ada) => [user.email, String(user.user.user_metadata.display_name)]
  const everyone = [...secretsOf(ada), ...secretsOf(bob)]

  // Let the service worker install and take over (the page reloads once) before the turns.
  await page.goto('/en')
  await waitForHydration(page)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 15_000,
  })
  await waitForHydration(page)
  const visitorDocs: string[] = []
  for (const path of PUBLIC_PATHS) visitorDocs.push(await documentOf(page, path))

  await signIn(ada)
  for (const path of PUBLIC_PATHS) {
    const html = await documentOf(page, path)
    for (const secret of everyone) expect(html).not.toContain(secret)
  }
  // The browser itself names the signed-in user, from its own session.
  await page.locator('.account-menu summary').click()
  await expect(page.locator('.account-menu__panel')).toContainText(ada.email)
  await expect(page.locator('.account-menu__panel')).toContainText('Ada Lovelace')
  const profile = await documentOf(page, '/en/profile')
  expect(profile).toContain(ada.email)

  // Ada signs out: nothing of hers stays on screen or in any cache.
  await page.goto('/en')
  await waitForHydration(page)
  await page.locator('.account-menu summary').click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible()
  for (const secret of secretsOf(ada)) await expect(page.locator('body')).not.toContainText(secret)
  const afterSignOut = await documentOf(page, '/en')
  for (const secret of everyone) expect(afterSignOut).not.toContain(secret)

  await signIn(bob)
  const bobHome = await documentOf(page, '/en')
  for (const secret of everyone) expect(bobHome).not.toContain(secret)
  await page.locator('.account-menu summary').click()
  await expect(page.locator('.account-menu__panel')).toContainText(bob.email)
  for (const secret of secretsOf(ada)) await expect(page.locator('body')).not.toContainText(secret)

  // A visitor again, on the same worker and browser profile.
  await page.context().clearCookies()
  const visitorAgain: string[] = []
  for (const path of PUBLIC_PATHS) visitorAgain.push(await documentOf(page, path))
  for (const html of [...visitorDocs, ...visitorAgain]) {
    for (const secret of everyone) expect(html).not.toContain(secret)
    expect(html).not.toContain('class="account-menu"')
  }
  for (const text of await cachedTexts(page)) {
    for (const secret of everyone) expect(text).not.toContain(secret)
  }
})
