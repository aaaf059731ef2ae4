import { EXPECTED_URLS } from '../../shared/routes/route-fixtures'
import { expect, test, waitForHydration } from './fixtures'

const SCREENS = ['home', 'pricing', 'privacy', 'portfolios'] as const

/**
 * No screen scrolls sideways at a phone's width or a desktop's. With E2E_SCREENSHOTS=1 each
 * screen is also kept as a full-page screenshot (test-results/e2e) for a person to look at;
 * nothing compares them, so the suite does not take them by default.
 */
const KEEP_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1'

for (const width of [375, 1280]) {
  for (const screen of SCREENS) {
    for (const locale of ['tr', 'en', 'de'] as const) {
      test(`${screen} in ${locale} at ${width}px`, async ({ page }, testInfo) => {
        await page.setViewportSize({ width, height: 900 })
        await page.goto(EXPECTED_URLS[screen][locale])
        await waitForHydration(page)
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        )
        expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0)
        if (!KEEP_SCREENSHOTS) return
        const path = testInfo.outputPath(`${screen}-${locale}-${width}.png`)
        await page.screenshot({ path, fullPage: true })
        await testInfo.attach(`${screen}-${locale}-${width}`, { path, contentType: 'image/png' })
      })
    }
  }
}

test('fits a 320px screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 })
  for (const url of [EXPECTED_URLS.home.de, EXPECTED_URLS.pricing.tr]) {
    await page.goto(url)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    )
    expect(overflow, url).toBeLessThanOrEqual(0)
  }
})

// The landing page's screenshots of the demo account (client/pages/landing-images.ts): each
// loads, in the page's language and the visitor's theme, as a phone's below 48rem and a
// desktop's above (the hero shows both).
for (const colorScheme of ['light', 'dark'] as const) {
  test(`home shows the product in the ${colorScheme} theme at phone and desktop widths`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme })
    for (const [width, form] of [
      [375, 'phone'],
      [1280, 'desktop'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(EXPECTED_URLS.home.de)
      const images = page.locator('main picture img')
      await expect(images).toHaveCount(5)
      for (const image of await images.all()) {
        await image.scrollIntoViewIfNeeded()
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBeGreaterThan(0)
        const source = await image.evaluate((img: HTMLImageElement) => img.currentSrc)
        expect(source).toContain(`-de-${colorScheme}-`)
      }
      const showcase = await images.last().evaluate((img: HTMLImageElement) => img.currentSrc)
      expect(showcase).toContain(`-${form}-`)
    }
  })
}
