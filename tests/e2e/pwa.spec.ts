import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Page } from '@playwright/test'
import { PUBLIC_PAGES_CACHE } from '../../client/service-worker/cache-names'
import { findChromium } from './find-chromium'
import { expect, isSameDocument, markDocument, test, waitForHydration } from './fixtures'

test.use({ serviceWorkers: 'allow' })

const BUILT_SERVICE_WORKER = fileURLToPath(new URL('../../dist/client/sw.js', import.meta.url))

async function waitForControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 20_000,
  })
}

/** Polls from the test side: waitForFunction would take an async predicate's promise as truthy. */
async function waitUntilCached(page: Page, paths: string[]): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          async ({ cacheName, wanted }) => {
            const cache = await caches.open(cacheName)
            const found = await Promise.all(
              wanted.map((path) => cache.match(new URL(path, location.origin).href)),
            )
            return found.every(Boolean)
          },
          { cacheName: PUBLIC_PAGES_CACHE, wanted: paths },
        ),
      { timeout: 20_000 },
    )
    .toBe(true)
}

test('the service worker registers and controls the page', async ({ page }) => {
  await page.goto('/en')
  await waitForHydration(page)
  await waitForControl(page)
  await expect(page.locator('html')).toHaveAttribute('data-service-worker', 'registered')
})

test.describe('offline', () => {
  test.use({
    expectedConsoleErrors: /ERR_INTERNET_DISCONNECTED|Failed to load resource|FetchEvent/,
  })

  test('visited pages reload offline; an unvisited page shows the offline page in its language', async ({
    page,
    context,
  }) => {
    await page.goto('/en')
    await waitForHydration(page)
    await waitForControl(page)
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Pricing' })
      .click()
    await expect(page.locator('h1')).toHaveText('Plans and prices')
    await waitUntilCached(page, ['/en', '/en/pricing'])

    await context.setOffline(true)
    await page.reload()
    await expect(page.locator('h1')).toHaveText('Plans and prices')
    await page.goto('/en')
    await expect(page.locator('h1')).toHaveText('All your investments, worked out exactly.')
    await page.goto('/de/preise')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE')
    await expect(page.locator('h1')).toHaveText('Sie sind offline.')
    await page.goto('/portfoyum')
    await expect(page.locator('h1')).toHaveText('Çevrimdışısınız.')
    await context.setOffline(false)
  })
})

test('an updated service worker reloads the page exactly once', async ({ page, context }) => {
  await page.goto('/en')
  await waitForHydration(page)
  await waitForControl(page)
  let loads = 0
  page.on('load', () => (loads += 1))
  // Deploy a new service worker: the preview server serves the built file as it is on disk.
  const original = readFileSync(BUILT_SERVICE_WORKER)
  try {
    appendFileSync(BUILT_SERVICE_WORKER, '\n// next release\n')
    // The preview server keeps a file's ETag from start-up, so a conditional update check
    // would get 304; a real deploy changes the ETag. Drop the HTTP cache to ask afresh.
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache')
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update()
    })
    await expect.poll(() => loads, { timeout: 20_000 }).toBe(1)
  } finally {
    writeFileSync(BUILT_SERVICE_WORKER, original)
  }
  await waitForHydration(page)
  await page.waitForTimeout(2_000)
  expect(loads).toBe(1)
})

test('an hour later, a new build makes the next navigation a full load, and only that one', async ({
  page,
}) => {
  await page.clock.install()
  await page.goto('/en')
  await waitForHydration(page)
  // Let the idle callback start the update checks (the clock is under the test's control).
  await page.clock.runFor(1_000)
  await expect(page.locator('html')).toHaveAttribute(
    'data-service-worker',
    /registering|registered/,
  )
  await page.route('**/builds/latest.json', (route) =>
    route.fulfill({
      json: { id: 'a-newer-build', timestamp: 1 },
      headers: { 'Cache-Control': 'no-store' },
    }),
  )
  const checked = page.waitForRequest('**/builds/latest.json')
  await page.clock.fastForward('01:00:00')
  await checked
  await markDocument(page)
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Pricing' })
    .click()
  await expect(page.locator('h1')).toHaveText('Plans and prices')
  expect(await isSameDocument(page)).toBe(false)

  await waitForHydration(page)
  await markDocument(page)
  await page.getByRole('link', { name: 'Terms of use' }).click()
  await expect(page.locator('h1')).toHaveText('Terms of use')
  expect(await isSameDocument(page)).toBe(true)
})

test('Chromium finds the app installable', async ({ baseURL }) => {
  // Installability is never granted in incognito, which is what test contexts are.
  const found = await findChromium()
  const profile = mkdtempSync(join(tmpdir(), 'kiymet-install-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: found.executablePath,
    args: found.args,
    baseURL,
  })
  try {
    const page = await context.newPage()
    await page.goto('/en')
    await waitForControl(page)
    const cdp = await context.newCDPSession(page)
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, {
        timeout: 15_000,
      })
      .toEqual([])
    const manifest = await cdp.send('Page.getAppManifest')
    expect(manifest.url).toMatch(/\/manifest-en\.webmanifest$/)
    expect(manifest.errors).toEqual([])
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
})
