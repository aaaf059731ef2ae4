import { ALL_URLS, EXPECTED_URLS } from '../../shared/routes/route-fixtures'
import { expect, isSameDocument, markDocument, test, waitForHydration } from './fixtures'

test('hydrates: the pricing period switch changes the prices', async ({ page }) => {
  await page.goto('/en/pricing')
  await waitForHydration(page)
  const pro = page.locator('.plan').filter({ hasText: 'Pro' })
  await expect(pro.locator('.plan__amount')).toHaveText('$4.99')
  await page.getByLabel(/Yearly/).check()
  await expect(pro.locator('.plan__amount')).toHaveText('$49.90')
  await expect(pro.locator('.plan__period')).toHaveText('per year')
})

test('navigates between screens without a full page load', async ({ page }) => {
  await page.goto('/en')
  await waitForHydration(page)
  await markDocument(page)
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Pricing' })
    .click()
  await expect(page).toHaveURL('/en/pricing')
  await expect(page).toHaveTitle('Pricing — Kıymet')
  await expect(page.locator('h1')).toHaveText('Plans and prices')
  await expect(page.locator('h1')).toBeFocused()
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', /\/en\/pricing$/)
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', /\/en\/pricing$/)
  await page.getByRole('link', { name: 'Terms of use' }).click()
  await expect(page).toHaveURL('/en/legal/terms-of-use')
  await expect(page.locator('h1')).toHaveText('Terms of use')
  expect(await isSameDocument(page)).toBe(true)
})

test('back and forward restore the screen and the scroll position', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 })
  await page.goto('/en/legal/privacy-policies')
  await waitForHydration(page)
  await markDocument(page)
  await page.evaluate(() => window.scrollTo(0, 1200))
  await page.waitForFunction(() => window.scrollY === 1200)
  // A click in place: Playwright's click() would first scroll the link into view.
  await page.locator('.legal__other a').dispatchEvent('click')
  await expect(page.locator('h1')).toHaveText('Terms of use')
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  await page.goBack()
  await expect(page.locator('h1')).toHaveText('Privacy policy')
  await page.waitForFunction(() => window.scrollY === 1200)
  await page.goForward()
  await expect(page.locator('h1')).toHaveText('Terms of use')
  expect(await isSameDocument(page)).toBe(true)
})

test('switches language to the same screen, loading only that language', async ({ page }) => {
  const localeChunks: string[] = []
  page.on('request', (request) => {
    const name = /\/assets\/(tr|en|de)-[\w-]+\.js$/.exec(request.url())?.[1]
    if (name) localeChunks.push(name)
  })
  const path = EXPECTED_URLS.transaction.en
  await page.goto(path)
  await waitForHydration(page)
  // Messages come in several chunks per language (shared/i18n/message-groups.ts).
  expect(new Set(localeChunks)).toEqual(new Set(['en']))
  await markDocument(page)
  await page.getByRole('button', { name: 'Language: English' }).click()
  await page.locator('#language-menu-list').getByRole('link', { name: 'Deutsch' }).click()
  await expect(page).toHaveURL(EXPECTED_URLS.transaction.de)
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE')
  await expect(page.locator('h1')).toHaveText('Transaktionen')
  await expect(page).toHaveTitle('Transaktionen – Kıymet')
  await expect(page.locator('#language-menu-list')).toBeHidden()
  expect(new Set(localeChunks)).toEqual(new Set(['en', 'de']))
  expect(await isSameDocument(page)).toBe(true)
})

test('the language menu works with the keyboard', async ({ page }) => {
  await page.goto('/fiyatlandirma')
  await waitForHydration(page)
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'İçeriğe geç' })).toBeFocused()
  const button = page.getByRole('button', { name: 'Dil: Türkçe' })
  await button.focus()
  await page.keyboard.press('Enter')
  await expect(button).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('Escape')
  await expect(button).toHaveAttribute('aria-expanded', 'false')
  await expect(button).toBeFocused()
})

