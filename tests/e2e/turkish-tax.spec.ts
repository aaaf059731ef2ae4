import { readFile } from 'node:fs/promises'
import postgres from 'postgres'
import de from '../../locales/de.json' with { type: 'json' }
import en from '../../locales/en.json' with { type: 'json' }
import tr from '../../locales/tr.json' with { type: 'json' }
import type { Cookie, Page } from '@playwright/test'
import { seedTurkishPortfolio } from '../../dev/testing/seed-turkish-portfolio'
import { write } from '../../dev/testing/seed-portfolio'
import { buildPath } from '../../shared/routes/build-path'
import { dayInZone } from '../../shared/time/day-in-zone'
import { expect, test, waitForHydration } from './fixtures'
import { expectNoSidewaysScroll, expectNoViolations } from './page-checks'
import { createUser, signInContext } from './backend'

// A Turkish resident with one lira portfolio whose 2025 is docs/tax-turkey.md's Examples 1, 11,
// 12 and 15, worked by hand in dev/testing/seed-turkish-portfolio.ts: stopaj 292.50 on the fund
// and 6,000 on the dividend, the US share's gain 16,236.80 after indexation, 2,435.52 to pay.

/** The TCMB USD rates and Yİ-ÜFE months the examples read, as the refresh jobs write them. */
async function seedRates(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, fetch_types: false, onnotice: () => {} })
  const indices: readonly (readonly [string, string])[] = [
    ['2024-02-01', '3000.00'],
    ['2025-05-01', '4125.00'],
  ]
  const rates: readonly (readonly [string, string])[] = [
    ['2024-03-14', '32.0000'],
    ['2025-06-05', '39.2000'],
  ]
  for (const [month, value] of indices) {
    await sql`
      insert into public.price_indices (index_code, month, value)
      values ('TR-YIUFE-2003', ${month}, ${value})
      on conflict (index_code, month) do update set value = excluded.value
    `
  }
  for (const [day, rate] of rates) {
    await sql`
      insert into public.fx_rates (source, base, quote, rate_date, rate)
      values ('TCMB', 'USD', 'TRY', ${day}, ${rate})
      on conflict (source, base, quote, rate_date) do update set rate = excluded.rate
    `
  }
  await sql.end()
}

const portfolioTest = test.extend<object, { lira: { cookies: Cookie[]; portfolioId: string } }>({
  lira: [
    async ({ browser, backend }, use) => {
      await seedRates(backend.databaseUrl)
      const context = await browser.newContext()
      const user = await createUser(backend, {
        metadata: { tax_residence: 'TR', time_zone: 'Europe/Istanbul' },
      })
      await signInContext(backend, context, user)
      const { cookies } = await context.storageState()
      await context.close()
      const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ')
      const { portfolioId } = await seedTurkishPortfolio({ appUrl: backend.appUrl, cookie })
      await use({ cookies, portfolioId })
    },
    { scope: 'worker' },
  ],
})
portfolioTest.describe.configure({ mode: 'parallel' })

const LANGUAGES = [
  {
    locale: 'tr',
    m: tr,
    stopaj: '₺6.292,50',
    fundStopaj: '₺292,50',
    foreignGain: '₺16.236,80',
    csvLine: 'Net değer artış kazancı;16236,80',
  },
  {
    locale: 'en',
    m: en,
    stopaj: 'TRY 6,292.50',
    fundStopaj: 'TRY 292.50',
    foreignGain: 'TRY 16,236.80',
    csvLine: 'Net gain (değer artış kazancı),16236.80',
  },
  {
    locale: 'de',
    m: de,
    stopaj: '6.292,50 TRY',
    fundStopaj: '292,50 TRY',
    foreignGain: '16.236,80 TRY',
    csvLine: 'Nettogewinn (değer artış kazancı);16236,80',
  },
] as const

const fill = (message: string, params: Record<string, string>) =>
  message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')

/** What Intl writes between an amount and its currency: a no-break space. */
const nbsp = (text: string) => text.replace(/ /g, '\u00a0')

/** The amount on the summary's line named `label` (the first, when labels repeat). */
const summaryAmount = (page: Page, label: string) =>
  page
    .locator('.statement tr', { has: page.getByRole('rowheader', { name: label, exact: true }) })
    .first()
    .locator('td')

