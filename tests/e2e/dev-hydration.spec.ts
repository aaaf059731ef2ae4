import { EXPECTED_URLS } from '../../shared/routes/route-fixtures'
import { test, waitForHydration } from './fixtures'

/**
 * React's development build logs every hydration mismatch; the console fixture fails the test on
 * any of them. One page per screen kind and language is enough: the layout is shared.
 */
test.describe('hydration in development', () => {
  test.use({ expectedConsoleErrors: /status of 404 \(Not Found\)/ })

  for (const url of [
    EXPECTED_URLS.home.tr,
    EXPECTED_URLS.pricing.de,
    EXPECTED_URLS.privacy.en,
    EXPECTED_URLS.transaction.de,
    `${EXPECTED_URLS.home.en}?auth=sign-up`,
    `${EXPECTED_URLS.profile.tr}?auth=sign-in&auth_error=invalid_credentials`,
    '/en/nope',
  ]) {
    test(`${url} hydrates without mismatches`, async ({ page }) => {
      await page.goto(url)
      await waitForHydration(page)
    })
  }
})
