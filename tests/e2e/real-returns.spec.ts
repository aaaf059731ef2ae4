import postgres from 'postgres'
import de from '../../locales/de.json' with { type: 'json' }
import en from '../../locales/en.json' with { type: 'json' }
import tr from '../../locales/tr.json' with { type: 'json' }
import type { Cookie, Locator, Page } from '@playwright/test'
import { write } from '../../dev/testing/seed-portfolio'
import { buildPath } from '../../shared/routes/build-path'
import { dayInZone } from '../../shared/time/day-in-zone'
import { expect, test, waitForHydration } from './fixtures'
import { expectNoSidewaysScroll, expectNoViolations } from './page-checks'
import { createUser, signInContext } from './backend'
import { seedTufe } from './seed-indices'

// A lira portfolio worth 100,000 at the end of 31 December 2023 and 140,000 from the end of 2024:
// docs/real-returns.md's Examples 1 and 2 on the performance panel, over the whole history.
// TÜFE (tests/e2e/seed-indices.ts) is 100 in December 2023 and 150 from December 2024, its newest
// month carried forward to today (provisional): +40 % nominal is −6.67 % real. The lira buys 1 ÷ 28 dollars at
// the start and 1 ÷ 40 from 2024 on: −2.00 % in dollars.

/** The specs' TÜFE and the TCMB's USD/TRY of the examples, as the refresh jobs write them. */
async function seedMarket(databaseUrl: string) {
  await seedTufe(databaseUrl, dayInZone(new Date(), 'Europe/Istanbul'))
  const sql = postgres(databaseUrl, { max: 1, fetch_types: false, onnotice: () => {} })
  // 28 on the last business day of 2023, then 40 every week to today (a rate holds 10 days).
  await sql`
    insert into public.fx_rates (source, base, quote, rate_date, rate)
    values ('TCMB', 'USD', 'TRY', '2023-12-29', 28)
    on conflict (source, base, quote, rate_date) do update set rate = excluded.rate
  `
  await sql`
    insert into public.fx_rates (source, base, quote, rate_date, rate)
    select 'TCMB', 'USD', 'TRY', day::date, 40
    from generate_series(date '2024-01-03', current_date, interval '7 days') as day
    on conflict (source, base, quote, rate_date) do update set rate = excluded.rate
  `
  await sql.end()
}

const measureTest = test.extend<object, { lira: { cookies: Cookie[]; portfolioId: string } }>({
  lira: [
    async ({ browser, backend }, use) => {
      await seedMarket(backend.databaseUrl)
      const context = await browser.newContext()
      const user = await createUser(backend, { metadata: { time_zone: 'Europe/Istanbul' } })
      await signInContext(backend, context, user)
      const { cookies } = await context.storageState()
      await context.close()
      const app = {
        appUrl: backend.appUrl,
        cookie: cookies.map(({ name, value }) => `${name}=${value}`).join('; '),
      }
      const { id: portfolioId } = await write(app, '/api/portfolios', {
        name: 'Reel getiri',
        baseCurrency: 'TRY',
        costBasisMethod: 'FIFO',
        recordsCash: false,
      })
      const { id: instrument } = await write(app, '/api/instruments', {
        code: 'REEL',
        name: 'Reel Sanayi A.Ş.',
        type: 'STOCK',
        currency: 'TRY',
      })
      await write(app, `/api/instruments/${instrument}/prices`, {
        prices: [
          { date: '2023-12-31', close: '100' },
          { date: '2024-12-31', close: '140' },
        ],
      })
      await write(app, `/api/portfolios/${portfolioId}/transactions`, {
        idempotencyKey: crypto.randomUUID(),
        transaction: {
          type: 'BUY',
          tradeDate: '2023-12-31',
          instrumentId: instrument,
          quantity: '1000',
          unitPrice: '100',
        },
      })
      await use({ cookies, portfolioId })
    },
    { scope: 'worker' },
  ],
})
measureTest.describe.configure({ mode: 'parallel' })

const LANGUAGES = [
  { locale: 'tr', m: tr, real: '-%6,67', nominal: '+%40,00', usd: '-%2,00', month: 'Aralık 2023' },
  {
    locale: 'en',
    m: en,
    real: '-6.67%',
    nominal: '+40.00%',
    usd: '-2.00%',
    month: 'December 2023',
  },
  {
    locale: 'de',
    m: de,
    real: '-6,67\u00a0%',
    nominal: '+40,00\u00a0%',
    usd: '-2,00\u00a0%',
    month: 'Dezember 2023',
  },
] as const

type Messages = typeof en

const fill = (message: string, params: Record<string, string>) =>
  message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')

/** The performance panel, its time-weighted return, and the "Measure in" select. */
function panel(page: Page, m: Messages) {
  const chart = page.locator('section.value-chart')
  const twr = chart.locator('.chart__returns > div', {
    has: page.getByText(m.portfolio.chart.twr, { exact: true }),
  })
  return { chart, twr, select: page.getByLabel(m.portfolio.measure.label, { exact: true }) }
}

