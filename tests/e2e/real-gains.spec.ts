import postgres from 'postgres'
import de from '../../locales/de.json' with { type: 'json' }
import en from '../../locales/en.json' with { type: 'json' }
import tr from '../../locales/tr.json' with { type: 'json' }
import type { Cookie } from '@playwright/test'
import { write } from '../../dev/testing/seed-portfolio'
import { buildPath } from '../../shared/routes/build-path'
import { expect, test, waitForHydration } from './fixtures'
import { expectNoSidewaysScroll, expectNoViolations } from './page-checks'
import { createUser, signInContext } from './backend'

// A dollar portfolio on the list with its real return beside the nominal one: docs/real-returns.md,
// example 9's deposits and index (here the US CPI, which no other spec writes): 100,000 put in on
// 15 January 2024 and 2025, the index 100, 150 and 225 in January 2024, 2025 and 2026. Today's
// month is carried forward from January 2026, so the figure is provisional: invested 375,000 in
// today's money, 200,000 held, a real total gain of −175,000 and a real total return of −46.67 %.

const CPI: readonly (readonly [string, string])[] = [
  ['2024-01-01', '100'],
  ['2025-01-01', '150'],
  ['2026-01-01', '225'],
]

async function seedIndex(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, fetch_types: false, onnotice: () => {} })
  for (const [month, value] of CPI) {
    await sql`
      insert into public.price_indices (index_code, month, value)
      values ('US-CPI-1982', ${month}, ${value})
      on conflict (index_code, month) do update set value = excluded.value
    `
  }
  await sql.end()
}

const realTest = test.extend<object, { dollars: { cookies: Cookie[] } }>({
  dollars: [
    async ({ browser, backend }, use) => {
      await seedIndex(backend.databaseUrl)
      const context = await browser.newContext()
      const user = await createUser(backend, {})
      await signInContext(backend, context, user)
      const { cookies } = await context.storageState()
      await context.close()
      const app = {
        appUrl: backend.appUrl,
        cookie: cookies.map(({ name, value }) => `${name}=${value}`).join('; '),
      }
      const portfolio = await write(app, '/api/portfolios', {
        name: 'Dollars',
        baseCurrency: 'USD',
        costBasisMethod: 'FIFO',
        recordsCash: true,
      })
      for (const tradeDate of ['2024-01-15', '2025-01-15']) {
        await write(app, `/api/portfolios/${portfolio.id}/transactions`, {
          idempotencyKey: crypto.randomUUID(),
          transaction: { type: 'DEPOSIT', tradeDate, amount: '100000', currency: 'USD' },
        })
      }
      await use({ cookies })
    },
    { scope: 'worker' },
  ],
})
// Two widths, each checked in both themes with its dialog: longer than a test's default.
realTest.describe.configure({ mode: 'parallel', timeout: 90_000 })

const fill = (message: string, params: Record<string, string>) =>
  message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')

/** What Intl writes between an amount and its currency: a no-break space. */
const nbsp = (text: string) => text.replace(/ /g, '\u00a0')

const LANGUAGES = [
  { locale: 'tr', m: tr, gain: '-$175.000,00', rate: '-%46,67', month: 'Ocak 2026' },
  { locale: 'en', m: en, gain: '-$175,000.00', rate: '-46.67%', month: 'January 2026' },
  { locale: 'de', m: de, gain: '-175.000,00 $', rate: '-46,67 %', month: 'Januar 2026' },
] as const

for (const { locale, m, gain, rate, month } of LANGUAGES) {
  realTest(
    `${locale}: the list shows the real return beside the nominal one, its index named`,
    async ({ page, context, dollars }, testInfo) => {
      await context.addCookies(dollars.cookies)
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 })
        await page.goto(buildPath('portfolios', locale))
        await waitForHydration(page)
        const card = page.getByRole('article', { name: 'Dollars' })
        const index = m.portfolio.measure.indexes['US-CPI-1982']
        const label = fill(m.portfolio.real.returnLabel, { index })
        const figure = card.locator('dd', { has: page.getByText(nbsp(rate)) })
        await expect(card.getByText(label, { exact: true })).toBeVisible()
        await expect(figure).toContainText(nbsp(gain))
        // Provisional: said, and why, to a screen reader too.
        await expect(figure).toContainText(m.portfolio.real.provisional)
        await expect(figure).toContainText(fill(m.portfolio.real.provisionalNote, { index, month }))
        // The nominal return stays: nothing gained or lost in dollars.
        await expect(card).toContainText(m.portfolio.common.totalReturn)
        await expectNoSidewaysScroll(page)
        await expectNoViolations(page)
        await page.screenshot({
          path: testInfo.outputPath(`list-${locale}-${width}.png`),
          fullPage: true,
        })
        // The real return explains itself with each deposit's index values.
        await card.getByRole('button', { name: nbsp(rate) }).click()
        const dialog = page.getByRole('dialog', { name: fill(m.explain.title, { figure: label }) })
        await expect(dialog).toContainText(m.explain.formula.measured.totalReturn)
        await dialog
          .getByRole('button', { name: m.explain.step.measured.peakInvestedCapital, exact: true })
          .click()
        // The step's own explanation: each deposit × the index of today ÷ its own.
        const peak = page.getByRole('dialog', {
          name: fill(m.explain.title, { figure: m.explain.step.measured.peakInvestedCapital }),
        })
        await expect(peak).toContainText(m.explain.formula.measured.peakInvestedCapital)
        await expect(peak).toContainText(
          fill(m.explain.source.priceIndexProvisional, { index, month }),
        )
        await expectNoViolations(page, { include: 'dialog' })
        await page.screenshot({ path: testInfo.outputPath(`explain-${locale}-${width}.png`) })
        await page.keyboard.press('Escape')
      }
    },
  )
}
