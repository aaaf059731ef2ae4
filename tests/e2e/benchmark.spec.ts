import de from '../../locales/de.json' with { type: 'json' }
import en from '../../locales/en.json' with { type: 'json' }
import tr from '../../locales/tr.json' with { type: 'json' }
import type { Page } from '@playwright/test'
import type { Benchmark, Prices } from '../../shared/api/schemas'
import { formatPercent } from '../../shared/i18n/format'
import { AUTOMATIC_FORMATS, formatLocaleOf } from '../../shared/i18n/format-locale'
import { expect } from './fixtures'
import { expectNoSidewaysScroll, expectNoViolations } from './page-checks'
import { openSeeded, signedIn } from './seeded-portfolio'

// "Compare with" on the seeded portfolio (lira, a year of history): BIST 100 is picked from the
// suggestions, its closes fetched from the stand-in market when first compared (docs/benchmark.md).
signedIn.describe.configure({ mode: 'parallel' })

const LANGUAGES = [
  { locale: 'tr', m: tr },
  { locale: 'en', m: en },
  { locale: 'de', m: de },
] as const

/** Fills a message's `{{name}}` placeholders. */
const fill = (message: string, params: Record<string, string>) =>
  message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')

/** BIST 100's return over the comparison's range, from its closes as the prices route lists them. */
async function handComputed(page: Page, comparison: Benchmark): Promise<number> {
  const id = comparison.instrument.id
  const answer = await page.request.get(`/api/instruments/${id}/prices?to=${comparison.to}`)
  const { prices } = (await answer.json()) as Prices
  const dayBefore = new Date(Date.parse(`${comparison.from}T00:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10)
  const start = prices.findLast((price) => price.date <= dayBefore)
  const end = prices.at(-1)
  if (!start || !end) throw new Error('BIST 100 has no closes for the range')
  expect(comparison.benchmark.start).toEqual({ date: start.date, price: start.close })
  expect(comparison.benchmark.end).toEqual({ date: end.date, price: end.close })
  return Number(end.close) / Number(start.close) - 1
}

for (const { locale, m } of LANGUAGES) {
  const b = m.portfolio.benchmark
  signedIn(
    `${locale}: BIST 100 beside the portfolio, its return from its closes, nominal and real`,
    async ({ page, context, seeded }, testInfo) => {
      await openSeeded({ page, context, seeded }, 'portfolio', locale)
      const section = page.getByRole('region', { name: b.heading })
      await section.scrollIntoViewIfNeeded()
      const answered = page.waitForResponse(
        (response) => response.url().includes('/benchmark?') && response.status() === 200,
      )
      await section.getByRole('button', { name: b.suggestion.bist100 }).click()
      const comparison = (await (await answered).json()) as Benchmark
      const formats = formatLocaleOf(locale, AUTOMATIC_FORMATS)
      const percent = (value: number) => formatPercent(formats, value, { signed: true })

      const expected = await handComputed(page, comparison)
      expect(comparison.benchmark.cumulative).toBeCloseTo(expected, 12)
      const figures = section.locator('.benchmark__returns > div')
      await expect(figures.nth(1).locator('dt')).toHaveText('BIST 100')
      await expect(figures.nth(1).locator('dd')).toHaveText(percent(expected))
      const own = comparison.portfolio.cumulative ?? 0
      await expect(figures.nth(0).locator('dd')).toHaveText(percent(own))
      const points = new Intl.NumberFormat(formats, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        signDisplay: 'exceptZero',
      }).format((own - expected) * 100)
      await expect(figures.nth(2).locator('dd')).toHaveText(fill(b.points, { value: points }))

      // The figure explains itself: its two closes, and the result it shows.
      await figures.nth(1).getByRole('button').click()
      const dialog = page.getByRole('dialog', {
        name: fill(m.explain.title, { figure: 'BIST 100' }),
      })
      await expect(dialog).toContainText(m.explain.formula.benchmark.price)
      await expect(dialog.locator('tfoot .explain-steps__value')).toHaveText(percent(expected))
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()

      // The table gives each row's returns, the last the figures above.
      await section.getByText(m.portfolio.chart.table).click()
      const lastRow = section.locator('.chart__details tbody tr').last()
      await expect(lastRow.locator('td').nth(1)).toHaveText(percent(expected))
      await expectNoViolations(page, { include: '.benchmark', label: 'nominal' })
      await page.screenshot({
        path: testInfo.outputPath(`benchmark-${locale}-desktop.png`),
        fullPage: true,
      })

      // Remembered on this device: it is there after a reload.
      await page.reload()
      await expect(section.locator('.benchmark__returns dt').nth(1)).toHaveText('BIST 100')

      // Real: both deflated by the same TÜFE, (1 + nominal) × I(start) ÷ I(end) − 1 (rule 6).
      const real = page.waitForResponse(
        (response) =>
          response.url().includes('/benchmark?') &&
          response.url().includes('measure=real') &&
          response.status() === 200,
      )
      // The comparison follows the panel's "Measure in".
      await page.getByLabel(m.portfolio.measure.label, { exact: true }).selectOption('real')
      const deflated = (await (await real).json()) as Benchmark
      const index = deflated.benchmark.index
      if (index === null) throw new Error('A real comparison without its index')
      const ratio = Number(index.start.value) / Number(index.end.value)
      expect(deflated.benchmark.cumulative).toBeCloseTo((1 + expected) * ratio - 1, 12)
      expect(deflated.portfolio.cumulative).toBeCloseTo((1 + own) * ratio - 1, 12)
      await expect(figures.nth(1).locator('dd')).toHaveText(percent((1 + expected) * ratio - 1))
      await expect(section).toContainText(
        fill(b.deflated, { index: m.portfolio.measure.indexes['TR-TUFE'] }),
      )
      await expect(section).toContainText(b.provisional)
      await figures.nth(1).getByRole('button').click()
      await expect(dialog).toContainText(m.explain.formula.benchmark.real)
      await expect(dialog.locator('tfoot .explain-steps__value')).toHaveText(
        percent((1 + expected) * ratio - 1),
      )
      await page.screenshot({ path: testInfo.outputPath(`benchmark-${locale}-real.png`) })
      await page.keyboard.press('Escape')
    },
  )

  signedIn(
    `${locale}: the chooser and the comparison fit a phone, light and dark`,
    async ({ page, context, seeded }, testInfo) => {
      await page.setViewportSize({ width: 375, height: 800 })
      await openSeeded({ page, context, seeded }, 'portfolio', locale)
      const section = page.getByRole('region', { name: b.heading })
      await section.scrollIntoViewIfNeeded()
      await expect(section.getByRole('combobox', { name: b.searchLabel })).toBeVisible()
      await section.getByRole('button', { name: b.suggestion.bist100 }).click()
      await expect(section.locator('.benchmark__returns')).toBeVisible()
      await expectNoSidewaysScroll(page)
      await expectNoViolations(page, { include: '.benchmark' })
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme })
        await section.screenshot({
          path: testInfo.outputPath(`benchmark-${locale}-375-${colorScheme}.png`),
        })
      }
    },
  )
}