test.describe('unknown paths', () => {
  test.use({ expectedConsoleErrors: /status of 404 \(Not Found\)/ })

  test('shows the 404 screen with its status for an unknown path', async ({ page }) => {
    const response = await page.goto('/en/does-not-exist')
    expect(response?.status()).toBe(404)
    await expect(page.locator('.error-view__message')).toHaveText(
      'Page Not Found: /en/does-not-exist',
    )
    await expect(page.locator('h1')).toHaveText('Ooops.')
  })

  test('a link to an unknown path is a full page load that gets the real 404', async ({ page }) => {
    await page.goto('/en')
    await waitForHydration(page)
    await markDocument(page)
    await page.evaluate(() => {
      const link = document.createElement('a')
      link.href = '/en/missing'
      link.textContent = 'missing'
      link.id = 'missing-link'
      document.querySelector('main')?.append(link)
    })
    await page.click('#missing-link')
    await expect(page.locator('.error-view__message')).toHaveText('Page Not Found: /en/missing')
    expect(await isSameDocument(page)).toBe(false)
  })
})

test.describe('failed chunk', () => {
  test.use({ expectedConsoleErrors: /Failed to load resource: net::ERR_FAILED/ })

  test('a page chunk that fails to load gives a full page load of the target', async ({ page }) => {
    await page.goto('/en')
    await waitForHydration(page)
    await markDocument(page)
    let blocked = 0
    await page.route('**/assets/pricing-page-*.js', async (route) => {
      blocked += 1
      if (blocked === 1) return route.abort()
      return route.continue()
    })
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Pricing' })
      .click()
    await expect(page).toHaveURL('/en/pricing')
    await expect(page.locator('h1')).toHaveText('Plans and prices')
    expect(blocked).toBeGreaterThanOrEqual(1)
    expect(await isSameDocument(page)).toBe(false)
  })
})

test('every one of the 27 URLs loads without console errors', async ({ page }) => {
  // 27 full loads in one test: on a busy 2-core machine that alone can take over 30 s.
  test.slow()
  for (const url of ALL_URLS) {
    const response = await page.goto(url)
    expect(response?.status(), url).toBe(200)
    await waitForHydration(page)
  }
})

test('a service worker that cannot register sets the flag and breaks nothing', async ({ page }) => {
  await page.addInitScript(() => {
    ServiceWorkerContainer.prototype.register = () =>
      Promise.reject(new DOMException('Registration refused', 'SecurityError'))
  })
  await page.goto('/en/pricing')
  await waitForHydration(page)
  await expect(page.locator('html')).toHaveAttribute('data-service-worker', 'failed')
  await page.getByLabel(/Yearly/).check()
  await expect(page.locator('.plan__amount').nth(1)).toHaveText('$49.90')
})

test.describe('analytics', () => {
  test('sends one cookieless page view per screen shown', async ({ page, context }) => {
    const beacons: unknown[] = []
    await page.route('**/api/analytics', async (route) => {
      beacons.push(JSON.parse(route.request().postData() ?? 'null'))
      await route.fulfill({ status: 204 })
    })
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/de/preise')
    await waitForHydration(page)
    await expect.poll(() => beacons.length).toBe(1)
    await page.getByRole('link', { name: 'Datenschutzerklärung' }).click()
    await expect(page.locator('h1')).toHaveText('Datenschutzerklärung')
    await expect.poll(() => beacons.length).toBe(2)
    expect(beacons[0]).toMatchObject({ v: 1, screen: 'pricing', locale: 'de', referrer: null })
    expect(beacons[1]).toMatchObject({ v: 1, screen: 'privacy', locale: 'de', referrer: null })
    expect(await context.cookies()).toEqual([])
  })

  for (const [signal, script] of [
    [
      'Global Privacy Control',
      "Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true })",
    ],
    [
      'Do Not Track',
      "Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })",
    ],
  ] as const) {
    test(`sends nothing under ${signal}`, async ({ page }) => {
      let beacons = 0
      await page.route('**/api/analytics', async (route) => {
        beacons += 1
        await route.fulfill({ status: 204 })
      })
      await page.addInitScript({ content: script })
      await page.goto('/en/pricing')
      await waitForHydration(page)
      await page.getByRole('link', { name: 'Terms of use' }).click()
      await expect(page.locator('h1')).toHaveText('Terms of use')
      await page.waitForLoadState('networkidle')
      expect(beacons).toBe(0)
    })
  }
})
