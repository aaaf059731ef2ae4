import { LOCALES } from '../../shared/i18n/locales'
import { ROUTE_NAMES, routeAccess } from '../../shared/routes/route-table'
import { EXPECTED_URLS } from '../../shared/routes/route-fixtures'
import { expectNoViolations } from './page-checks'
import { test, waitForHydration } from './fixtures'
import { SIGNED_IN_SCREENS, openSeeded, signedIn } from './seeded-portfolio'

const PUBLIC_URLS = ROUTE_NAMES.filter((name) => routeAccess(name) === 'public').flatMap((name) =>
  Object.values(EXPECTED_URLS[name]),
)

test.describe('public screens', () => {
  test.use({ expectedConsoleErrors: /status of 404 \(Not Found\)/ })
  for (const url of [...PUBLIC_URLS, EXPECTED_URLS.portfolios.tr, '/en/nope']) {
    test(`${url} has no serious accessibility violations`, async ({ page }) => {
      await page.goto(url)
      await waitForHydration(page)
      await expectNoViolations(page)
    })
  }
})

// Each signed-in screen once, the languages taking turns: the rules read structure and
// colours, which the language does not change (the public screens above run in all three).
test.describe('signed-in screens', () => {
  SIGNED_IN_SCREENS.forEach((screen, index) => {
    const locale = LOCALES[index % LOCALES.length]!.code
    signedIn(
      `${screen} in ${locale} has no serious accessibility violations`,
      async ({ page, context, seeded }) => {
        await openSeeded({ page, context, seeded }, screen, locale)
        await expectNoViolations(page)
      },
    )
  })
})
