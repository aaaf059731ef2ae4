import { readFile } from 'node:fs/promises'
import de from '../../locales/de.json' with { type: 'json' }
import en from '../../locales/en.json' with { type: 'json' }
import tr from '../../locales/tr.json' with { type: 'json' }
import type { Cookie, Page } from '@playwright/test'
import { seedGermanDepot } from '../../dev/testing/seed-german-depot'
import { write } from '../../dev/testing/seed-portfolio'
import { buildPath } from '../../shared/routes/build-path'
import { dayInZone } from '../../shared/time/day-in-zone'
import { expect, test, waitForHydration } from './fixtures'
import { expectNoSidewaysScroll, expectNoViolations } from './page-checks'
import { createUser, signInContext } from './backend'

// A German resident (church tax 9 %) with one euro depot whose 2025 is worked by hand in
// dev/testing/seed-german-depot.ts: KapESt 266.06, Soli 14.63, church tax 23.94.

const depotTest = test.extend<object, { depot: { cookies: Cookie[]; depotId: string } }>({
  depot: [
    async ({ browser, backend }, use) => {
      const context = await browser.newContext()
      const user = await createUser(backend, {
        metadata: { tax_residence: 'DE', church_tax_rate: '0.09', time_zone: 'Europe/Berlin' },
      })
      await signInContext(backend, context, user)
      const { cookies } = await context.storageState()
      await context.close()
      const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
      const today = dayInZone(new Date(), 'Europe/Berlin')
      const { depotId } = await seedGermanDepot({ appUrl: backend.appUrl, cookie }, today)
      await use({ cookies, depotId })
    },
    { scope: 'worker' },
  ],
})
depotTest.describe.configure({ mode: 'parallel' })

const LANGUAGES = [
  {
    locale: 'tr',
    m: tr,
    kapESt: '€266,06',
    csvLine: 'Kapitalertragsteuer (sermaye kazancı vergisi);266,06',
  },
  {
    locale: 'en',
    m: en,
    kapESt: '€266.06',
    csvLine: 'Kapitalertragsteuer (capital gains tax),266.06',
  },
  { locale: 'de', m: de, kapESt: '266,06 €', csvLine: 'Kapitalertragsteuer;266,06' },
] as const

const fill = (message: string, params: Record<string, string>) =>
  message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')

/** What Intl writes between an amount and its currency: a no-break space. */
const nbsp = (text: string) => text.replace(/ /g, '\u00a0')

/** The amount on the statement's line named `label`. */
const statementAmount = (page: Page, label: string) =>
  page
    .locator('.statement tr', { has: page.getByRole('rowheader', { name: label, exact: true }) })
    .locator('td')

