import de from '../../locales/de.json' with { type: 'json' }
import en from '../../locales/en.json' with { type: 'json' }
import tr from '../../locales/tr.json' with { type: 'json' }
import type { APIRequestContext, Page } from '@playwright/test'
import { buildPathLoose } from '../../shared/routes/build-path'
import { expectNoSidewaysScroll, expectNoViolations } from './page-checks'
import { expect, test, waitForHydration } from './fixtures'

// A Turkish resident's instruments show what the Turkish tax reads of them (docs/tax-turkey.md
// rules 2, 3 and 6) in the instrument screen's Tax details: their own fund's class for the stopaj
// and their own share's exchange, to change; a catalog share's market, to see. In each language,
// on a desktop in the light and on a phone in the dark.
test.describe.configure({ mode: 'parallel' })

const LANGUAGES = [
  { locale: 'tr', m: tr },
  { locale: 'en', m: en },
  { locale: 'de', m: de },
] as const

interface Written {
  id: string
  code: string
  slug: string
}

/** Writes through the API as the signed-in page does (the session cookie, same origin). */
async function write(request: APIRequestContext, origin: string, path: string, data: unknown) {
  const response = await request.post(path, { headers: { Origin: origin }, data })
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true)
  return (await response.json()) as Written
}

/** A lira portfolio holding an own fund, an own share without an exchange, and THYAO. */
async function portfolioOfThree(page: Page, origin: string) {
  const portfolio = await write(page.request, origin, '/api/portfolios', {
    name: 'Vergi',
    baseCurrency: 'TRY',
    costBasisMethod: 'AVERAGE',
    recordsCash: false,
  })
  const fund = await write(page.request, origin, '/api/instruments', {
    code: 'KYMF',
    name: 'Kıymet Birinci Fon',
    type: 'FUND',
    currency: 'TRY',
  })
  const share = await write(page.request, origin, '/api/instruments', {
    code: 'KYMS',
    name: 'Kıymet Sanayi',
    type: 'STOCK',
    currency: 'TRY',
  })
  const found = await page.request.get('/api/instruments?q=THYAO')
  const thyao = ((await found.json()) as { instruments: Written[] }).instruments[0]!
  for (const instrument of [fund, share, thyao]) {
    await write(page.request, origin, `/api/portfolios/${portfolio.id}/transactions`, {
      idempotencyKey: crypto.randomUUID(),
      transaction: {
        type: 'BUY',
        instrumentId: instrument.id,
        tradeDate: '2025-03-03',
        quantity: '10',
        unitPrice: '12.5',
      },
    })
  }
  return { portfolio: portfolio.id, fund, share, thyao }
}

for (const { locale, m } of LANGUAGES) {
  test(`${locale}: a Turkish resident sets their fund's class and share's exchange`, async ({
    page,
    createUser,
    signIn,
    baseURL,
  }, testInfo) => {
    const user = await createUser({
      locale,
      metadata: { tax_residence: 'TR', time_zone: 'Europe/Istanbul' },
    })
    await signIn(user)
    const { portfolio, fund, share, thyao } = await portfolioOfThree(page, baseURL ?? '')
    const tax = m.portfolio.instrument.tax
    const open = async (instrument: Written) => {
      const params = { id: portfolio, code: instrument.code, name: instrument.slug }
      await page.goto(buildPathLoose('transaction', locale, params))
      await waitForHydration(page)
      return page.getByRole('region', { name: tax.heading })
    }
    const shoot = async (name: string) => {
      const panel = page.getByRole('region', { name: tax.heading })
      await panel.screenshot({ path: testInfo.outputPath(`${name}-${locale}-desktop-light.png`) })
      await page.setViewportSize({ width: 375, height: 800 })
      await page.emulateMedia({ colorScheme: 'dark' })
      await expectNoSidewaysScroll(page)
      await expectNoViolations(page, {
        include: 'section[aria-labelledby="tax-details-heading"]',
        themes: 'shown',
      })
      await panel.screenshot({ path: testInfo.outputPath(`${name}-${locale}-375-dark.png`) })
      await page.setViewportSize({ width: 1280, height: 900 })
      await page.emulateMedia({ colorScheme: 'light' })
    }
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.emulateMedia({ colorScheme: 'light' })

    // The own fund: its class, chosen and saved, is there after a reload.
    let panel = await open(fund)
    const fundClass = panel.getByLabel(tax.tefasFundClass)
    await expect(fundClass).toHaveValue('')
    await fundClass.selectOption('variable')
    await panel.getByRole('button', { name: tax.submit }).click()
    await expect(panel.getByRole('status')).toHaveText(tax.saved)
    await expectNoViolations(page, {
      include: 'section[aria-labelledby="tax-details-heading"]',
      themes: 'shown',
    })
    await shoot('fund')
    panel = await open(fund)
    await expect(panel.getByLabel(tax.tefasFundClass)).toHaveValue('variable')
    await expect(panel.getByLabel(tax.tefasFundClass)).toContainText(
      m.portfolio.form.tefasFundClasses.variable,
    )

    // The own share: the market follows the exchange as it is typed, and stays once saved.
    panel = await open(share)
    const exchange = panel.getByLabel(tax.exchange, { exact: true })
    await expect(panel).toContainText(tax.marketNow.unknown)
    await exchange.fill('bist')
    await expect(panel).toContainText(tax.marketNow.BIST)
    await exchange.fill('NASDAQ')
    await expect(panel).toContainText(tax.marketNow.foreign)
    await exchange.fill('BIST')
    await panel.getByRole('button', { name: tax.submit }).click()
    await expect(panel.getByRole('status')).toHaveText(tax.saved)
    await shoot('share')
    panel = await open(share)
    await expect(panel.getByLabel(tax.exchange, { exact: true })).toHaveValue('BIST')
    await expect(page.locator('.screen-header__meta')).toContainText('BIST')

    // A catalog share: its market, shown, with the catalog's note; nothing to change.
    panel = await open(thyao)
    await expect(panel.locator('dd')).toHaveText([tax.markets.BIST])
    await expect(panel).toContainText(tax.catalogNote)
    await expect(panel.getByRole('button')).toHaveCount(0)
    await shoot('catalog')
  })
}
