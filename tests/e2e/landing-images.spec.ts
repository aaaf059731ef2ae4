import { EXPECTED_URLS } from '../../shared/routes/route-fixtures'
import { expect, test } from './fixtures'

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
