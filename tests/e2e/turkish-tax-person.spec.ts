import { readFile } from 'node:fs/promises'
import postgres from 'postgres'
import de from '../../locales/de.json' with { type: 'json' }
import en from '../../locales/en.json' with { type: 'json' }
import tr from '../../locales/tr.json' with { type: 'json' }
import type { BrowserContext, Page } from '@playwright/test'
import { seedTurkishPerson } from '../../dev/testing/seed-turkish-person'
import type { Locale } from '../../shared/i18n/locales'
import { buildPath } from '../../shared/routes/build-path'
import { expect, test, waitForHydration } from './fixtures'
import { expectNoSidewaysScroll, expectNoViolations } from './page-checks'

// A Turkish resident with two lira portfolios at two brokers, docs/tax-turkey.md's Example 22
// worked by hand in dev/testing/seed-turkish-person.ts: each portfolio's own year declares
// nothing, while the person's year passes both declaration amounts and estimates one beyanname,
// refunding 39,312.40. In each language, from the profile's link, as a CSV and printed.

/** The TCMB USD buying rates the example's days convert at, as the refresh job writes them. */
async function seedRates(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, fetch_types: false, onnotice: () => {} })
  for (const [day, rate] of [
    ['2025-05-16', '38.5000'],
    ['2025-09-12', '41.4000'],
  ] as const) {
    await sql`
      insert into public.fx_rates (source, base, quote, rate_date, rate)
      values ('TCMB', 'USD', 'TRY', ${day}, ${rate})
      on conflict (source, base, quote, rate_date) do update set rate = excluded.rate
    `
  }
  await sql.end()
}

async function seed(context: BrowserContext, appUrl: string) {
  const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join('; ')
  return seedTurkishPerson({ appUrl, cookie })
}

/** What each language shows: the figures as its numbers are written, and a line of its CSV. */
const LANGUAGES = [
  {
    locale: 'tr',
    m: tr,
    row: /Aracı kurum A\s*₺0,00\s*₺360\.000,00\s*₺54\.000,00/,
    income: '₺362.045,00',
    refund: '₺39.312,40',
    csvLine: 'Aracı kurum A;TRY;0,00;360000,00;54000,00;0,00;0,00;9625,00;1925,00;0',
  },
  {
    locale: 'en',
    m: en,
    row: /Aracı kurum A\s*TRY\s0\.00\s*TRY\s360,000\.00\s*TRY\s54,000\.00/,
    income: 'TRY 362,045.00',
    refund: 'TRY 39,312.40',
    csvLine: 'Aracı kurum A,TRY,0.00,360000.00,54000.00,0.00,0.00,9625.00,1925.00,0',
  },
  {
    locale: 'de',
    m: de,
    row: /Aracı kurum A\s*0,00\sTRY\s*360\.000,00\sTRY\s*54\.000,00\sTRY/,
    income: '362.045,00 TRY',
    refund: '39.312,40 TRY',
    csvLine: 'Aracı kurum A;TRY;0,00;360000,00;54000,00;0,00;0,00;9625,00;1925,00;0',
  },
] as const

const fill = (message: string, params: Record<string, string>) =>
  message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')

/** What Intl writes between an amount and its currency: a no-break space. */
const nbsp = (text: string) => text.replace(/ /g, '\u00a0')

/** The amount on the summary's line named `label`. */
const summaryAmount = (page: Page, label: string) =>
  page
    .locator('.statement tr', { has: page.getByRole('rowheader', { name: label, exact: true }) })
    .first()
    .locator('td')

test.describe.configure({ mode: 'parallel' })

for (const { locale, m, row, income, refund, csvLine } of LANGUAGES) {
  test(`${locale}: a Turkish resident's year across two portfolios, one beyanname`, async ({
    page,
    context,
    backend,
    createUser,
    signIn,
  }, testInfo) => {
    test.slow()
    await seedRates(backend.databaseUrl)
    await signIn(
      await createUser({
        locale,
        metadata: { tax_residence: 'TR', time_zone: 'Europe/Istanbul' },
      }),
    )
    const { first } = await seed(context, backend.appUrl)
    const at = (year: string) => buildPath('turkishTaxPerson', locale as Locale, { year })

    // The profile links this year's screen.
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto(buildPath('profile', locale))
    await waitForHydration(page)
    await page
      .getByRole('link', {
        name: new RegExp(fill(m.profile.taxes.yearAcrossPortfolios, { year: '\\d{4}' })),
      })
      .click()
    await expect(page).toHaveURL(new RegExp(`${at('2025').slice(0, -4)}\\d{4}$`))

    // A portfolio's own year declares nothing, and links the person's.
    await page.goto(buildPath('turkishTax', locale, { id: first, year: '2025' }))
    await waitForHydration(page)
    await expect(summaryAmount(page, m.tax.turkey.lines.turkishDividendsDeclared)).toHaveText(
      m.tax.turkey.tests.notDeclared,
    )
    await expect(summaryAmount(page, m.tax.turkey.lines.income)).toContainText(/0[.,]00/)
    await page
      .getByRole('link', { name: fill(m.tax.turkey.acrossPortfolios.link, { year: '2025' }) })
      .click()
    await expect(page).toHaveURL(at('2025'))
    await waitForHydration(page)

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      fill(m.tax.turkey.person.heading, { year: '2025' }),
    )
    await expect(page.getByRole('note').first()).toContainText(m.tax.turkey.person.estimate)
    const portfolios = page.getByRole('table', {
      name: fill(m.tax.turkey.person.portfolios.caption, { year: '2025' }),
    })
    await expect(portfolios.locator('tbody tr')).toHaveCount(2)
    await expect(portfolios).toContainText(row)
    await expect(summaryAmount(page, m.tax.turkey.lines.turkishDividendsDeclared)).toHaveText(
      m.tax.turkey.tests.declared,
    )
    await expect(summaryAmount(page, m.tax.turkey.lines.foreignDividendsDeclared)).toHaveText(
      m.tax.turkey.tests.declared,
    )
    await expect(summaryAmount(page, m.tax.turkey.lines.income)).toHaveText(nbsp(income))
    await expect(summaryAmount(page, m.tax.turkey.lines.refund)).toHaveText(nbsp(refund))
    await page.screenshot({ path: testInfo.outputPath(`person-${locale}.png`), fullPage: true })
    // Both themes; the page is left in the dark one.
    await expectNoViolations(page)

    // The CSV in the page's language, as its spreadsheets read it.
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: m.tax.depot.downloadCsv }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe(fill(m.tax.turkey.person.fileName, { year: '2025' }))
    const csv = await readFile((await file.path()) ?? '', 'utf8')
    expect(csv.split('\r\n')).toContain(csvLine)

    // Printed: the figures without the site's header, links and buttons.
    await page.emulateMedia({ media: 'print' })
    await expect(page.locator('.site-header')).toBeHidden()
    await expect(page.getByRole('button', { name: m.tax.depot.print })).toBeHidden()
    await expect(summaryAmount(page, m.tax.turkey.lines.refund)).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath(`print-${locale}.png`), fullPage: true })

    // On a phone in the dark: each portfolio a card, nothing off the screen's edge.
    await page.emulateMedia({ media: 'screen', colorScheme: 'dark' })
    await page.setViewportSize({ width: 375, height: 800 })
    await expectNoSidewaysScroll(page)
    await expectNoViolations(page, { themes: 'shown' })
    await page.screenshot({
      path: testInfo.outputPath(`person-${locale}-375-dark.png`),
      fullPage: true,
    })
  })
}
