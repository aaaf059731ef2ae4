import de from '../../locales/de.json' with { type: 'json' }
import en from '../../locales/en.json' with { type: 'json' }
import tr from '../../locales/tr.json' with { type: 'json' }
import type { APIRequestContext, Page } from '@playwright/test'
import { buildPathLoose } from '../../shared/routes/build-path'
import { dayInZone } from '../../shared/time/day-in-zone'
import { expectNoSidewaysScroll, expectNoViolations } from './page-checks'
import { expect, test, waitForHydration } from './fixtures'

// A German investor (church tax at 9 %, a Freistellungsauftrag of 100 €) with a portfolio in
// euros that bought one share twice enters a sale: the form shows the lots it takes, the tax it
// adds and how many units could be sold tax-free (docs/tax-germany.md, Example 6), in each
// language, on a phone in the dark and on a desktop in the light.
test.describe.configure({ mode: 'parallel' })
// Selling more than is held is asked on purpose (422).
test.use({ expectedConsoleErrors: /status of 422 \(Unprocessable Entity\)/ })

type Messages = typeof en

/** Fills a message's `{{name}}` placeholders. */
const fill = (message: string, params: Record<string, string>) =>
  message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '')

/** What Intl writes between an amount and its currency: a no-break space. */
const nbsp = (text: string) => text.replace(/ /g, '\u00a0')

const ZONE = 'Europe/Berlin'

const LANGUAGES = [
  {
    locale: 'tr',
    m: tr,
    lots: ['10.03.2023', '12.04.2024'],
    total: '€143,82',
    churchTax: '€11,30',
  },
  { locale: 'en', m: en, lots: ['03/10/23', '04/12/24'], total: '€143.82', churchTax: '€11.30' },
  {
    locale: 'de',
    m: de,
    lots: ['10.03.2023', '12.04.2024'],
    total: '143,82 €',
    churchTax: '11,30 €',
  },
] as const

/** Writes through the API as the signed-in page does (the session cookie, same origin). */
async function write(request: APIRequestContext, origin: string, path: string, data: unknown) {
  const method = path.includes('/tax-years/') ? 'put' : 'post'
  const response = await request[method](path, { headers: { Origin: origin }, data })
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true)
  return (await response.json()) as { id: string }
}

/** A portfolio in euros holding 20 units of one share, bought 10 and 10 (Example 6). */
async function depotWithTwoPurchases(page: Page, origin: string): Promise<string> {
  const portfolio = await write(page.request, origin, '/api/portfolios', {
    name: 'Depot',
    baseCurrency: 'EUR',
    costBasisMethod: 'FIFO',
    recordsCash: false,
  })
  const share = await write(page.request, origin, '/api/instruments', {
    code: 'KYMDE',
    name: 'Kıymet Deutschland AG',
    type: 'STOCK',
    currency: 'EUR',
    country: 'DE',
  })
  for (const [tradeDate, unitPrice] of [
    ['2023-03-10', '100'],
    ['2024-04-12', '150'],
  ] as const) {
    await write(page.request, origin, `/api/portfolios/${portfolio.id}/transactions`, {
      idempotencyKey: crypto.randomUUID(),
      transaction: {
        type: 'BUY',
        instrumentId: share.id,
        tradeDate,
        quantity: '10',
        unitPrice,
        fee: '1',
      },
    })
  }
  // The sale is dated today, the user's day in their zone.
  const year = dayInZone(new Date(), ZONE).slice(0, 4)
  await write(page.request, origin, `/api/portfolios/${portfolio.id}/tax-years/${year}`, {
    freistellungsauftrag: '100',
    lossCertificate: false,
  })
  return portfolio.id
}

