import de from '../../locales/de.json' with { type: 'json' }
import en from '../../locales/en.json' with { type: 'json' }
import tr from '../../locales/tr.json' with { type: 'json' }
import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures'
import { openSeeded, signedIn } from './seeded-portfolio'

// Every test opens the worker's seeded portfolio: FIFO, cash recorded, 600 KYMA left of 800
// bought (last close 52.30), 12,000 units of the fund KYMB, a sale and a dividend.
signedIn.describe.configure({ mode: 'parallel' })

type Messages = typeof en

/** Fills a message's `{{name}}` placeholders. */
const fill = (message: string, params: Record<string, string>) =>
  message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')

/** What Intl writes between an amount and its currency: a no-break space. */
const nbsp = (text: string) => text.replace(/ /g, '\u00a0')

const LANGUAGES = [
  { locale: 'tr', m: tr, value: '₺31.380,00' },
  { locale: 'en', m: en, value: 'TRY 31,380.00' },
  { locale: 'de', m: de, value: '31.380,00 TRY' },
] as const

function dialogOf(page: Page, m: Messages, figure: string): Locator {
  return page.getByRole('dialog', { name: fill(m.explain.title, { figure }) })
}

/** The rows of the dialog's calculation, not those of the parts shown inside them. */
const stepRows = (dialog: Locator) =>
  dialog
    .locator('.explain-steps')
    .first()
    .locator(':scope > tbody > tr:not(.explain-steps__parts-row)')

/** No part of the dialog reaches past its edge. */
async function expectNoSidewaysScroll(dialog: Locator) {
  const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

for (const { locale, m, value } of LANGUAGES) {
  signedIn(
    `${locale}: the value explains itself, step by step, from the keyboard`,
    async ({ page, context, seeded }, testInfo) => {
      await openSeeded({ page, context, seeded }, 'portfolio', locale)
      const figure = page.locator('.portfolio-summary .figures__main button.explained')
      const shown = await figure.locator('.figure').innerText()
      // Named by the figure, described by what pressing it does.
      await expect(figure).toHaveAccessibleName(shown)
      await expect(figure).toHaveAccessibleDescription(m.portfolio.common.explain)
      await figure.focus()
      await page.keyboard.press('Enter')
      const dialog = dialogOf(page, m, m.portfolio.common.value)
      await expect(dialog).toBeVisible()
      // The formula in words, the steps, and a result that is the figure on the screen.
      await expect(dialog).toContainText(m.explain.formula.totals.valueWithCash)
      await expect(dialog.locator('tfoot .explain-steps__value')).toHaveText(shown)
      await page.screenshot({ path: testInfo.outputPath(`value-${locale}-desktop.png`) })

      // A step that is a figure of its own opens in place, with a way back.
      await dialog.getByRole('button', { name: m.explain.step.securitiesValue }).click()
      const securities = dialogOf(page, m, m.explain.step.securitiesValue)
      await expect(securities.getByRole('heading', { level: 2 })).toBeFocused()
      await expect(stepRows(securities).locator(':scope > th')).toContainText(['KYMA', 'KYMB'])
      await securities
        .getByRole('button', { name: fill(m.explain.back, { figure: m.portfolio.common.value }) })
        .click()
      await expect(dialog.getByRole('heading', { level: 2 })).toBeFocused()

      // Escape closes it, and the focus goes back to the figure.
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(figure).toBeFocused()
    },
  )

  signedIn(
    `${locale}: a holding's value names its units, its close and where the price is kept (375 px, dark)`,
    async ({ page, context, seeded }, testInfo) => {
      await page.setViewportSize({ width: 375, height: 800 })
      await page.emulateMedia({ colorScheme: 'dark' })
      await openSeeded({ page, context, seeded }, 'portfolio', locale)
      await page.getByRole('button', { name: nbsp(value), exact: true }).click()
      const title = fill(m.portfolio.common.figureOf, {
        figure: m.portfolio.detail.holdings.value,
        subject: 'KYMA',
      })
      const dialog = dialogOf(page, m, title)
      await expect(dialog).toBeVisible()
      await expect(dialog).toContainText(m.explain.formula.holding.marketValue)
      const rows = stepRows(dialog)
      await expect(rows).toHaveCount(2)
      await expect(rows.nth(0)).toContainText(m.explain.step.quantity)
      await expect(rows.nth(0).locator('.explain-steps__value')).toHaveText('600')
      await expect(rows.nth(1)).toContainText(m.explain.step.closingPrice)
      await expect(dialog.locator('tfoot .explain-steps__value')).toHaveText(nbsp(value))
      await expectNoSidewaysScroll(dialog)
      await page.screenshot({ path: testInfo.outputPath(`holding-${locale}-375-dark.png`) })

      // The close links to where the instrument's prices are kept.
      const close = rows.nth(1).getByRole('link')
      await expect(close).toHaveAttribute('href', /#prices-heading$/)
      await close.click()
      await expect(page).toHaveURL(/#prices-heading$/)
      await expect(page.locator('#prices-heading')).toBeInViewport()
    },
  )

  signedIn(
    `${locale}: the returns show their sub-periods and their dated cash flows`,
    async ({ page, context, seeded }, testInfo) => {
      await openSeeded({ page, context, seeded }, 'portfolio', locale)
      const returns = page.locator('.chart__returns')
      await returns.scrollIntoViewIfNeeded()
      // Value change, time-weighted, money-weighted: one figure each, in that order.
      const figures = returns.locator(':scope > div')
      await figures.nth(0).getByRole('button').click()
      const change = dialogOf(page, m, m.portfolio.chart.valueChange)
      await expect(change).toContainText(m.explain.formula.performance.valueChange)
      await expect(stepRows(change)).toHaveCount(2)
      await change.getByRole('button', { name: m.explain.close }).click()

      const twr = figures.nth(1).getByRole('button').first()
      const shown = await twr.locator('span').first().innerText()
      await twr.click()
      const dialog = dialogOf(page, m, m.portfolio.chart.twr)
      await expect(dialog).toContainText(m.explain.formula.performance.twr)
      // The deposit starts the only sub-period: cash recorded, purchases and sales stay inside.
      await expect(stepRows(dialog)).toHaveCount(3)
      await expect(dialog.locator('tfoot .explain-steps__value')).toHaveText(shown)
      await page.screenshot({ path: testInfo.outputPath(`twr-${locale}.png`) })
      await dialog.getByRole('button', { name: m.explain.close }).click()

      await returns.locator('button.explained').last().click()
      const mwr = dialogOf(page, m, m.portfolio.chart.mwr)
      await expect(mwr).toContainText(m.explain.formula.performance.mwr)
      await expect(stepRows(mwr).last()).toContainText(
        m.explain.step.endValueReceived.split('{{')[0]!.trim(),
      )
    },
  )
}