for (const { locale, m, kapESt, csvLine } of LANGUAGES) {
  depotTest(
    `${locale}: last year's statement from the portfolio, explained, as a CSV and printed`,
    async ({ page, context, depot }, testInfo) => {
      await context.addCookies(depot.cookies)
      await page.goto(buildPath('portfolio', locale, { id: depot.depotId }))
      await waitForHydration(page)
      const today = dayInZone(new Date(), 'Europe/Berlin')
      const lastYear = String(Number(today.slice(0, 4)) - 1)
      // The 2025 figures are fixed; a later year's "last year" is another.
      const year = '2025'
      if (lastYear === year) {
        await page
          .getByRole('link', { name: fill(m.portfolio.detail.tax.lastYear, { year }) })
          .click()
      } else {
        await page.goto(buildPath('germanTax', locale, { id: depot.depotId, year }))
      }
      await expect(page).toHaveURL(buildPath('germanTax', locale, { id: depot.depotId, year }))
      await waitForHydration(page)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        fill(m.tax.depot.heading, { year }),
      )
      await expect(page.getByRole('note').first()).toContainText(m.tax.honesty.estimate)

      await expect(statementAmount(page, m.tax.lines.kapESt)).toHaveText(nbsp(kapESt))
      await expect(statementAmount(page, m.tax.lines.taxable)).toContainText(/1.148,19|1,148.19/)
      await expect(statementAmount(page, m.tax.lines.churchTax)).toContainText(/23[.,]94/)
      await expect(statementAmount(page, m.tax.lines.soli)).toContainText(/14[.,]63/)
      // Five items: the Vorabpauschale of 2024, three sales and the dividend.
      await expect(page.locator('#items-heading ~ .table-scroll tbody tr')).toHaveCount(5)
      await page.screenshot({
        path: testInfo.outputPath(`statement-${locale}.png`),
        fullPage: true,
      })

      // The KapESt explains itself, to the same cent.
      await statementAmount(page, m.tax.lines.kapESt).getByRole('button').click()
      const dialog = page.getByRole('dialog', {
        name: fill(m.explain.title, { figure: m.tax.lines.kapESt }),
      })
      await expect(dialog).toBeVisible()
      await expect(dialog.locator('tfoot .explain-steps__value')).toHaveText(nbsp(kapESt))
      await page.screenshot({ path: testInfo.outputPath(`kapest-${locale}.png`) })
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()

      // The CSV in the page's language, as its spreadsheets read it.
      const download = page.waitForEvent('download')
      await page.getByRole('button', { name: m.tax.depot.downloadCsv }).click()
      const file = await download
      expect(file.suggestedFilename()).toBe(fill(m.tax.csv.fileName, { year }))
      const csv = await readFile((await file.path()) ?? '', 'utf8')
      expect(csv.split('\r\n')).toContain(csvLine)

      // Printed: the statement without the site's header, links and buttons.
      await page.emulateMedia({ media: 'print' })
      await expect(page.locator('.site-header')).toBeHidden()
      await expect(page.getByRole('button', { name: m.tax.depot.print })).toBeHidden()
      await expect(statementAmount(page, m.tax.lines.kapESt)).toBeVisible()
      await page.screenshot({ path: testInfo.outputPath(`print-${locale}.png`), fullPage: true })
    },
  )

  depotTest(
    `${locale}: the year so far on a phone in the dark: the order used and the Vorabpauschale due`,
    async ({ page, context, depot }, testInfo) => {
      await page.setViewportSize({ width: 375, height: 800 })
      await page.emulateMedia({ colorScheme: 'dark' })
      await context.addCookies(depot.cookies)
      const year = dayInZone(new Date(), 'Europe/Berlin').slice(0, 4)
      await page.goto(buildPath('portfolio', locale, { id: depot.depotId }))
      await waitForHydration(page)
      await page
        .getByRole('link', { name: fill(m.portfolio.detail.tax.thisYear, { year }) })
        .click()
      await expect(page).toHaveURL(buildPath('germanTax', locale, { id: depot.depotId, year }))
      await waitForHydration(page)
      const inYear = page.locator('section', { has: page.locator('#in-year-heading') })
      await expect(inYear.locator('meter')).toBeVisible()
      // Welt's 60 units bear a Vorabpauschale next January at today's price.
      await expect(inYear.locator('tbody tr')).toHaveCount(1)
      await expect(inYear.locator('tbody tr')).toContainText('WELT')
      await expectNoSidewaysScroll(page)
      await expectNoViolations(page)

      await page.screenshot({
        path: testInfo.outputPath(`in-year-${locale}-375-dark.png`),
        fullPage: true,
      })

      // January's Vorabpauschale of last year's 60 units shows its lot, the Basiszins and the
      // Teilfreistellung, and fits the phone.
      const items = page.locator('#items-heading ~ .table-scroll')
      await items.getByRole('button').first().click()
      const dialog = page.getByRole('dialog')
      await expect(dialog).toContainText(m.explain.formula.germanTaxItem.vorabpauschale)
      const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)
      expect(overflow).toBeLessThanOrEqual(0)
      await page.screenshot({ path: testInfo.outputPath(`vp-${locale}-375-dark.png`) })
    },
  )
}

depotTest.describe('another currency', () => {
  // The browser asks again for what the server could not read, and the API answers 422.
  depotTest.use({ expectedConsoleErrors: /status of 422 \(Unprocessable Entity\)/ })
  depotTest(
    'a portfolio in lira says the German tax needs euros',
    async ({ page, context, depot, backend }) => {
      await context.addCookies(depot.cookies)
      const cookie = depot.cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
      const lira = await write({ appUrl: backend.appUrl, cookie }, '/api/portfolios', {
        name: 'Lira',
        baseCurrency: 'TRY',
        costBasisMethod: 'FIFO',
        recordsCash: false,
      })
      await page.goto(buildPath('germanTax', 'en', { id: lira.id, year: '2025' }))
      await waitForHydration(page)
      await expect(page.getByRole('alert')).toContainText(en.api.errors.tax_needs_euros)
    },
  )
})