/** Opens the form, enters a sale of 12 at 160 with a fee of 5, and waits for its tax. */
async function enterSale(page: Page, m: Messages) {
  await page.getByRole('button', { name: m.portfolio.form.headingAdd, exact: true }).click()
  const form = page.locator('form.transaction-form')
  const panel = form.getByRole('region', { name: m.portfolio.salePreview.heading })
  await form.getByLabel(m.portfolio.form.type, { exact: true }).selectOption('SELL')
  await form.getByRole('combobox', { name: m.portfolio.form.instrument }).fill('KYMDE')
  await form.getByRole('option', { name: /^KYMDE\b/ }).click()
  await form.getByLabel(new RegExp(`^${m.portfolio.form.quantity}`)).fill('12')
  await expect(panel).toHaveCount(0)
  await form.getByLabel(new RegExp(`^${m.portfolio.form.unitPrice}`)).fill('160')
  await form.getByLabel(new RegExp(`^${m.portfolio.form.fee}`)).fill('5')
  await expect(panel.locator('.sale-tax__lots tbody tr')).toHaveCount(2)
  await expect(panel).toHaveAttribute('aria-busy', 'false')
  return { form, panel }
}

for (const { locale, m, lots, total, churchTax } of LANGUAGES) {
  test(`${locale}: a sale shows its lots, the tax it adds and the units tax-free`, async ({
    page,
    createUser,
    signIn,
    baseURL,
  }, testInfo) => {
    const user = await createUser({
      locale,
      metadata: { tax_residence: 'DE', church_tax_rate: '0.09', time_zone: ZONE },
    })
    await signIn(user)
    const id = await depotWithTwoPurchases(page, baseURL ?? '')
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto(buildPathLoose('portfolio', locale, { id }))
    await waitForHydration(page)

    const { form, panel } = await enterSale(page, m)
    const s = m.portfolio.salePreview
    // The ten of the first purchase, then two of the second.
    const rows = panel.locator('.sale-tax__lots tbody tr')
    await expect(rows.nth(0)).toContainText(lots[0])
    await expect(rows.nth(0).locator('td').first()).toHaveText('10')
    await expect(rows.nth(1)).toContainText(lots[1])
    await expect(rows.nth(1).locator('td').first()).toHaveText('2')
    const figure = (label: string) =>
      panel.locator('.sale-tax__rows > div').filter({ hasText: label }).locator('dd')
    await expect(figure(s.churchTax)).toHaveText(nbsp(churchTax))
    await expect(figure(s.total)).toHaveText(nbsp(total))
    await expect(panel).toContainText(fill(s.taxFree.one, { count: '1' }))
    await expect(panel).toContainText(s.note)
    await expectNoViolations(page, { include: '.sale-tax', themes: 'shown' })
    await panel.screenshot({ path: testInfo.outputPath(`sale-tax-${locale}-desktop-light.png`) })
    await page.screenshot({
      path: testInfo.outputPath(`form-${locale}-desktop-light.png`),
      fullPage: true,
    })

    // On a phone in the dark it fits the screen's width.
    await page.setViewportSize({ width: 375, height: 800 })
    await page.emulateMedia({ colorScheme: 'dark' })
    await expectNoSidewaysScroll(page)
    await expectNoViolations(page, { include: '.sale-tax', themes: 'shown' })
    await panel.screenshot({ path: testInfo.outputPath(`sale-tax-${locale}-375-dark.png`) })

    // More than is held: the API's sentence in place of the figures, and back once corrected.
    const quantity = form.getByLabel(new RegExp(`^${m.portfolio.form.quantity}`))
    await quantity.fill('25')
    await expect(panel).toContainText(m.api.engine.insufficient_quantity)
    await panel.screenshot({ path: testInfo.outputPath(`sale-tax-${locale}-375-refused.png`) })
    await quantity.fill('12')
    await expect(figure(s.total)).toHaveText(nbsp(total))

    // The estimate changes nothing of the form: the sale is saved as typed.
    await form.getByRole('button', { name: m.portfolio.form.submitAdd }).click()
    await expect(form).toHaveCount(0)
  })
}