async function openWholeHistory(
  page: Page,
  m: Messages,
  locale: 'tr' | 'en' | 'de',
  portfolioId: string,
) {
  await page.goto(buildPath('portfolio', locale, { id: portfolioId }))
  await waitForHydration(page)
  const { chart } = panel(page, m)
  await chart.getByRole('button', { name: m.portfolio.chart.ranges.MAX, exact: true }).click()
  await expect(chart).not.toHaveAttribute('aria-busy', 'true')
}

async function measureIn(page: Page, m: Messages, measure: string): Promise<Locator> {
  const { select, chart } = panel(page, m)
  await select.selectOption(measure)
  await expect(chart).not.toHaveAttribute('aria-busy', 'true')
  return chart
}

for (const { locale, m, real, nominal, usd, month } of LANGUAGES) {
  measureTest(
    `${locale}: real and in dollars on the performance panel, explained`,
    async ({ page, context, lira }, testInfo) => {
      // Three measures, an explanation, a reload and axe in both themes, twice.
      measureTest.slow()
      await page.emulateMedia({ colorScheme: 'light' })
      await context.addCookies(lira.cookies)
      await openWholeHistory(page, m, locale, lira.portfolioId)
      const { twr, select } = panel(page, m)
      await expect(select).toHaveValue('nominal')
      await expect(twr.locator('dd > button.explained')).toHaveText(nominal)

      // Real: −6.67 %, +40.00 % nominal beside it, TÜFE's months named, the newest provisional.
      const chart = await measureIn(page, m, 'real')
      await expect(twr.locator('dd > button.explained')).toHaveText(real)
      await expect(twr.locator('.chart__nominal')).toHaveText(
        fill(m.portfolio.measure.nominal, { rate: nominal }),
      )
      const note = chart.locator('.chart__measure-note')
      await expect(note).toContainText(month)
      await expect(note.locator('.chart__provisional')).toBeVisible()
      await page.screenshot({ path: testInfo.outputPath(`real-${locale}.png`), fullPage: true })
      await expectNoViolations(page, { include: 'section.value-chart' })

      // The totals follow the switch (rule 11): 100,000 put in at December 2023's 100 is 150,000
      // in the money of today (December 2024's 150, carried), so 140,000 is −6.67 % real too.
      await expect(page.locator('#measured-heading')).toHaveText(
        fill(m.portfolio.real.headingReal, { index: m.portfolio.measure.indexes['TR-TUFE'] }),
      )
      const realReturn = page
        .locator('#measured-heading ~ dl > div', {
          has: page.getByText(m.portfolio.common.totalReturn, { exact: true }),
        })
        .locator('dd')
      await expect(realReturn).toHaveText(real)

      // Its explanation: the nominal growth, the two index values and the formula.
      await page.emulateMedia({ colorScheme: 'light' })
      await twr.locator('dd > button.explained').click()
      const dialog = page.getByRole('dialog', {
        name: fill(m.explain.title, { figure: m.portfolio.chart.twr }),
      })
      await expect(dialog).toContainText(m.explain.formula.performanceReal.twr)
      await expect(dialog).toContainText(month)
      await expect(dialog.locator('tfoot .explain-steps__value')).toHaveText(real)
      await dialog.screenshot({ path: testInfo.outputPath(`explain-${locale}.png`) })
      await expectNoViolations(page, { include: 'dialog' })
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()

      // In US dollars: −2.00 %, amounts in dollars.
      await measureIn(page, m, 'USD')
      await expect(twr.locator('dd > button.explained')).toHaveText(usd)
      await expect(chart.locator('.chart__legend')).toContainText('USD')
      await page.screenshot({ path: testInfo.outputPath(`usd-${locale}.png`), fullPage: true })

      // Remembered for this portfolio: the next visit opens in dollars.
      await page.reload()
      await waitForHydration(page)
      await expect(select).toHaveValue('USD')
    },
  )

  measureTest(
    `${locale}: the switch on a phone in the dark, without sideways scroll`,
    async ({ page, context, lira }, testInfo) => {
      await page.setViewportSize({ width: 375, height: 800 })
      await page.emulateMedia({ colorScheme: 'dark' })
      await context.addCookies(lira.cookies)
      await openWholeHistory(page, m, locale, lira.portfolioId)
      const chart = await measureIn(page, m, 'real')
      await expect(panel(page, m).twr.locator('dd > button.explained')).toHaveText(real)
      await expectNoSidewaysScroll(page)
      await expectNoViolations(page, { include: 'section.value-chart' })
      await page.emulateMedia({ colorScheme: 'dark' })
      await chart.screenshot({ path: testInfo.outputPath(`real-${locale}-375-dark.png`) })
      await page.emulateMedia({ colorScheme: 'light' })
      await chart.screenshot({ path: testInfo.outputPath(`real-${locale}-375-light.png`) })
    },
  )
}