for (const { locale, m, stopaj, fundStopaj, foreignGain, csvLine } of LANGUAGES) {
  portfolioTest(
    `${locale}: last year's Turkish tax from the portfolio, as a CSV and printed`,
    async ({ page, context, lira }, testInfo) => {
      // Two themes' accessibility checks, a download and a printed page.
      portfolioTest.slow()
      await page.emulateMedia({ colorScheme: 'light' })
      await context.addCookies(lira.cookies)
      await page.goto(buildPath('portfolio', locale, { id: lira.portfolioId }))
      await waitForHydration(page)
      const today = dayInZone(new Date(), 'Europe/Istanbul')
      const lastYear = String(Number(today.slice(0, 4)) - 1)
      // The 2025 figures are fixed; a later year's "last year" is another.
      const year = '2025'
      const at = buildPath('turkishTax', locale, { id: lira.portfolioId, year })
      if (lastYear === year) {
        await page
          .getByRole('link', {
            name: fill(m.portfolio.detail.turkishTax.lastYear, { year, next: '2026' }),
          })
          .click()
      } else {
        await page.goto(at)
      }
      await expect(page).toHaveURL(at)
      await waitForHydration(page)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        fill(m.tax.turkey.heading, { year }),
      )
      await expect(page.getByRole('note').first()).toContainText(m.tax.turkey.honesty.estimate)

      await expect(summaryAmount(page, m.tax.turkey.lines.stopaj)).toHaveText(nbsp(stopaj))
      await expect(summaryAmount(page, m.tax.turkey.lines.bistGains)).toContainText(
        /7.052,36|7,052.36/,
      )
      await expect(summaryAmount(page, m.tax.turkey.lines.bistTax)).toHaveText(
        m.tax.turkey.lines.notTaxed,
      )
      await expect(summaryAmount(page, m.tax.turkey.lines.fundStopaj)).toContainText(/292[.,]50/)
      await expect(summaryAmount(page, m.tax.turkey.lines.foreignNet)).toContainText(
        /16.236,80|16,236.80/,
      )
      await expect(
        summaryAmount(page, m.tax.turkey.lines.foreignNetWithoutIndexation),
      ).toContainText(/34.248,80|34,248.80/)
      await expect(summaryAmount(page, m.tax.turkey.lines.turkishDividendsDeclared)).toHaveText(
        m.tax.turkey.tests.notDeclared,
      )
      await expect(summaryAmount(page, m.tax.turkey.lines.balance)).toContainText(
        /2.435,52|2,435.52/,
      )
      // Four items: the dividend, the BIST sale, the US sale and the fund sale.
      const items = page.locator('#items-heading ~ .table-scroll tbody tr')
      await expect(items).toHaveCount(4)
      await expect(items.filter({ hasText: 'BRCF' })).toContainText(/292[.,]50/)
      await expect(items.filter({ hasText: 'BRCF' }).locator('li')).toHaveCount(2)
      await expect(items.filter({ hasText: 'PCFC' })).toContainText(/16.236,80|16,236.80/)
      await expect(items.filter({ hasText: 'PCFC' })).toContainText('Yİ-ÜFE')
      await page.screenshot({ path: testInfo.outputPath(`turkish-${locale}.png`), fullPage: true })
      // Both themes; the page is left in the dark one.
      await expectNoViolations(page)

      // The CSV in the page's language, as its spreadsheets read it.
      const download = page.waitForEvent('download')
      await page.getByRole('button', { name: m.tax.depot.downloadCsv }).click()
      const file = await download
      expect(file.suggestedFilename()).toBe(fill(m.tax.turkey.fileName, { year }))
      const csv = await readFile((await file.path()) ?? '', 'utf8')
      expect(csv.split('\r\n')).toContain(csvLine)

      // Printed: the summary without the site's header, links and buttons.
      await page.emulateMedia({ media: 'print' })
      await expect(page.locator('.site-header')).toBeHidden()
      await expect(page.getByRole('button', { name: m.tax.depot.print })).toBeHidden()
      await expect(summaryAmount(page, m.tax.turkey.lines.stopaj)).toBeVisible()
      await page.screenshot({ path: testInfo.outputPath(`print-${locale}.png`), fullPage: true })
    },
  )

  portfolioTest(
    `${locale}: the year on a phone in the dark, without sideways scroll`,
    async ({ page, context, lira }, testInfo) => {
      // The page and a dialog, each checked in both themes.
      portfolioTest.slow()
      await page.setViewportSize({ width: 375, height: 800 })
      await page.emulateMedia({ colorScheme: 'dark' })
      await context.addCookies(lira.cookies)
      await page.goto(buildPath('turkishTax', locale, { id: lira.portfolioId, year: '2025' }))
      await waitForHydration(page)
      await expect(summaryAmount(page, m.tax.turkey.lines.stopaj)).toHaveText(nbsp(stopaj))
      await expectNoSidewaysScroll(page)
      await expectNoViolations(page)
      await page.screenshot({
        path: testInfo.outputPath(`turkish-${locale}-375-dark.png`),
        fullPage: true,
      })
      await page
        .locator('section', { has: page.locator('#items-heading') })
        .screenshot({ path: testInfo.outputPath(`items-${locale}-375-dark.png`) })

      // The fund sale's stopaj explains itself lot by lot, each at its band's rate, to the kuruş.
      const items = page.locator('#items-heading ~ .table-scroll tbody tr')
      const fundCells = items.filter({ hasText: 'BRCF' }).locator('td')
      const fundTax = fundCells.nth(3).getByRole('button')
      await expect(fundTax).toHaveText(nbsp(fundStopaj))
      await fundTax.click()
      const dialog = page.getByRole('dialog')
      await expect(dialog).toContainText(m.explain.formula.turkishTaxItem.stopaj)
      await expect(dialog.locator('tfoot .explain-steps__value')).toHaveText(nbsp(fundStopaj))
      await expect(dialog).toContainText('CK 9075')
      await expect(dialog).toContainText('CK 9487')
      const fits = () => dialog.evaluate((element) => element.scrollWidth - element.clientWidth)
      // The second lot, opened: bought in the 15 % band.
      await dialog.locator('summary:visible').nth(1).click()
      expect(await fits()).toBeLessThanOrEqual(0)
      await dialog.getByText('CK 9487').scrollIntoViewIfNeeded()
      await page.screenshot({ path: testInfo.outputPath(`fund-stopaj-${locale}-375-dark.png`) })
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(fundTax).toBeFocused()

      // The US sale's gain after indexation: its cost at the TCMB rate, indexed by Yİ-ÜFE.
      const foreign = items.filter({ hasText: 'PCFC' }).locator('td').nth(2).getByRole('button')
      await expect(foreign).toContainText(nbsp(foreignGain))
      await foreign.click()
      await expect(dialog).toContainText(m.explain.formula.turkishTaxItem.indexedGain)
      await expect(dialog.locator('tfoot .explain-steps__value')).toContainText(nbsp(foreignGain))
      await expect(dialog).toContainText('Yİ-ÜFE')
      await expect(dialog).toContainText('TCMB')
      // The lot, then its indexed cost, opened: three levels still fit the phone.
      await dialog.locator('summary:visible').first().click()
      await dialog.locator('summary:visible').nth(2).click()
      expect(await fits()).toBeLessThanOrEqual(0)
      await dialog.getByText('Yİ-ÜFE').last().scrollIntoViewIfNeeded()
      await expectNoViolations(page)
      await page.screenshot({ path: testInfo.outputPath(`foreign-gain-${locale}-375-dark.png`) })
    },
  )
}

