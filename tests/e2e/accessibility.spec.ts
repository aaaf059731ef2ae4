import AxeBuilder from '@axe-core/playwright'
import { ROUTE_NAMES, routeAccess } from '../../shared/routes/route-table'
import { EXPECTED_URLS } from '../../shared/routes/route-fixtures'
import { expect, test, waitForHydration } from './fixtures'

const PUBLIC_URLS = ROUTE_NAMES.filter((name) => routeAccess(name) === 'public').flatMap((name) =>
  Object.values(EXPECTED_URLS[name]),
)

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme, expectedConsoleErrors: /status of 404 \(Not Found\)/ })
    for (const url of [...PUBLIC_URLS, EXPECTED_URLS.portfolios.tr, '/en/nope']) {
      test(`${url} has no serious accessibility violations`, async ({ page }) => {
        await page.goto(url)
        await waitForHydration(page)
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze()
        const serious = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          )
        expect(serious).toEqual([])
      })
    }
  })
}
