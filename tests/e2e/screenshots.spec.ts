import { EXPECTED_URLS } from '../../shared/routes/route-fixtures'
import { expect, test, waitForHydration } from './fixtures'

const SCREENS = ['home', 'pricing', 'privacy', 'portfolios'] as const

/** Screenshots kept as artifacts (test-results/e2e) for a person to look at; layout checked too. */
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