portfolioTest.describe('a foreign sale waiting for its Yİ-ÜFE month', () => {
  // The browser asks again for what the server could not read, and the API answers 422.
  portfolioTest.use({ expectedConsoleErrors: /status of 422 \(Unprocessable Entity\)/ })
  for (const { locale, m, month } of [
    { locale: 'tr', m: tr, month: 'Ekim 2025' },
    { locale: 'de', m: de, month: 'Oktober 2025' },
  ] as const) {
    portfolioTest(
      `${locale}: the screen names the month not yet published`,
      async ({ page, context, lira, backend }) => {
        // A sale in November needs October's index, which TÜİK has not published here.
        const sql = postgres(backend.databaseUrl, {
          max: 1,
          fetch_types: false,
          onnotice: () => {},
        })
        await sql`delete from public.price_indices where index_code = 'TR-YIUFE-2003' and month = '2025-10-01'`
        await sql`
          insert into public.fx_rates (source, base, quote, rate_date, rate)
          values ('TCMB', 'USD', 'TRY', '2025-11-13', '42.3000')
          on conflict (source, base, quote, rate_date) do nothing
        `
        await sql.end()
        await context.addCookies(lira.cookies)
        const app = {
          appUrl: backend.appUrl,
          cookie: lira.cookies.map(({ name, value }) => `${name}=${value}`).join('; '),
        }
        const dollars = await write(app, '/api/portfolios', {
          name: `Dolar ${locale}`,
          baseCurrency: 'USD',
          costBasisMethod: 'FIFO',
          recordsCash: false,
        })
        const share = await write(app, '/api/instruments', {
          code: `WAIT${locale.toUpperCase()}`,
          name: 'Waiting Inc.',
          type: 'STOCK',
          currency: 'USD',
          exchange: 'NYSE',
        })
        for (const [type, tradeDate, unitPrice] of [
          ['BUY', '2025-06-10', '100'],
          ['SELL', '2025-11-14', '120'],
        ] as const) {
          await write(app, `/api/portfolios/${dollars.id}/transactions`, {
            idempotencyKey: crypto.randomUUID(),
            transaction: {
              type,
              instrumentId: share.id,
              currency: 'USD',
              tradeDate,
              quantity: '5',
              unitPrice,
            },
          })
        }
        await page.goto(buildPath('turkishTax', locale, { id: dollars.id, year: '2025' }))
        await waitForHydration(page)
        await expect(page.getByRole('alert')).toContainText(
          fill(m.api.engine.missing_price_index, { month }),
        )
      },
    )
  }
})
